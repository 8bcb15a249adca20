// Simple-mode songs that sound like their description: each case is a failure measured on the
// generator before (the same form for every song, drum and bass at 126 bpm tagged synthwave, a
// dark trap beat in major with vocals, a jazz trio without its instruments, lo-fi not swung, ...),
// checked on the composed score through the same path a simple-mode request takes.
import { describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { asksForInstrumental, planDescription } from "../../src/generator/compose/description-plan.ts";
import { genrePreset } from "../../src/generator/compose/genres.ts";
import { isMinorMode, type Mode } from "../../src/generator/compose/key.ts";
import type { Score } from "../../src/generator/score.ts";
import { songTextsFor } from "../../src/server/generation/simple-mode.ts";
import { basePlan } from "../../src/server/generation/stored-plan.ts";
import { songRequest } from "../generator-requests.ts";
import { drumBarVariety, isSwung } from "./generator-score-measures.ts";

const SEEDS = [1, 7, 42];

function simpleSong(
  description: string,
  seed: number,
): { score: Score; tags: string; instrumental: boolean } {
  const texts = songTextsFor({ ...basePlan("create", 5), description }, seed);
  const score = composeSong(
    songRequest({
      seed,
      title: texts.title,
      tags: texts.tags,
      lyrics: texts.lyrics,
      instrumental: texts.instrumental,
      durationSeconds: null,
    }),
  );
  return { score, tags: texts.tags, instrumental: texts.instrumental };
}

const seconds = (score: Score) => (score.lengthBeats * 60) / score.bpm;
const names = (score: Score) => score.parts.map((part) => part.name);
const minor = (score: Score) => isMinorMode(score.key.mode as Mode);

describe("a simple-mode song follows its description", () => {
  it("gives genres forms of their own, not one form for every song", () => {
    const forms = new Set(
      [
        "an upbeat pop song about summer",
        "an acoustic folk ballad",
        "a jazz standard about rain",
        "a trap song",
      ].map((description) =>
        simpleSong(description, 7)
          .score.sections.map((s) => s.kind)
          .join(" "),
      ),
    );
    expect(forms.size).toBeGreaterThanOrEqual(3);
  });

  it("lets the form and the genre set the length, not about 152 s for every song", () => {
    const lengths = [
      "an upbeat pop song about summer",
      "a jazz standard about rain",
      "lo-fi hip hop beat to study to",
      "epic orchestral trailer",
      "fast punk song about school",
      "drum and bass for driving at night",
    ].map((description) => seconds(simpleSong(description, 7).score));
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeGreaterThan(30);
    expect(lengths.filter((length) => Math.abs(length - 152) <= 5).length).toBeLessThanOrEqual(2);
  });

  it("plays folk on an acoustic guitar without a synth lead, and keeps 'folk' in its styles", () => {
    for (const seed of SEEDS) {
      const { score, tags } = simpleSong("an acoustic folk ballad about my grandmother's garden", seed);
      expect(tags).toContain("folk");
      expect(names(score)).toContain("Acoustic Guitar");
      expect(score.parts.map((part) => part.patch)).not.toContain("lead-square");
      expect(score.parts.map((part) => part.patch)).not.toContain("lead-saw");
      expect(score.parts.map((part) => part.patch)).not.toContain("pad-saw");
    }
  });

  it("plays drum and bass at 165-180 bpm with drums and a lead, tagged drum and bass", () => {
    for (const seed of SEEDS) {
      const { score, tags } = simpleSong("drum and bass for driving at night", seed);
      expect(score.bpm).toBeGreaterThanOrEqual(165);
      expect(score.bpm).toBeLessThanOrEqual(180);
      expect(tags.split(", ")[0]).toBe("drum and bass");
      expect(tags).not.toContain("synthwave");
      expect(score.drums.hits.length).toBeGreaterThan(100);
      expect(score.parts.find((part) => part.stem === "lead")?.notes.length).toBeGreaterThan(0);
    }
  });

  it("makes a dark trap beat minor, half-time and instrumental, tagged dark", () => {
    for (const seed of SEEDS) {
      const { score, tags, instrumental } = simpleSong("dark trap beat", seed);
      expect(minor(score)).toBe(true);
      expect(tags).toContain("dark");
      expect(tags).not.toContain("uplifting");
      expect(instrumental).toBe(true);
      expect(score.vocals).toBeNull();
      expect(score.bpm).toBeGreaterThanOrEqual(130);
      expect(genrePreset(score.genre).feel).toBe("half-time");
      // The backbeat on beat 3 only.
      const claps = score.drums.hits.filter((hit) => hit.drum === "clap").map((hit) => hit.start % 4);
      expect(claps.filter((at) => at === 2).length).toBeGreaterThan(claps.length / 2);
    }
  });

  it("gives a jazz trio its piano, upright bass walking on the beat, and a swung ride", () => {
    for (const seed of SEEDS) {
      const { score, tags } = simpleSong("a late night jazz trio", seed);
      expect(tags).not.toContain("saxophone");
      expect(names(score)).toContain("Piano");
      expect(names(score)).toContain("Upright Bass");
      expect(score.drums.hits.some((hit) => hit.drum === "ride")).toBe(true);
      expect(isSwung(score)).toBe(true);
    }
  });

  it("swings lo-fi and varies its drum bars", () => {
    for (const seed of SEEDS) {
      const { score } = simpleSong("lo-fi hip hop beat to study to", seed);
      expect(isSwung(score)).toBe(true);
      expect(drumBarVariety(score).distinct).toBeGreaterThanOrEqual(6);
    }
  });

  it("makes a beat and a trailer instrumental, and a trailer builds to its peak", () => {
    for (const description of [
      "lo-fi hip hop beat to study to",
      "epic orchestral trailer",
      "dark trap beat",
    ]) {
      const { score, instrumental } = simpleSong(description, 7);
      expect(instrumental, description).toBe(true);
      expect(score.vocals, description).toBeNull();
    }
    const trailer = simpleSong("epic orchestral trailer", 7).score;
    expect(trailer.sections.map((s) => s.kind)).toContain("build");
    const peak = trailer.sections.reduce((a, b) => (b.energy > a.energy ? b : a));
    expect(trailer.sections.indexOf(peak)).toBeGreaterThan(trailer.sections.length / 2);
  });

  it("makes a melancholic bossa nova minor, at a bossa tempo, on a nylon guitar", () => {
    for (const seed of SEEDS) {
      const { score, tags } = simpleSong("a melancholic bossa nova about the sea", seed);
      expect(tags).toContain("bossa nova");
      expect(minor(score)).toBe(true);
      expect(score.bpm).toBeGreaterThanOrEqual(110);
      expect(names(score)).toContain("Nylon Guitar");
    }
  });

  it("plays punk at 160-200 bpm on guitars", () => {
    for (const seed of SEEDS) {
      const { score } = simpleSong("fast punk song about skipping school", seed);
      expect(score.bpm).toBeGreaterThanOrEqual(160);
      expect(score.bpm).toBeLessThanOrEqual(200);
      expect(names(score)).toContain("Rhythm Guitar");
    }
  });
});

describe("styles that disagree or rule things out", () => {
  it("makes a sensible song of contradictory styles: the genre named first, with what the others ask", () => {
    const score = composeSong(songRequest({ tags: "acoustic, synthwave", durationSeconds: 20 }));
    expect(score.genre).toBe("folk");
    expect(
      score.drums.hits.length + score.parts.reduce((n, part) => n + part.notes.length, 0),
    ).toBeGreaterThan(0);
    expect(composeSong(songRequest({ tags: "synthwave, acoustic", durationSeconds: 20 })).genre).toBe(
      "synthwave",
    );
  });

  it("plays an asked instrument the synthesizer lacks on its nearest family", () => {
    const lead = (tags: string) =>
      composeSong(songRequest({ tags, durationSeconds: 20 })).parts.find((part) => part.stem === "lead")
        ?.patch;
    expect(lead("funk with horns")).toBe("lead-saw");
    expect(lead("jazz, saxophone")).toBe("lead-square");
    const folk = composeSong(songRequest({ tags: "folk, banjo", durationSeconds: 20 }));
    expect(folk.parts.map((part) => part.patch)).toContain("pluck-ks");
  });

  it("leaves out a genre and an instrument the negative styles name", () => {
    const score = composeSong(
      songRequest({ tags: "drum and bass, jazz", negativeTags: "drum and bass, piano", durationSeconds: 20 }),
    );
    expect(score.genre).toBe("jazz");
    expect(score.parts.map((part) => part.patch)).not.toContain("piano-fm");
  });
});

describe("the description's rules", () => {
  it("keeps the genre, mood and instrument words as written, and a tempo or key it pins down", () => {
    const plan = planDescription("Dark lo-fi hip hop with piano, 82 bpm, in F minor");
    expect(plan.genre?.name).toBe("lo-fi");
    expect(plan.genreWords).toEqual(["lo-fi", "hip hop"]);
    expect(plan.moodWords).toEqual(["dark"]);
    expect(plan.instrumentWords).toEqual(["piano"]);
    expect(plan.pinned).toEqual(["82 bpm", "in F minor"]);
  });

  it("reads a longer genre name as one ('jazz trio', 'bossa nova')", () => {
    expect(planDescription("a jazz trio").genreWords).toEqual(["jazz trio"]);
    expect(planDescription("bossa nova by the sea").genre?.name).toBe("bossa nova");
  });

  it("asks for an instrumental with instrumental words, a singer with singing words", () => {
    const sung = genrePreset("pop");
    const played = genrePreset("ambient");
    expect(asksForInstrumental("a trap beat", sung)).toBe(true);
    expect(asksForInstrumental("movie trailer music", sung)).toBe(true);
    expect(asksForInstrumental("pop, no vocals", sung)).toBe(true);
    expect(asksForInstrumental("a song with a great beat", sung)).toBe(false);
    expect(asksForInstrumental("a trap beat with female vocals", sung)).toBe(false);
    expect(asksForInstrumental("calm ambient", played)).toBe(true);
    expect(asksForInstrumental("an ambient song about stars", played)).toBe(false);
    expect(asksForInstrumental("a love song", sung)).toBe(false);
  });
});
