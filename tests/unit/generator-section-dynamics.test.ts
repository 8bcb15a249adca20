import { describe, expect, it } from "vitest";
import {
  MAX_CUT_DB,
  OUTRO_FALL_BEATS,
  OUTRO_FALL_DB,
  playedDrums,
  SectionGain,
  sectionLevels,
  sectionLoudnessDrop,
} from "../../src/generator/render/section-dynamics.ts";
import type { DrumName } from "../../src/generator/score.ts";
import type { Beats } from "../../src/shared/time.ts";

const section = (kind: string, start: number, end: number, energy: number) => ({
  kind,
  start: start as Beats,
  end: end as Beats,
  energy,
});
const SONG = {
  sections: [
    section("intro", 0, 8, 0.25),
    section("verse", 8, 24, 0.5),
    section("pre-chorus", 24, 32, 0.65),
    section("chorus", 32, 48, 0.9),
    section("outro", 48, 56, 0.3),
  ],
};

describe("section dynamics", () => {
  const levels = sectionLevels(SONG, "chords");
  const at = (beat: number) => levels.find((p) => p.beat === beat)?.db;

  it("plays the fullest section at unity and the quieter ones under it, never past the cut floor", () => {
    expect(at(32)).toBe(0);
    expect(at(0)).toBeLessThan(at(8) ?? 0);
    expect(at(8)).toBeLessThan(0);
    for (const p of levels) expect(p.db).toBeGreaterThanOrEqual(MAX_CUT_DB + OUTRO_FALL_DB);
  });

  it("rises through a pre-chorus into the chorus and falls through the outro", () => {
    const pre = levels.filter((p) => p.beat >= 24 && p.beat < 32);
    expect(pre[1].db).toBeCloseTo(at(32) ?? Number.NaN, 9);
    expect(pre[1].db).toBeGreaterThan(pre[0].db);
    const outro = levels.filter((p) => p.beat >= 48);
    expect(outro.at(-1)?.db).toBeCloseTo(outro[0].db + OUTRO_FALL_DB, 9);
  });

  it("fades a long outro over its last bars only", () => {
    const long = { sections: [section("chorus", 0, 16, 0.9), section("outro", 16, 52, 0.9)] };
    const outro = sectionLevels(long, "lead").filter((p) => p.beat >= 16);
    expect(outro.map((p) => p.db)).toEqual([0, 0, OUTRO_FALL_DB]);
    expect(outro[1].beat).toBe(52 - OUTRO_FALL_BEATS);
  });

  it("keeps the drum stem's gain through the form, fading it only at the end", () => {
    expect(sectionLevels(SONG, "drums").every((p) => p.db === 0)).toBe(true);
    expect(sectionLevels(SONG, "vocals")).toEqual(levels);
  });

  it("plays the drums softer in a quieter section: kick and crash, not the backbeat or the hats", () => {
    const hit = (drum: DrumName, start: number) => ({ drum, start: start as Beats, velocity: 0.8 });
    const hits = [hit("kick", 8), hit("crash", 9), hit("snare", 9), hit("closedHat", 10), hit("kick", 32)];
    const played = playedDrums({ ...SONG, drums: { kit: "acoustic", gain: 1, hits } }).drums.hits;
    const verse = 10 ** ((at(8) ?? 0) / 20);
    expect(played[0].velocity).toBeCloseTo(0.8 * verse, 9);
    expect(played[1].velocity).toBeCloseTo(0.8 * verse, 9);
    expect(played.slice(2, 4).map((h) => h.velocity)).toEqual([0.8, 0.8]);
    expect(played[4].velocity).toBeCloseTo(0.8, 9);
  });

  it("leaves a score without sections at unity, and counts the drop the master must make up", () => {
    expect(sectionLevels({ sections: [] }, "bass")).toEqual([]);
    expect(sectionLoudnessDrop({ sections: [] })).toBe(0);
    expect(sectionLoudnessDrop(SONG)).toBeGreaterThan(1);
    expect(sectionLoudnessDrop(SONG)).toBeLessThan(-MAX_CUT_DB);
  });

  it("applies the same gains to a block wherever the song is cut into blocks, ending in silence", () => {
    const frames = 5600;
    const gain = new SectionGain(levels, (beat) => beat * 100, frames, 1000);
    const whole = [new Float32Array(frames).fill(1), new Float32Array(frames).fill(1)];
    gain.apply(whole[0], whole[1], frames, 0);
    const pieces = [new Float32Array(frames).fill(1), new Float32Array(frames).fill(1)];
    for (let at = 0; at < frames; at += 777) {
      const n = Math.min(777, frames - at);
      gain.apply(pieces[0].subarray(at, at + n), pieces[1].subarray(at, at + n), n, at);
    }
    expect(pieces[0]).toEqual(whole[0]);
    expect(whole[0][3300]).toBeCloseTo(1, 6);
    expect(whole[0][100]).toBeLessThan(0.5);
    expect(whole[1][frames - 1]).toBeLessThan(0.01);
  });
});
