import { describe, expect, it } from "vitest";
import { integratedLufs, measureLoudness, truePeakDbtp } from "../../src/generator/render/loudness.ts";
import { masterMix, mixStems } from "../../src/generator/render/master.ts";
import { renderInstrumentStems } from "../../src/generator/render/render-stems.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { testScore } from "./generator-render-score.ts";

const RATE = 48000;
const dsp = newDsp();

const sine = (frames: number, frequency: number, amplitude: number, phase = 0) =>
  Float32Array.from(
    { length: frames },
    (_, n) => amplitude * Math.sin((2 * Math.PI * frequency * n) / RATE + phase),
  );

/** |H| of a biquad at a frequency. */
function magnitude(b: number[], a: number[], frequency: number): number {
  const w = (2 * Math.PI * frequency) / RATE;
  const re = (c: number[]) => c[0] + c[1] * Math.cos(w) + c[2] * Math.cos(2 * w);
  const im = (c: number[]) => -c[1] * Math.sin(w) - c[2] * Math.sin(2 * w);
  return Math.hypot(re(b), im(b)) / Math.hypot(re(a), im(a));
}

// ITU-R BS.1770-4 tables 1 and 2: the K-weighting stages at 48 kHz, as published.
const STAGE1 = {
  b: [1.53512485958697, -2.69169618940638, 1.19839281085285],
  a: [1, -1.69065929318241, 0.73248077421585],
};
const STAGE2 = { b: [1, -2, 1], a: [1, -1.99004745483398, 0.99007225036621] };
const kWeightDb = (frequency: number) =>
  20 * Math.log10(magnitude(STAGE1.b, STAGE1.a, frequency) * magnitude(STAGE2.b, STAGE2.a, frequency));

describe("BS.1770-4 integrated loudness", () => {
  it("reads a full-scale 1 kHz sine as the standard's K-weighting predicts: one channel and both", () => {
    const frames = RATE * 5;
    const tone = sine(frames, 1000, 1);
    // Mean square 1/2, times the K-weighting gain, with the standard's -0.691 offset: about -3.01 LUFS.
    const expected = -0.691 + 10 * Math.log10(0.5) + kWeightDb(1000);
    expect(expected).toBeCloseTo(-3.01, 1);
    const oneChannel = integratedLufs(dsp, { sampleRate: RATE, channels: [tone, new Float32Array(frames)] });
    expect(Math.abs(oneChannel - expected)).toBeLessThan(0.01);
    const both = integratedLufs(dsp, { sampleRate: RATE, channels: [tone, tone] });
    expect(Math.abs(both - (expected + 10 * Math.log10(2)))).toBeLessThan(0.01);
    expect(Math.abs(both)).toBeLessThan(0.1);
  });

  it("weights other frequencies by the K curve (100 Hz, 10 kHz)", () => {
    for (const frequency of [100, 10000]) {
      const tone = sine(RATE * 3, frequency, 0.1);
      const expected = -0.691 + 10 * Math.log10(0.005) + kWeightDb(frequency);
      const measured = integratedLufs(dsp, { sampleRate: RATE, channels: [tone, tone.slice().fill(0)] });
      expect(Math.abs(measured - expected)).toBeLessThan(0.02);
    }
  });

  it("gates: silence below -70 LUFS and passages 10 LU under the rest do not count", () => {
    const loud = sine(RATE * 10, 997, 0.1);
    const quiet = sine(RATE * 10, 997, 0.001);
    const joined = new Float32Array(RATE * 30);
    joined.set(loud, 0);
    joined.set(quiet, RATE * 10);
    const zeros = new Float32Array(joined.length);
    const alone = integratedLufs(dsp, { sampleRate: RATE, channels: [loud, zeros.subarray(0, loud.length)] });
    const gated = integratedLufs(dsp, { sampleRate: RATE, channels: [joined, zeros] });
    // The quiet passage (-40 dB) is 17 LU under the ungated average, the silence under -70 LUFS: what
    // counts is the loud passage's 97 blocks (400 ms, 100 ms apart) plus the three blocks straddling its
    // end, 3/4, 2/4 and 1/4 loud (the quiet part adds next to nothing to them).
    const straddled = 10 * Math.log10((97 + 0.75 + 0.5 + 0.25) / 100);
    expect(Math.abs(gated - (alone + straddled))).toBeLessThan(0.005);
    expect(integratedLufs(dsp, { sampleRate: RATE, channels: [zeros, zeros] })).toBe(-Infinity);
  });
});

