// Where a sample pack's loops and one-shots are cut: loops of four bars on bar lines at the song's
// tempo, silent ones left out; one-shots on beats, the loudest distinct hits; names with tempo and key.

import { describe, expect, it } from "vitest";
import {
  loopCuts,
  ONE_SHOT_MAX_SECONDS,
  oneShotCuts,
  samplePackFileName,
} from "../../src/shared/clip-actions/sample-pack-plan.ts";

const RATE = 1000;
const BPM = 120;
/** Half a second a beat at 120 BPM: 500 frames at this rate, a bar 2000, a loop 8000. */
const BEAT = 500;

const tone = (frames: number, from = 0) =>
  Float32Array.from({ length: frames }, (_, i) => (i >= from ? 0.3 * Math.sin(i / 3) : 0));

describe("loops", () => {
  it("are four bars long and start on bar lines from the first downbeat", () => {
    const audio = [tone(40_000)];
    expect(loopCuts(audio, RATE, BPM)).toEqual([
      { start: 0, frames: 8000 },
      { start: 8000, frames: 8000 },
      { start: 16_000, frames: 8000 },
      { start: 24_000, frames: 8000 },
    ]);
    // The first bar line 0.25 s in; what does not fill a loop at the end is left out.
    expect(loopCuts([tone(17_000)], RATE, BPM, 0.25)).toEqual([
      { start: 250, frames: 8000 },
      { start: 8250, frames: 8000 },
    ]);
  });

  it("leave out the silent stretches of a stem", () => {
    // Silent for the first two loops.
    expect(loopCuts([tone(32_000, 16_000)], RATE, BPM).map((cut) => cut.start)).toEqual([16_000, 24_000]);
    expect(loopCuts([new Float32Array(32_000)], RATE, BPM)).toEqual([]);
  });
});

describe("one-shots", () => {
  it("are the loudest distinct hits on beats, one beat long, in time order", () => {
    const audio = new Float32Array(20 * BEAT);
    // Hits on beats 1, 3, 5, 7, 9 and 11 at falling levels, beat 13 repeating beat 1's level.
    const levels: Record<number, number> = { 1: 0.9, 3: 0.1, 5: 0.5, 7: 0.3, 9: 0.2, 11: 0.05, 13: 0.9 };
    for (const [beat, level] of Object.entries(levels)) {
      for (let i = 0; i < 100; i++)
        audio[Number(beat) * BEAT + i] = level * Math.exp(-i / 20) * (i % 2 ? 1 : -1);
    }
    const cuts = oneShotCuts([audio], RATE, BPM);
    expect(cuts.map((cut) => cut.start / BEAT)).toEqual([1, 5, 7, 9]);
    expect(cuts.every((cut) => cut.frames === BEAT)).toBe(true);
  });

  it("are at most a second long at slow tempos", () => {
    const cuts = oneShotCuts([tone(10_000)], RATE, 30);
    expect(cuts[0]?.frames).toBe(ONE_SHOT_MAX_SECONDS * RATE);
  });
});

describe("file names", () => {
  it("carry the song, the part, the whole tempo and the key", () => {
    expect(samplePackFileName("Night/Bus", "drums loop 1", 123.6, "A minor")).toBe(
      "Night Bus - drums loop 1 - 124 BPM - A minor.wav",
    );
    expect(samplePackFileName("", "bass", 90, null)).toBe("Untitled - bass - 90 BPM.wav");
  });
});
