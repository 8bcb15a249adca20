import { describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { GENRE_PRESETS } from "../../src/generator/compose/genres.ts";
import { parseScore } from "../../src/generator/compose/score-schema.ts";
import type { Score } from "../../src/generator/score.ts";
import type { GenerationTask, ReferenceClip } from "../../src/generator/song-request.ts";
import { songRequest } from "../generator-requests.ts";

const LYRICS =
  "[Verse]\nSummer rain is falling down\nOn the roofs of this old town\n[Chorus]\nSing it loud, sing it clear\nEverybody's gathered here\n[Bridge]\nOh oh oh\n[Chorus]";

/** What every score must be, whatever made it. */
function expectWellFormed(score: Score, label: string): void {
  expect(() => parseScore(JSON.parse(JSON.stringify(score))), label).not.toThrow();
  for (let i = 1; i < score.sections.length; i++)
    expect(score.sections[i].start, label).toBeCloseTo(score.sections[i - 1].end, 9);
  expect(score.sections[score.sections.length - 1].end, label).toBeCloseTo(score.lengthBeats, 9);
  expect([...new Set(score.parts.map((p) => p.stem))].sort(), label).toEqual(["bass", "chords", "lead"]);
  const notes = [...score.parts.flatMap((p) => p.notes), ...(score.vocals?.notes ?? [])];
  for (const n of notes) expect(n.start, label).toBeLessThan(score.lengthBeats);
  for (const h of score.drums.hits) expect(h.start, label).toBeLessThan(score.lengthBeats);
}

describe("every composed score is well-formed", () => {
  it("for every genre, with and without vocals, at the slider extremes", () => {
    for (const preset of GENRE_PRESETS) {
      for (const [weirdness, styleWeight, instrumental, version] of [
        [0, 1, false, 3],
        [1, 0, false, 5],
        [0.5, 0.5, true, 4.5],
      ] as const) {
        const score = composeSong(
          songRequest({
            tags: preset.keywords[0],
            weirdness,
            styleWeight,
            instrumental,
            lyrics: instrumental ? "" : LYRICS,
            version,
            durationSeconds: 40,
          }),
        );
        expectWellFormed(
          score,
          `${preset.name} w${weirdness} s${styleWeight} ${instrumental ? "instrumental" : "sung"}`,
        );
      }
    }
  });

  it("for every task, on a scored source and on an upload", () => {
    const original = composeSong(
      songRequest({ tags: "r&b", lyrics: LYRICS, instrumental: false, durationSeconds: 50 }),
    );
    const audio = { sampleRate: 48000, channels: [new Float32Array(48000 * 50)] };
    const scored: ReferenceClip = { clipId: "a", audio, score: original, tags: "r&b", lyrics: LYRICS };
    const upload: ReferenceClip = { clipId: "b", audio, score: null, tags: "folk", lyrics: "" };
    const analysis = {
      bpm: 101.3,
      key: { tonic: "G", mode: "major" },
      downbeats: [[0.2, 1] as [number, number]],
    };
    const tasks: GenerationTask[] = [
      "create",
      "cover",
      "extend",
      "upload_extend",
      "artist_consistency",
      "vox",
      "infill",
      "infill_intro",
      "infill_outro",
      "gen_stem",
      "artist_cover",
      "artist_extend",
      "playlist_condition",
      "underpainting",
      "overpainting",
      "sample_condition",
      "upsample",
      "speed",
      "concat",
    ];
    for (const task of tasks) {
      for (const source of [scored, upload]) {
        const score = composeSong(
          songRequest({
            task,
            source,
            instrumental: false,
            lyrics: "[Verse]\nNew words to sing along\n[Chorus]\nThis is where we belong",
            continueAt: 20,
            infill:
              task === "infill_intro"
                ? { start: 0, end: 10 }
                : task === "infill_outro"
                  ? { start: 40, end: 50 }
                  : { start: 12, end: 30 },
            inspirations: [scored],
            durationSeconds: 30,
            ...(source === upload ? { analysis } : {}),
          }),
        );
        expectWellFormed(score, `${task} on ${source.clipId}`);
      }
    }
  });
});
