import { describe, expect, it } from "vitest";
import { GENRE_PRESETS } from "../../src/generator/compose/genres.ts";
import {
  lineSyllableCount as countSyllables,
  syllableCount as countWordSyllables,
} from "../../src/generator/compose/syllables.ts";
import { moderatePrompt } from "../../src/generator/lyrics/moderate-prompt.ts";
import { lastWord, linesRhyme, RHYME_FAMILIES, rhymeSound } from "../../src/generator/lyrics/rhymes.ts";
import { recommendStyles } from "../../src/generator/lyrics/style-lexicon.ts";
import { SECTION_METER, sungKind, writeLyrics } from "../../src/generator/lyrics/write-lyrics.ts";
import { rhymeScheme, rhymesWithItself, sectionsOf } from "./lyrics-measure.ts";

const PROMPTS = [
  "a synthwave song about neon city nights and lost love",
  "summer at the beach with friends",
  "",
  "heartbreak in the rain",
  "a country song about my hometown and old friends",
  "epic space rock anthem about astronauts",
  "lofi beats to study to",
  "a jazz song about coffee",
  "dancing all night at the disco party",
  "winter snow and christmas lights",
];
const SEEDS = [0, 1, 2, 7, 42, 1234, 99999, 2 ** 31];

describe("the procedural lyric writer", () => {
  it("is deterministic: the same prompt and seed give the same lyrics, other seeds others", () => {
    for (const prompt of PROMPTS) {
      expect(writeLyrics(prompt, 5)).toEqual(writeLyrics(prompt, 5));
      const texts = new Set(SEEDS.map((seed) => writeLyrics(prompt, seed).text));
      expect(texts.size).toBeGreaterThan(SEEDS.length / 2);
    }
  });

  it("tags its sections in one of the genre's forms and repeats the chorus word for word", () => {
    const forms = new Set(GENRE_PRESETS.flatMap((preset) => preset.forms.sung.map((form) => form.join())));
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        const sections = sectionsOf(writeLyrics(prompt, seed).text);
        expect(forms).toContain(sections.map((section) => section.tag.replace(/[[\]]/g, "")).join());
        const choruses = sections
          .filter((section) => sungKind(section.tag.replace(/[[\]]/g, "")) === "chorus")
          .map((s) => s.lines.join("\n"));
        expect(new Set(choruses).size).toBeLessThanOrEqual(1);
        const verses = sections.filter((section) => section.tag.startsWith("[Verse"));
        expect(verses[0]?.lines).not.toEqual(verses[1]?.lines);
      }
    }
  });

  it("rhymes two-line sections as couplets and four-line ones by a scheme, never a word with itself", () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        for (const { tag, lines } of sectionsOf(writeLyrics(prompt, seed).text)) {
          if (lines.length === 0) continue;
          const schemes = lines.length === 2 ? ["AA"] : ["AABB", "ABAB", "XAXA", "AAXA"];
          expect(schemes, `${tag}: ${lines.join(" / ")}`).toContain(rhymeScheme(lines));
          expect(rhymesWithItself(lines), lines.join(" / ")).toBe(false);
        }
      }
    }
  });

  it("keeps each section's meter: every line within one syllable of the section's count", () => {
    for (const prompt of PROMPTS) {
      for (const seed of SEEDS) {
        for (const { tag, lines } of sectionsOf(writeLyrics(prompt, seed).text)) {
          const kind = sungKind(tag.replace(/[[\]]/g, ""));
          if (kind === null) {
            expect(lines, tag).toEqual([]);
            continue;
          }
          const { syllables, lines: lineCount } = SECTION_METER[kind];
          expect(lines).toHaveLength(lineCount);
          for (const line of lines) {
            expect(Math.abs(countSyllables(line) - syllables), line).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });

  it("carries the prompt's own words and names the song after its subject or its hook", () => {
    const cases: [string, string[]][] = [
      ["a song about neon city nights", ["neon", "city"]],
      ["coffee and cigarettes", ["coffee", "cigarettes"]],
      ["my grandmother's garden", ["grandmother's garden"]],
      ["a city at night", ["the city"]],
    ];
    for (const [prompt, words] of cases) {
      for (const seed of SEEDS) {
        const lyrics = writeLyrics(prompt, seed);
        for (const word of words) expect(lyrics.text.toLowerCase()).toContain(word);
        // The hook opens the chorus, or the outro of a form without one.
        const hook =
          sectionsOf(lyrics.text).find((s) => ["chorus", "outro"].includes(`${sungKind(s.tag.slice(1, -1))}`))
            ?.lines[0] ?? "";
        const ending = hook.toLowerCase().replace(/^(oh, )*[^,]*, /, "");
        const title = lyrics.title.toLowerCase();
        expect(
          words.some((word) => title.includes(word.replace(/^the /, ""))) || title.includes(ending),
          `${lyrics.title} / ${hook}`,
        ).toBe(true);
      }
    }
  });

  it("guesses styles: a genre the prompt names comes first, then the theme's mood", () => {
    expect(writeLyrics("a lofi song about rain", 1).tags.split(", ").slice(0, 2)).toEqual(["lofi", "moody"]);
    expect(writeLyrics("hip-hop track about the city at midnight", 1).tags.split(", ")[0]).toBe("hip-hop");
    expect(writeLyrics("an indie rock song about the open road", 3).tags.split(", ")[0]).toBe("indie rock");
    const guessed = writeLyrics("the ocean waves at dawn", 4).tags.split(", ");
    expect(["indie folk", "surf rock", "chillwave"]).toContain(guessed[0]);
    expect(guessed[1]).toBe("dreamy");
  });

  it("counts syllables as sung", () => {
    const expected: Record<string, number> = {
      night: 1,
      tonight: 2,
      fire: 1,
      dancing: 2,
      forever: 3,
      believe: 2,
      alive: 2,
      city: 2,
      heart: 1,
      melody: 3,
      the: 1,
      "we're": 1,
      crashing: 2,
      afternoon: 3,
    };
    for (const [word, count] of Object.entries(expected)) expect(countWordSyllables(word), word).toBe(count);
    expect(countSyllables("We were dancing through the night")).toBe(7);
  });

  it("has a rhyme lexicon whose endings all rhyme within their family", () => {
    for (const family of RHYME_FAMILIES) {
      expect(family.place.length + family.state.length).toBeGreaterThanOrEqual(7);
      for (const ending of [...family.place, ...family.state])
        expect(rhymeSound(lastWord(ending)), ending).toBe(family.sound);
    }
    expect(linesRhyme("we ride through the night", "we were burning bright")).toBe(true);
    expect(linesRhyme("through the night", "far away")).toBe(false);
  });

  it("recommends styles from the co-occurrence table", () => {
    expect(recommendStyles(["synthwave"]).slice(0, 2)).toEqual(["retro", "80s"]);
    expect(recommendStyles(["rap"])).toContain("808");
    expect(recommendStyles([])[0]).toBe("pop");
  });
});

describe("lyrics prompt moderation", () => {
  it("flags slurs and explicit words, as whole words only", () => {
    for (const prompt of ["a song about fucking", "SHIT happens", "you bitch"]) {
      const result = moderatePrompt(prompt);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.kind).toBe("flagged");
        expect(result.message).toContain("flagged for moderation");
        expect(result.message).toContain("inappropriate material");
      }
    }
    for (const prompt of [
      "a spicy salsa song",
      "a Dickens christmas carol",
      "grapes of wrath",
      "scunthorpe united",
    ]) {
      expect(moderatePrompt(prompt), prompt).toEqual({ ok: true });
    }
  });

  it("refuses artist names, imitations and producer tags, quoting the term", () => {
    const cases: [string, string][] = [
      ["a pop song like Taylor Swift", "Taylor Swift"],
      ["in the style of The Beatles", "The Beatles"],
      ["in the style of Zorblax Quintet, about rain", "Zorblax Quintet"],
      ["dark trap, Metro Boomin want some more", "Metro Boomin"],
    ];
    for (const [prompt, term] of cases) {
      const result = moderatePrompt(prompt);
      expect(result.ok, prompt).toBe(false);
      if (!result.ok) {
        expect(result.kind).toBe("copyrighted");
        expect(result.message).toContain("copyrighted");
        expect(result.message).toContain(`"${term}"`);
      }
    }
    for (const prompt of ["in the style of 80s synthwave", "in the style of jazz", "a song about dreams"]) {
      expect(moderatePrompt(prompt), prompt).toEqual({ ok: true });
    }
  });
});