describe("BS.1770-4 true peak", () => {
  it("finds the peak between the samples of an fs/4 sine at 45 degrees", () => {
    // Its samples are all +-0.707 of the amplitude (-3.01 dB); the wave itself reaches the amplitude.
    const amplitude = 0.5;
    const tone = sine(RATE, RATE / 4, amplitude, Math.PI / 4);
    const samplePeakDb = 20 * Math.log10(Math.max(...tone.map(Math.abs)));
    const truePeak = truePeakDbtp(dsp, { sampleRate: RATE, channels: [tone, tone] });
    expect(samplePeakDb).toBeCloseTo(20 * Math.log10(amplitude) - 3.01, 2);
    expect(truePeak).toBeGreaterThan(samplePeakDb + 2.5);
    expect(Math.abs(truePeak - 20 * Math.log10(amplitude))).toBeLessThan(0.3);
  });

  it("reads a low sine at its amplitude, and silence as -Infinity", () => {
    const tone = sine(RATE, 441, 0.25);
    expect(
      Math.abs(truePeakDbtp(dsp, { sampleRate: RATE, channels: [tone] }) - 20 * Math.log10(0.25)),
    ).toBeLessThan(0.05);
    expect(truePeakDbtp(dsp, { sampleRate: RATE, channels: [new Float32Array(RATE)] })).toBe(-Infinity);
  });
});

describe("mastering chain", () => {
  /** The steady-state peak (dBFS) of a 1 kHz sine at `inputDb` peak through the chain as configured. */
  function chainPeakDb(configure: (master: number) => void, frequency: number, inputDb: number): number {
    const master = dsp.masterCreate(RATE);
    configure(master);
    const frames = RATE;
    const left = dsp.alloc(frames * 4);
    const right = dsp.alloc(frames * 4);
    const tone = sine(frames, frequency, 10 ** (inputDb / 20));
    new Float32Array(dsp.memory.buffer, left, frames).set(tone);
    new Float32Array(dsp.memory.buffer, right, frames).set(tone);
    dsp.masterProcess(master, left, right, frames, 1);
    const out = new Float32Array(dsp.memory.buffer, left, frames).subarray(frames / 2);
    return 20 * Math.log10(Math.max(...out.map(Math.abs)));
  }

  it("compresses above its threshold by the ratio (the static curve past the knee)", () => {
    const compress = (master: number) => dsp.masterConfigure(master, 1, 0, 0, 0, -20, 4, 0);
    // 14 dB over a -20 dBFS threshold at 4:1 comes out 3.5 dB over it.
    expect(Math.abs(chainPeakDb(compress, 1000, -6) - -16.5)).toBeLessThan(0.15);
    // Under the knee it is left alone.
    expect(Math.abs(chainPeakDb(compress, 1000, -30) - -30)).toBeLessThan(0.05);
  });

  it("tilts by the tone setting: half the tilt added far above 3.5 kHz, half taken far below 250 Hz", () => {
    const tilt = (master: number) => dsp.masterConfigure(master, 1, 8, 0, 0, 0, 1, 0);
    expect(Math.abs(chainPeakDb(tilt, 15000, -20) - -16)).toBeLessThan(0.3);
    expect(Math.abs(chainPeakDb(tilt, 60, -20) - -24)).toBeLessThan(0.3);
    expect(Math.abs(chainPeakDb(tilt, 1000, -20) - -20)).toBeLessThan(1);
  });
});

