import { describe, expect, it } from "vitest";
import { energy, sdrDb } from "../../src/server/separation/sdr.ts";
import { separateAudio } from "../../src/server/separation/separate-audio.ts";
import type { PlanarAudio } from "../../src/shared/audio/wav.ts";
import { newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";
import { sine } from "../sine.ts";

const RATE = 48_000;
const SECONDS = 6;
const FRAMES = RATE * SECONDS;

const stereo = (left: Float32Array, right = left): PlanarAudio => ({
  sampleRate: RATE,
  channels: [left, right],
});

const add = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts[0].length);
  for (const part of parts) for (let i = 0; i < out.length; i++) out[i] += part[i];
  return out;
};

/** A drum-like train: a noise burst every quarter second, decaying in 30 ms. */
function burstTrain(): Float32Array {
  const noise = whiteNoise(FRAMES, 7);
  const out = new Float32Array(FRAMES);
  const period = RATE / 4;
  for (let i = 0; i < FRAMES; i++) out[i] = 0.5 * noise[i] * Math.exp(-(i % period) / (0.03 * RATE));
  return out;
}

describe("source separation (dsp/separation)", () => {
  it("gives four stems that sum to the input within float rounding, sample for sample", () => {
    const left = add(
      burstTrain(),
      sine(FRAMES, 330, RATE, 0.3),
      whiteNoise(FRAMES, 3).map((x) => 0.05 * x),
    );
    const right = add(
      sine(FRAMES, 70, RATE, 0.4),
      whiteNoise(FRAMES, 11).map((x) => 0.2 * x),
    );
    const song = stereo(left, right);
    const stems = separateAudio(newDsp(), song);
    expect(stems.map((stem) => stem.name)).toEqual(["vocals", "drums", "bass", "other"]);
    let worst = 0;
    for (const [c, channel] of song.channels.entries()) {
      for (const stem of stems) expect(stem.audio.channels[c].length).toBe(FRAMES);
      for (let i = 0; i < FRAMES; i++) {
        let sum = 0;
        for (const stem of stems) sum += stem.audio.channels[c][i];
        worst = Math.max(worst, Math.abs(sum - channel[i]));
      }
    }
    // Float32 rounding over a 4096-point transform and four overlapping frames.
    expect(worst).toBeLessThan(1e-5);
    // Each mask does something: no stem is the whole mix or empty.
    for (const stem of stems.filter((s) => s.name !== "vocals")) {
      expect(energy(stem.audio)).toBeGreaterThan(0.01 * energy(song));
      expect(energy(stem.audio)).toBeLessThan(0.99 * energy(song));
    }
  });

  it("puts a noise burst train in drums, a low sine in bass and a sustained sine in other", () => {
    const drums = burstTrain();
    const bass = sine(FRAMES, 55, RATE, 0.4);
    const tone = sine(FRAMES, 660, RATE, 0.25);
    const song = stereo(add(drums, bass, tone));
    const stems = Object.fromEntries(separateAudio(newDsp(), song).map((stem) => [stem.name, stem.audio]));
    // What is left of the other sources in a stem (and what is missing of its own) is well under it.
    const expected = [
      { name: "drums", reference: stereo(drums), atLeastDb: 12 },
      { name: "bass", reference: stereo(bass), atLeastDb: 20 },
      { name: "other", reference: stereo(tone), atLeastDb: 20 },
    ];
    for (const { name, reference, atLeastDb } of expected) {
      expect(sdrDb(reference, stems[name]), name).toBeGreaterThan(atLeastDb);
    }
    // Steady tones are not vocals: under 5 % of the mix's energy goes there.
    expect(energy(stems.vocals)).toBeLessThan(0.05 * energy(song));
  });

  it("takes a wavering centred line as vocals away from a held chord panned to the sides", () => {
    // A sung-like line: 440 Hz with a 5.5 Hz vibrato of a semitone, with notes changing every half second.
    const line = new Float32Array(FRAMES);
    let phase = 0;
    const notes = [440, 494, 523, 587, 523, 494];
    for (let i = 0; i < FRAMES; i++) {
      const note = notes[Math.floor(i / (RATE / 2)) % notes.length];
      const hz = note * 2 ** ((Math.sin((2 * Math.PI * 5.5 * i) / RATE) * 0.5) / 12);
      phase += (2 * Math.PI * hz) / RATE;
      line[i] = 0.25 * Math.sin(phase);
    }
    const chordLeft = add(sine(FRAMES, 262, RATE, 0.2), sine(FRAMES, 330, RATE, 0.05));
    const chordRight = add(sine(FRAMES, 392, RATE, 0.2), sine(FRAMES, 330, RATE, 0.05));
    const song = stereo(add(line, chordLeft), add(line, chordRight));
    const stems = Object.fromEntries(separateAudio(newDsp(), song).map((stem) => [stem.name, stem.audio]));
    expect(sdrDb(stereo(line), stems.vocals)).toBeGreaterThan(8);
    expect(sdrDb(stereo(chordLeft, chordRight), stems.other)).toBeGreaterThan(10);
  });

  it("refuses a sample rate it cannot work at", () => {
    expect(() => separateAudio(newDsp(), { sampleRate: 4000, channels: [new Float32Array(100)] })).toThrow(
      "Cannot separate audio at 4000 Hz",
    );
  });

  it("measures SDR plainly: exact is infinite, half the amplitude is 6 dB, silence is -Infinity", () => {
    const s = sine(1000, 100, RATE);
    expect(sdrDb(stereo(s), stereo(s))).toBe(Number.POSITIVE_INFINITY);
    expect(sdrDb(stereo(s), stereo(s.map((x) => x / 2)))).toBeCloseTo(6.0206, 3);
    expect(sdrDb(stereo(new Float32Array(10)), stereo(s))).toBe(Number.NEGATIVE_INFINITY);
  });
});
