import { describe, expect, it } from "vitest";
import { downbeatsOf, secondsOf } from "../../src/generator/compose/beat-grid.ts";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { GENRE_PRESETS, genrePreset } from "../../src/generator/compose/genres.ts";
import { ScaleSteps } from "../../src/generator/compose/key.ts";
import { VOCAL_RANGE } from "../../src/generator/compose/vocal-line.ts";
import { voiceChords, voiceMovement } from "../../src/generator/compose/voicing.ts";
import type { Score } from "../../src/generator/score.ts";
import { numberedBeatSchema } from "../../src/shared/beats/beats-result.ts";
import type { Beats } from "../../src/shared/time.ts";
import { songRequest } from "../generator-requests.ts";

const LYRICS = `[Intro]
[Verse]
I walked along the river at night
The city lights were fading away
Every window told a story to me
Of the people that I used to be
[Pre-Chorus]
And I know, I know
[Chorus]
Hold on, hold on to me tonight
We are the fire burning in the dark
Hold on, hold on and never let go
[Verse 2]
Morning came and washed the streets of gold
Every promise that we made is old
[Chorus]
Hold on, hold on to me tonight
We are the fire burning in the dark
Hold on, hold on and never let go
[Bridge]
Maybe tomorrow we will understand
[Chorus]
Hold on, hold on to me tonight
[Outro]`;

const TAGGED = ["intro", "verse", "pre-chorus", "chorus", "verse", "chorus", "bridge", "chorus", "outro"];

const seconds = (score: Score) => (score.lengthBeats * 60) / score.bpm;
const barSeconds = (score: Score) => (score.beatsPerBar * 60) / score.bpm;
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function sung(overrides: Parameters<typeof songRequest>[0] = {}) {
  return songRequest({ lyrics: LYRICS, instrumental: false, durationSeconds: null, ...overrides });
}

function isSubsequence(needle: readonly string[], haystack: readonly string[]): boolean {
  let at = 0;
  for (const item of haystack) if (item === needle[at]) at++;
  return at === needle.length;
}

describe("composeSong: determinism", () => {
  it("gives the same score for the same request and a different one for another seed", () => {
    const request = sung({ tags: "indie rock, male vocals" });
    const a = composeSong(request);
    expect(composeSong(request)).toEqual(a);
    const b = composeSong({ ...request, seed: request.seed + 1 });
    expect(b).not.toEqual(a);
  });
});