describe("mastering", () => {
  const stems = renderInstrumentStems(dsp, testScore(), RATE);
  const premaster = mixStems(Object.values(stems));

  it("brings the mix to -14 LUFS integrated with its true peak at most -1 dBTP", () => {
    const mastered = masterMix(dsp, premaster);
    expect(Math.abs(mastered.integratedLufs - -14)).toBeLessThan(0.5);
    expect(mastered.truePeakDb).toBeLessThanOrEqual(-1);
    // What it reports is what an independent measurement of the output finds.
    const reading = measureLoudness(dsp, mastered.mix);
    expect(reading.integratedLufs).toBe(mastered.integratedLufs);
    expect(reading.truePeakDb).toBe(mastered.truePeakDb);
    expect(mastered.mix.channels[0].length).toBe(premaster.channels[0].length);
    expect(mastered.mix.channels.every((c) => c.every(Number.isFinite))).toBe(true);
  });

  it("equals the normal master at the remaster sliders' defaults", () => {
    const normal = masterMix(dsp, premaster);
    const defaults = masterMix(dsp, premaster, {
      remaster: { freedom: 0, tone: 0.5, clarity: 0.5, strength: 0.5, stereoWidth: 0.5 },
    });
    expect(
      Buffer.from(defaults.mix.channels[0].buffer).equals(Buffer.from(normal.mix.channels[0].buffer)),
    ).toBe(true);
    expect(
      Buffer.from(defaults.mix.channels[1].buffer).equals(Buffer.from(normal.mix.channels[1].buffer)),
    ).toBe(true);
  });

  it("follows the sliders: no width is mono, strength sets the loudness, tone tilts the spectrum", () => {
    const mono = masterMix(dsp, premaster, {
      remaster: { freedom: 0, tone: 0.5, clarity: 0.5, strength: 0.5, stereoWidth: 0 },
    });
    const [l, r] = mono.mix.channels;
    expect(l.every((v, n) => Math.abs(v - r[n]) < 1e-6)).toBe(true);
    const strong = masterMix(dsp, premaster, {
      remaster: { freedom: 0.3, tone: 0.5, clarity: 0.5, strength: 1, stereoWidth: 0.5 },
    });
    expect(strong.integratedLufs).toBeGreaterThan(-12.6);
    expect(strong.truePeakDb).toBeLessThanOrEqual(-1);
    const bright = masterMix(dsp, premaster, {
      remaster: { freedom: 0, tone: 1, clarity: 0.5, strength: 0.5, stereoWidth: 0.5 },
    });
    const normal = masterMix(dsp, premaster);
    expect(highShare(bright.mix)).toBeGreaterThan(highShare(normal.mix) * 1.3);
  });

  it("scales the side signal by the stereo width: width 1 has four times the side-to-mid energy of 0.5", () => {
    // Mid/side: S = (L - R) / 2 is multiplied by 2 * stereoWidth while M = (L + R) / 2 stays, so the
    // side-to-mid energy ratio grows with the square of the width (compression and limiting are linked).
    const sideToMid = (audio: PcmAudio) => {
      const [l, r] = audio.channels;
      let mid = 0;
      let side = 0;
      for (let n = 0; n < l.length; n++) {
        mid += ((l[n] + r[n]) / 2) ** 2;
        side += ((l[n] - r[n]) / 2) ** 2;
      }
      return side / mid;
    };
    const at = (stereoWidth: number) =>
      sideToMid(
        masterMix(dsp, premaster, {
          remaster: { freedom: 0, tone: 0.5, clarity: 0.5, strength: 0.5, stereoWidth },
        }).mix,
      );
    const normal = at(0.5);
    expect(normal).toBeGreaterThan(0.001);
    expect(at(1) / normal).toBeGreaterThan(4 * 0.85);
    expect(at(1) / normal).toBeLessThan(4 * 1.15);
    expect(at(0.25) / normal).toBeGreaterThan(0.25 * 0.85);
    expect(at(0.25) / normal).toBeLessThan(0.25 * 1.15);
  });

  it("masters a mono premaster onto both sides", () => {
    const mono: PcmAudio = { sampleRate: RATE, channels: [premaster.channels[0]] };
    const mastered = masterMix(dsp, mono);
    const [l, r] = mastered.mix.channels;
    expect(Buffer.from(l.buffer).equals(Buffer.from(r.buffer))).toBe(true);
    expect(Math.abs(mastered.integratedLufs - -14)).toBeLessThan(0.5);
  });

  it("leaves silence silent", () => {
    const silence: PcmAudio = {
      sampleRate: RATE,
      channels: [new Float32Array(RATE), new Float32Array(RATE)],
    };
    const mastered = masterMix(dsp, silence);
    expect(mastered.integratedLufs).toBe(-Infinity);
    expect(mastered.mix.channels[0].every((v) => v === 0)).toBe(true);
  });
});

/** The share of the energy in the first difference (a crude high-frequency measure). */
function highShare(audio: PcmAudio): number {
  const x = audio.channels[0];
  let high = 0;
  let all = 0;
  for (let n = 1; n < x.length; n++) {
    high += (x[n] - x[n - 1]) ** 2;
    all += x[n] ** 2;
  }
  return high / all;
}
