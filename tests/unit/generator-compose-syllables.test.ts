import { describe, expect, it } from "vitest";
import { lyricSections, sectionKind } from "../../src/generator/compose/structure.ts";
import {
  detectBpm,
  detectGenre,
  detectKey,
  detectVocalGender,
} from "../../src/generator/compose/style-text.ts";
import { lineSyllables, sungWords } from "../../src/generator/compose/sung-words.ts";
import { syllabify, syllableCount } from "../../src/generator/compose/syllables.ts";
import { voiceFor } from "../../src/generator/compose/voice.ts";

// Counts as sung (dictionary syllable counts).
const KNOWN: Readonly<Record<string, number>> = {
  the: 1,
  love: 1,
  loved: 1,
  heart: 1,
  world: 1,
  make: 1,
  makes: 1,
  night: 1,
  dreams: 1,
  piece: 1,
  friend: 1,
  jumped: 1,
  tried: 1,
  wanted: 2,
  needed: 2,
  table: 2,
  little: 2,
  people: 2,
  running: 2,
  being: 2,
  going: 2,
  quiet: 2,
  lion: 2,
  baby: 2,
  open: 2,
  river: 2,
  simple: 2,
  midnight: 2,
  boxes: 2,
  changes: 2,
  crying: 2,
  higher: 2,
  hello: 2,
  music: 2,
  shadow: 2,
  ocean: 2,
  nation: 2,
  city: 2,
  moment: 2,
  maybe: 2,
  tonight: 2,
  forever: 3,
  beautiful: 3,
  yesterday: 3,
  together: 3,
  happiness: 3,
  remember: 3,
  wonderful: 3,
  everything: 3,
  actual: 3,
  celebration: 4,
  imagination: 5,
};

describe("syllables", () => {
  it("counts the syllables of known words", () => {
    const wrong = Object.entries(KNOWN).filter(([word, count]) => syllableCount(word) !== count);
    expect(wrong.map(([word, count]) => `${word}: ${syllabify(word).join("-")} (want ${count})`)).toEqual([]);
  });

  it("splits words into pieces that join back into the word, case kept", () => {
    for (const word of ["Running", "BEAUTIFUL", "Yesterday", "don't", "I'm", "you're", "a"]) {
      expect(syllabify(word).join("")).toBe(word);
    }
    expect(syllabify("table")).toEqual(["ta", "ble"]);
    expect(syllabify("running")).toEqual(["run", "ning"]);
  });

  it("takes the words of a line as sung: punctuation stripped, hyphens apart, each syllable pointing at its word", () => {
    expect(sungWords('"Hello, world!" - (oh) heart-shaped... don\'t')).toEqual([
      "Hello",
      "world",
      "oh",
      "heart",
      "shaped",
      "don't",
    ]);
    const syllables = lineSyllables(["hello", "world"]);
    expect(syllables.map((s) => [s.text, s.word, s.wordEnd])).toEqual([
      ["hel", 0, false],
      ["lo", 0, true],
      ["world", 1, true],
    ]);
  });
});

describe("word stress", () => {
  it("stresses content words and the stressed syllable of longer words", () => {
    const stressed = (line: string) =>
      lineSyllables(sungWords(line))
        .filter((s) => s.stressed)
        .map((s) => s.text);
    expect(stressed("I believe in the celebration")).toEqual(["lieve", "bra"]);
    expect(stressed("Hold on to me tonight")).toEqual(["Hold", "night"]);
    expect(stressed("Running through the river")).toEqual(["Run", "through", "ri"]);
  });
});

describe("lyric sections", () => {
  it("reads section tags case-insensitively with numbers and notes", () => {
    expect(
      [
        "[Verse 2]",
        "[PRE-CHORUS]",
        "[Pre Chorus]",
        "[Chorus: louder]",
        "[Guitar Solo]",
        "[Outro]",
        "[Hook]",
        "[Spoken Word]",
      ].map(sectionKind),
    ).toEqual([
      "verse",
      "pre-chorus",
      "pre-chorus",
      "chorus",
      "instrumental",
      "outro",
      "hook",
      "spoken word",
    ]);
  });

  it("takes unbracketed section names as tags and leaves stage directions unsung", () => {
    const sections = lyricSections("Verse 1:\nwalking home\n*guitar swells*\n(Chorus)\nsing it\nCHORUS\n");
    expect(sections.map((s) => [s.kind, s.lines])).toEqual([
      ["verse", ["walking home"]],
      ["chorus", ["sing it"]],
      ["chorus", ["sing it"]],
    ]);
  });

  it("repeats the chorus's lines under a bare [Chorus] tag", () => {
    const sections = lyricSections("[Chorus]\nla la\n[Verse]\nwords\n[Chorus]\n[Outro]");
    expect(sections.map((s) => [s.kind, s.lines])).toEqual([
      ["chorus", ["la la"]],
      ["verse", ["words"]],
      ["chorus", ["la la"]],
      ["outro", []],
    ]);
  });
});

describe("style text", () => {
  it("finds the genre named first", () => {
    expect(detectGenre("dreamy lo-fi hip hop beat", new Set())).toBe("lo-fi");
    expect(detectGenre("90s hip hop, boom bap", new Set())).toBe("hip hop");
    expect(detectGenre("dance pop anthem", new Set())).toBe("pop");
    expect(detectGenre("deep house groove", new Set())).toBe("edm");
    expect(detectGenre("neo soul, rnb", new Set())).toBe("r&b");
    expect(detectGenre("epic orchestral soundtrack", new Set())).toBe("cinematic");
    expect(detectGenre("rock, pop", new Set(["rock"]))).toBe("pop");
    expect(detectGenre("a song about my cat", new Set())).toBeNull();
  });

  it("reads tempo, key and singer", () => {
    expect(detectBpm("pop, 128 bpm")).toBe(128);
    expect(detectBpm("bpm: 90, chill")).toBe(90);
    expect(detectBpm("pop")).toBeNull();
    expect(detectKey("in A minor")).toEqual({ tonic: "A", mode: "minor" });
    expect(detectKey("rock, F# dorian")).toEqual({ tonic: "F#", mode: "dorian" });
    expect(detectKey("key of Eb")).toEqual({ tonic: "Eb", mode: "major" });
    expect(detectKey("trap in C#m")).toEqual({ tonic: "C#", mode: "minor" });
    expect(detectKey("B flat major ballad")).toEqual({ tonic: "Bb", mode: "major" });
    expect(detectKey("a major hit about a dream")).toBeNull();
    expect(detectKey("Am I dreaming, pop")).toBeNull();
    expect(detectKey("pop, F#m, sad")).toEqual({ tonic: "F#", mode: "minor" });
    expect(detectKey("ballad in G")).toEqual({ tonic: "G", mode: "major" });
    expect(detectVocalGender("soft female vocals")).toBe("f");
    expect(detectVocalGender("male vocal, baritone")).toBe("m");
    expect(detectVocalGender("vocals")).toBeNull();
  });
});

describe("other languages", () => {
  it("sings kana and hangul a character a syllable, and picks the voice from the script or common words", () => {
    expect(lineSyllables(sungWords("さくら 사랑")).map((s) => [s.text, s.word])).toEqual([
      ["さ", 0],
      ["く", 0],
      ["ら", 0],
      ["사", 1],
      ["랑", 1],
    ]);
    expect(voiceFor("[Verse]\nさくら さくら")).toBe("ja");
    expect(voiceFor("te quiero, mi amor, en la noche y el corazón")).toBe("es");
    expect(voiceFor("I love you in the night")).toBe("en-us");
    expect(voiceFor("")).toBe("en-us");
  });
});