describe("composeSong: form", () => {
  it("follows the lyric tags in order, case-insensitive, and sings the words in order", () => {
    const score = composeSong(
      sung({ lyrics: LYRICS.replace("[Verse]", "[VERSE 1]").replace("[Bridge]", "[bridge]") }),
    );
    const kinds = score.sections.map((s) => s.kind);
    expect(kinds[0]).toBe("intro");
    expect(kinds[kinds.length - 1]).toBe("outro");
    expect(isSubsequence(TAGGED, kinds)).toBe(true);
    const lyricWords = LYRICS.split("\n")
      .filter((line) => !line.startsWith("["))
      .flatMap((line) => line.split(/\s+/))
      .map((w) => w.replace(/[^\p{L}']/gu, ""))
      .filter(Boolean);
    expect(score.vocals?.words.slice(0, lyricWords.length)).toEqual(lyricWords);
    // Every word is sung, in order, each by at least one note.
    const firstNoteOfWord = new Map<number, number>();
    for (const note of score.vocals?.notes ?? [])
      if (!firstNoteOfWord.has(note.word)) firstNoteOfWord.set(note.word, note.start);
    const starts = [...firstNoteOfWord.entries()].sort((a, b) => a[0] - b[0]).map(([, start]) => start);
    expect(starts.length).toBe(score.vocals?.words.length);
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1]);
  });

  it("gives untagged lyrics a verse/chorus form by stanza", () => {
    const lyrics =
      "one two three four\nfive six seven\n\nla la la la\nsing it now\n\nthird verse here\nand here";
    const score = composeSong(sung({ lyrics }));
    const kinds = score.sections.map((s) => s.kind).filter((k) => k === "verse" || k === "chorus");
    expect(kinds.slice(0, 3)).toEqual(["verse", "chorus", "verse"]);
  });

  it("sections tile the song and the chorus lifts the energy", () => {
    const score = composeSong(sung());
    expect(score.sections[0].start).toBe(0);
    for (let i = 1; i < score.sections.length; i++)
      expect(score.sections[i].start).toBe(score.sections[i - 1].end);
    expect(score.sections[score.sections.length - 1].end).toBe(score.lengthBeats);
    const energy = (kind: string) => mean(score.sections.filter((s) => s.kind === kind).map((s) => s.energy));
    expect(energy("chorus")).toBeGreaterThan(energy("verse"));
    expect(energy("verse")).toBeGreaterThan(energy("intro"));
  });

  it("lasts the asked duration within one bar, shortening or stretching the form", () => {
    for (const [durationSeconds, tags] of [
      [8, "pop"],
      [20, "trap"],
      [45, "jazz"],
      [120, "ambient"],
      [200, "metal"],
      [480, "lo-fi"],
    ] as const) {
      for (const instrumental of [false, true]) {
        const score = composeSong(
          sung({ durationSeconds, tags, instrumental, lyrics: instrumental ? "" : LYRICS }),
        );
        expect(Math.abs(seconds(score) - durationSeconds), `${tags} ${durationSeconds}s`).toBeLessThanOrEqual(
          barSeconds(score),
        );
      }
    }
  });

  it("lasts as long as its genre's songs, sung or instrumental, at most 4 minutes for a persona", () => {
    const song = composeSong(sung());
    const [shortest, longest] = genrePreset(song.genre).seconds;
    expect(seconds(song)).toBeGreaterThanOrEqual(shortest - barSeconds(song));
    expect(seconds(song)).toBeLessThanOrEqual(longest + barSeconds(song));
    const instrumental = composeSong(sung({ instrumental: true, lyrics: "" }));
    expect(instrumental.vocals).toBeNull();
    expect(seconds(instrumental)).toBeGreaterThanOrEqual(shortest - barSeconds(instrumental));
    expect(seconds(instrumental)).toBeLessThanOrEqual(longest + barSeconds(instrumental));
    const root = composeSong(sung({ durationSeconds: 60 }));
    const persona = composeSong(
      sung({
        task: "artist_consistency",
        durationSeconds: 400,
        source: {
          clipId: "root",
          audio: { sampleRate: 48000, channels: [] },
          score: root,
          tags: "pop",
          lyrics: LYRICS,
        },
      }),
    );
    expect(seconds(persona)).toBeLessThanOrEqual(240 + barSeconds(persona));
    expect(persona.vocals?.gender).toBe(root.vocals?.gender);
  });

  it("has no vocals without lyrics", () => {
    expect(composeSong(sung({ lyrics: "  \n" })).vocals).toBeNull();
    expect(composeSong(sung({ instrumental: true })).vocals).toBeNull();
  });
});

describe("composeSong: style", () => {
  it("honours an explicit tempo, key and mode", () => {
    const jazz = composeSong(sung({ tags: "jazz, 97 bpm, F# dorian" }));
    expect(jazz.bpm).toBe(97);
    expect(jazz.key).toEqual({ tonic: "F#", mode: "dorian" });
    expect(jazz.genre).toBe("jazz");
    const minor = composeSong(sung({ tags: "sad piano ballad in Bb minor, tempo 72" }));
    expect(minor.bpm).toBe(72);
    expect(minor.key).toEqual({ tonic: "Bb", mode: "minor" });
  });

  it("keeps every genre's tempo in its range, whatever the mood and weirdness", () => {
    for (const preset of GENRE_PRESETS) {
      for (const [mood, weirdness] of [
        ["", 0],
        ["sad", 0.5],
        ["energetic", 1],
      ] as const) {
        for (const seed of [1, 2, 3]) {
          const score = composeSong(
            songRequest({ tags: `${mood} ${preset.keywords[0]}`, seed, weirdness, durationSeconds: 8 }),
          );
          expect(score.genre).toBe(preset.name);
          expect(score.bpm).toBeGreaterThanOrEqual(preset.tempo[0]);
          expect(score.bpm).toBeLessThanOrEqual(preset.tempo[1]);
        }
      }
    }
  });

  it("falls back to pop for unknown text, and never picks an excluded genre or instrument", () => {
    expect(composeSong(songRequest({ tags: "something nobody has heard of" })).genre).toBe("pop");
    expect(composeSong(songRequest({ tags: "something", negativeTags: "pop" })).genre).not.toBe("pop");
    expect(composeSong(songRequest({ tags: "rock, pop", negativeTags: "rock" })).genre).toBe("pop");
    for (let seed = 0; seed < 12; seed++) {
      const score = composeSong(
        songRequest({
          seed,
          tags: "piano pop with guitar",
          negativeTags: "piano, drums",
          weirdness: 1,
          styleWeight: 0,
        }),
      );
      expect(score.parts.map((p) => p.patch)).not.toContain("piano-fm");
      expect(score.parts.map((p) => p.patch)).not.toContain("epiano-fm");
      expect(score.drums.hits).toHaveLength(0);
    }
    const inline = composeSong(songRequest({ tags: "lo-fi without piano" }));
    expect(inline.parts.some((p) => p.patch === "piano-fm" || p.patch === "epiano-fm")).toBe(false);
  });

  it("takes instruments and the singer from the tags, the request's singer first", () => {
    const score = composeSong(sung({ tags: "country, female vocals, organ", durationSeconds: 20 }));
    expect(score.vocals?.gender).toBe("f");
    expect(score.parts.find((p) => p.stem === "chords")?.patch).toBe("organ");
    expect(
      composeSong(sung({ tags: "female vocals", vocalGender: "m", durationSeconds: 20 })).vocals?.gender,
    ).toBe("m");
    const trap = composeSong(sung({ tags: "808 heavy beat", durationSeconds: 20 }));
    expect(trap.drums.kit).toBe("808");
    expect(trap.parts.find((p) => p.stem === "bass")?.patch).toBe("bass-sub");
  });
});

describe("composeSong: harmony and melody", () => {
  const variety = [
    "pop, 120 bpm, in C major",
    "jazz in F# dorian",
    "metal, E phrygian",
    "ambient, D lydian",
    "country, G mixolydian",
    "trap",
    "lo-fi",
    "r&b",
    "reggae",
    "latin",
    "cinematic",
  ];

  it("writes every pitched note of the chords, bass, lead and vocals in the key (no chromatic notes)", () => {
    for (const tags of variety) {
      for (const weirdness of [0, 1]) {
        const score = composeSong(sung({ tags, weirdness, durationSeconds: 60 }));
        const scale = new ScaleSteps(score.key);
        const pitches = [
          ...score.parts.flatMap((p) => p.notes.map((n) => n.pitch)),
          ...(score.vocals?.notes.map((n) => n.pitch) ?? []),
        ];
        expect(pitches.length).toBeGreaterThan(50);
        const outside = pitches.filter((p) => !scale.inScale(p));
        expect(outside, `${tags} weirdness ${weirdness}`).toEqual([]);
      }
    }
  });

  it("voice-leads the chords: small movement between voicings, in the keys' register", () => {
    for (const tags of variety) {
      const score = composeSong(sung({ tags, durationSeconds: 90 }));
      const scale = new ScaleSteps(score.key);
      const chords = score.chords ?? [];
      const voicings = voiceChords(chords, scale);
      const moves = voicings
        .slice(1)
        .map((v, i) => voiceMovement(voicings[i], v) / Math.max(v.length, voicings[i].length));
      expect(mean(moves), tags).toBeLessThanOrEqual(2);
      for (const v of voicings) {
        expect(Math.min(...v)).toBeGreaterThanOrEqual(50);
        expect(Math.max(...v)).toBeLessThanOrEqual(79);
      }
      // The chords parts (the keys and any pad) play the chord sounding at each of their notes.
      const keys = score.parts.filter((p) => p.stem === "chords").flatMap((p) => p.notes);
      for (const note of keys) {
        const chord = [...chords].reverse().find((c) => c.start <= note.start + 1e-9);
        const step = scale.stepOf(note.pitch, 0);
        const relative = (((step - (chord?.degree ?? 0)) % 7) + 7) % 7;
        expect(chord?.steps.map((s) => s % 7)).toContain(relative);
      }
    }
  });

  it("sings the chorus higher than the verse, in the singer's range", () => {
    for (const [seed, gender] of [
      [1, "m"],
      [2, "f"],
      [3, "m"],
      [4, "f"],
    ] as const) {
      const score = composeSong(sung({ seed, vocalGender: gender, tags: "pop" }));
      const notes = score.vocals?.notes ?? [];
      const inKind = (kind: string) =>
        notes
          .filter((n) => score.sections.some((s) => s.kind === kind && n.start >= s.start && n.start < s.end))
          .map((n) => n.pitch);
      expect(mean(inKind("chorus"))).toBeGreaterThan(mean(inKind("verse")));
      const [low, high] = VOCAL_RANGE[gender];
      for (const n of notes) {
        expect(n.pitch).toBeGreaterThanOrEqual(low);
        expect(n.pitch).toBeLessThanOrEqual(high);
      }
    }
  });

  it("keeps older generator versions plainer: no answers to the singer, fewer coloured chords", () => {
    const sungNotes = (score: Score) => {
      const sungSections = score.sections.filter((s) =>
        score.vocals?.notes.some((n) => n.start >= s.start && n.start < s.end),
      );
      const lead = score.parts.find((p) => p.stem === "lead")?.notes ?? [];
      return lead.filter((n) => sungSections.some((s) => n.start >= s.start && n.start < s.end)).length;
    };
    const coloured = (score: Score) =>
      (score.chords ?? []).filter((c) => c.steps.length !== 3 || c.steps[1] !== 2).length;
    let answersV5 = 0;
    let colourV3 = 0;
    let colourV5 = 0;
    for (const seed of [1, 2, 3, 4]) {
      const v3 = composeSong(sung({ seed, version: 3, weirdness: 0.9 }));
      const v5 = composeSong(sung({ seed, version: 5, weirdness: 0.9 }));
      expect(sungNotes(v3)).toBe(0);
      answersV5 += sungNotes(v5);
      colourV3 += coloured(v3);
      colourV5 += coloured(v5);
    }
    expect(answersV5).toBeGreaterThan(0);
    expect(colourV3).toBeLessThan(colourV5);
  });

  it("plays the chorus's tune as the hook in an instrumental break, over the chorus's chords", () => {
    const score = composeSong(
      sung({
        lyrics:
          "[Verse]\nWalking on my own\n[Chorus]\nSing it out loud\nSing it for the crowd\n[Instrumental]\n[Chorus]",
        durationSeconds: null,
      }),
    );
    const chorus = score.sections.find((s) => s.kind === "chorus");
    const solo = score.sections.find((s) => s.kind === "instrumental");
    if (!chorus || !solo) throw new Error("expected a chorus and a break");
    const sungTune = (score.vocals?.notes ?? [])
      .filter((n) => n.start >= chorus.start && n.start < chorus.end)
      .map((n) => [n.start - chorus.start, n.pitch % 12]);
    const lead = score.parts.find((p) => p.stem === "lead")?.notes ?? [];
    const played = lead.filter(
      (n) => n.start >= solo.start && n.start < solo.start + (chorus.end - chorus.start),
    );
    expect(played.map((n) => [n.start - solo.start, n.pitch % 12])).toEqual(sungTune);
    const changes = (from: number, to: number) =>
      (score.chords ?? [])
        .filter((c) => c.start >= from && c.start < to)
        .map((c) => [c.start - from, c.symbol]);
    expect(changes(solo.start, solo.start + 16)).toEqual(changes(chorus.start, chorus.start + 16));
  });

  it("ends each section's last line on the tonic and keeps the syllables joined into their words", () => {
    for (const weirdness of [0.5, 1]) checkLines(composeSong(sung({ weirdness, seed: 11 })));
  });

  function checkLines(score: Score) {
    const scale = new ScaleSteps(score.key);
    const vocals = score.vocals;
    if (!vocals) throw new Error("expected vocals");
    for (const section of score.sections) {
      const inside = vocals.notes.filter((n) => n.start >= section.start && n.start < section.end);
      if (inside.length === 0) continue;
      const last = inside[inside.length - 1];
      expect(((scale.stepOf(last.pitch, 0) % 7) + 7) % 7, section.kind).toBe(0);
    }
    const spelled = new Map<number, string>();
    for (const n of vocals.notes) spelled.set(n.word, (spelled.get(n.word) ?? "") + n.syllable);
    for (const [word, text] of spelled) expect(text).toBe(vocals.words[word]);
    // Sung notes do not overlap.
    for (let i = 1; i < vocals.notes.length; i++) {
      const previous = vocals.notes[i - 1];
      expect(vocals.notes[i].start).toBeGreaterThanOrEqual(previous.start + previous.duration - 1e-9);
    }
  }
});

describe("composeSong: tasks on a source", () => {
  const original = composeSong(sung({ tags: "pop, 110 bpm, in G major", durationSeconds: 60, seed: 7 }));
  const clip = (score: Score | null) => ({
    clipId: "c1",
    audio: { sampleRate: 48000, channels: [] },
    score,
    tags: "pop",
    lyrics: LYRICS,
  });

  it("cover: the same melody, words and form in a new style", () => {
    const cover = composeSong(sung({ task: "cover", tags: "reggae", source: clip(original), seed: 99 }));
    expect(cover.genre).toBe("reggae");
    expect(cover.sections.map((s) => [s.kind, s.start, s.end])).toEqual(
      original.sections.map((s) => [s.kind, s.start, s.end]),
    );
    expect(cover.vocals?.words).toEqual(original.vocals?.words);
    expect(cover.vocals?.notes.map((n) => [n.start, n.syllable])).toEqual(
      original.vocals?.notes.map((n) => [n.start, n.syllable]),
    );
    expect(cover.key).toEqual(original.key);
    expect(cover.parts.find((p) => p.stem === "chords")?.notes).not.toEqual(
      original.parts.find((p) => p.stem === "chords")?.notes,
    );
  });

  it("extend: keeps the source up to continue_at, then continues in its tempo and key", () => {
    const continueAt = 30;
    const extended = composeSong(
      sung({
        task: "extend",
        tags: "",
        source: clip(original),
        continueAt,
        durationSeconds: 40,
        lyrics: "[Verse]\nA new verse comes along\nAnd carries on the song",
      }),
    );
    const join = (continueAt * original.bpm) / 60;
    expect(extended.bpm).toBe(original.bpm);
    expect(extended.key).toEqual(original.key);
    const upToJoin = <T extends { start: number }>(xs: readonly T[]) => xs.filter((x) => x.start < join);
    expect(extended.parts.map((p) => [p.stem, p.patch])).toEqual(
      original.parts.map((p) => [p.stem, p.patch]),
    );
    for (const [i, part] of original.parts.entries()) {
      expect(upToJoin(extended.parts[i].notes)).toEqual(upToJoin(part.notes));
    }
    for (const stem of ["bass", "chords"]) {
      expect(extended.parts.find((p) => p.stem === stem)?.notes.some((n) => n.start >= join)).toBe(true);
    }
    expect(upToJoin(extended.drums.hits)).toEqual(upToJoin(original.drums.hits));
    expect(extended.vocals?.words).toContain("carries");
    const newPart = seconds(extended) - continueAt;
    expect(Math.abs(newPart - 40)).toBeLessThanOrEqual(2 * barSeconds(extended));
  });

  it("infill: rewrites the bars inside the range and keeps everything else", () => {
    const range = { start: 10, end: 25 };
    const infilled = composeSong(
      sung({
        task: "infill",
        source: clip(original),
        infill: range,
        lyrics: "[Verse]\nBrand new words in the middle here\nSinging something else instead",
        seed: 5,
      }),
    );
    const from = (range.start * original.bpm) / 60;
    const to = (range.end * original.bpm) / 60;
    const outside = <T extends { start: number }>(xs: readonly T[]) =>
      xs.filter((x) => x.start < from || x.start >= to);
    for (const [i, part] of original.parts.entries())
      expect(outside(infilled.parts[i].notes)).toEqual(outside(part.notes));
    expect(outside(infilled.drums.hits)).toEqual(outside(original.drums.hits));
    const words = (score: Score) =>
      outside(score.vocals?.notes ?? []).map((n) => [
        n.start,
        n.pitch,
        n.syllable,
        score.vocals?.words[n.word],
      ]);
    expect(words(infilled)).toEqual(words(original));
    expect(infilled.vocals?.words).toContain("Brand");
    expect(infilled.lengthBeats).toBe(original.lengthBeats);
    // The whole song's lyrics with one line changed: only the changed line is new in the range.
    const edited = LYRICS.replace("Maybe tomorrow we will understand", "Suddenly the lanterns glow");
    const whole = composeSong(
      sung({ task: "infill", source: clip(original), infill: range, lyrics: edited, seed: 5 }),
    );
    const inRange = (whole.vocals?.notes ?? [])
      .filter((n) => n.start >= from && n.start < to)
      .map((n) => whole.vocals?.words[n.word]);
    expect(inRange).toContain("lanterns");
    expect(inRange).not.toContain("river");
  });

  it("infill: makes the range from its context window only, the range itself masked", () => {
    const verses = original.sections.filter((s) => s.kind === "verse");
    const { start: from, end: to } = verses[1];
    const sec = (beats: number) => (beats * 60) / original.bpm;
    const range = { start: sec(from), end: sec(to) };
    const inRange = <T extends { start: number }>(xs: readonly T[]) =>
      xs.filter((x) => x.start >= from - 1e-9 && x.start < to - 1e-9);
    const material = (score: Score) =>
      JSON.stringify([
        inRange(score.chords ?? []),
        score.parts.map((p) => inRange(p.notes)),
        inRange(score.drums.hits),
        inRange(score.vocals?.notes ?? []),
      ]);
    const degrees = (score: Score) => inRange(score.chords ?? []).map((c) => c.degree);
    /** The source with its harmony and notes changed where `where` holds (chords a step up, notes a semitone). */
    const altered = (where: (t: number) => boolean): Score => ({
      ...original,
      chords: original.chords?.map((c) =>
        where(c.start) ? { ...c, degree: (c.degree + 1) % 7, symbol: "?" } : c,
      ),
      parts: original.parts.map((p) => ({
        ...p,
        notes: p.notes.map((n) => (where(n.start) ? { ...n, pitch: n.pitch + 1 } : n)),
      })),
    });
    const infill = (source: Score, context?: { start: number; end: number | null }) =>
      composeSong(
        sung({
          task: "infill",
          source: clip(source),
          infill: { ...range, ...(context ? { context } : {}) },
          seed: 5,
        }),
      );
    const before = (t: number) => t < from - 1e-9;
    const history = { start: 0, end: range.end };
    const future = { start: range.start, end: null };

    // The whole song as context: the other verse's progression, as the range had.
    expect(degrees(infill(original))).toEqual(inRange(original.chords ?? []).map((c) => c.degree));
    expect(degrees(infill(original, history))).toEqual(degrees(infill(original)));
    // Only what follows: the chorus's progression, its last chord leading into the chorus.
    const led = infill(original, future);
    expect(degrees(led)).not.toEqual(degrees(infill(original, history)));
    const cycle = (original.chords ?? []).filter((c) => c.start >= to - 1e-9).slice(0, 4);
    const slots = degrees(led).length;
    expect(degrees(led)).toEqual(
      Array.from(
        { length: slots },
        (_, i) => cycle[(((i - slots) % cycle.length) + cycle.length) % cycle.length].degree,
      ),
    );
    // Nothing outside the window is heard, nor the range's own notes; the history is, when in the window.
    expect(material(infill(altered(before), future))).toBe(material(led));
    expect(
      material(
        infill(
          altered((t) => t >= from - 1e-9 && t < to - 1e-9),
          future,
        ),
      ),
    ).toBe(material(led));
    expect(material(infill(altered(before), history))).not.toBe(material(infill(original, history)));
    // The range alone as context: harmony of its own, in the key.
    const alone = infill(original, { start: range.start, end: range.end });
    expect(inRange(alone.chords ?? []).length).toBeGreaterThan(0);
    expect(material(alone)).not.toBe(material(led));
    // Outside the range the song is the source's, whatever the window.
    const outside = <T extends { start: number }>(xs: readonly T[]) =>
      xs.filter((x) => x.start < from - 1e-9 || x.start >= to - 1e-9);
    for (const song of [led, alone]) {
      for (const [i, part] of original.parts.entries())
        expect(outside(song.parts[i].notes)).toEqual(outside(part.notes));
      expect(outside(song.drums.hits)).toEqual(outside(original.drums.hits));
    }
  });

  it("extend of an upload: from its last downbeat before continue_at, at its analysed tempo and key", () => {
    // Beats every 0.6 s (100 bpm) from 0.3 s; bar lines at 0.3, 2.7, 5.1, 7.5, 9.9 s.
    const downbeats = Array.from({ length: 20 }, (_, i) => [0.3 + i * 0.6, (i % 4) + 1] as [number, number]);
    const extended = composeSong(
      sung({
        task: "upload_extend",
        tags: "rock",
        lyrics: LYRICS.replace("[Intro]\n", ""),
        source: clip(null),
        continueAt: 10.3,
        durationSeconds: 30,
        analysis: { bpm: 100, key: { tonic: "E", mode: "minor" }, downbeats },
      }),
    );
    expect(extended.bpm).toBe(100);
    expect(extended.key).toEqual({ tonic: "E", mode: "minor" });
    const barStart = (9.9 * 100) / 60;
    expect(extended.sections[0]).toMatchObject({ kind: "source", start: 0 });
    expect(extended.sections[0].end).toBeCloseTo(barStart, 9);
    expect(extended.sections[1].kind).not.toBe("intro");
    for (const part of extended.parts)
      for (const n of part.notes) expect(n.start).toBeGreaterThanOrEqual(barStart - 1e-9);
    // The new part's bars line up with the upload's: 9.9 s is a downbeat.
    const grid = downbeatsOf(extended);
    expect(grid.find(([t]) => Math.abs(t - 9.9) < 1e-3)?.[1]).toBe(1);
    expect(grid.find(([t]) => Math.abs(t - 12.3) < 1e-3)?.[1]).toBe(1);
  });

  it("playlist, inspiration and sample: the style drawn from the clips' tags", () => {
    for (const task of ["playlist_condition", "sample_condition"] as const) {
      const inspired = composeSong(
        sung({
          task,
          tags: "",
          inspirations: [{ ...clip(original), tags: "reggae, dub" }],
          durationSeconds: 20,
        }),
      );
      expect(inspired.genre).toBe("reggae");
    }
    // The request's own styles come first.
    const both = composeSong(
      sung({
        task: "playlist_condition",
        tags: "jazz",
        inspirations: [{ ...clip(original), tags: "reggae" }],
        durationSeconds: 20,
      }),
    );
    expect(both.genre).toBe("jazz");
  });

  it("an uploaded source: its analysed tempo and key", () => {
    const cover = composeSong(
      sung({
        task: "cover",
        source: clip(null),
        analysis: { bpm: 93.5, key: { tonic: "E", mode: "minor" }, downbeats: [] },
        durationSeconds: 30,
      }),
    );
    expect(cover.bpm).toBe(93.5);
    expect(cover.key).toEqual({ tonic: "E", mode: "minor" });
  });
});

describe("beat grid", () => {
  it("numbers every beat in its bar, in seconds, in the downbeats format", () => {
    const score = composeSong(songRequest({ tags: "house, 124 bpm", durationSeconds: 30 }));
    const grid = downbeatsOf(score);
    expect(grid).toHaveLength(score.lengthBeats);
    grid.forEach(([time, number], i) => {
      expect(numberedBeatSchema.parse([time, number])).toEqual([time, number]);
      expect(time).toBeCloseTo((i * 60) / 124, 4);
      expect(number).toBe((i % 4) + 1);
    });
    expect(secondsOf(score, 62 as Beats)).toBeCloseTo(30, 9);
  });
});
