import { describe, expect, it } from "vitest";
import { demoSessionPatches } from "../../src/engine/demo/demo-session.ts";
import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import { newDsp } from "../dsp-wasm.ts";
import { DECLICK } from "./engine-constants.ts";
import { clip, constantSource, fadeCurve, maxStep, RATE, render, track } from "./engine-harness.ts";

describe("clip voice", () => {
  it("plays the source between start and end with the declick ramp at edges without fades", () => {
    const { left, right } = render(
      [constantSource(0, RATE, 0.5), track(0), clip(0, { start: 1000, end: 11_000 })],
      12_000,
    );
    for (let k = 0; k < 1000; k++) expect(left[k]).toBe(0);
    for (let k = 0; k < DECLICK; k++) {
      expect(left[1000 + k]).toBeCloseTo(0.5 * fadeCurve((k + 0.5) / DECLICK), 6);
      expect(left[10_999 - k]).toBeCloseTo(0.5 * fadeCurve((k + 0.5) / DECLICK), 6);
    }
    for (let k = 1000 + DECLICK; k < 11_000 - DECLICK; k++) expect(left[k]).toBe(0.5);
    for (let k = 11_000; k < 12_000; k++) expect(left[k]).toBe(0);
    expect(Array.from(right)).toEqual(Array.from(left));
  });

  it("fades in and out on the 2-exponent curve", () => {
    // 0.8 stays under the master limiter's -1 dBFS ceiling, so the fades come out as drawn.
    const fade = 4800;
    const { left } = render(
      [constantSource(0, RATE, 0.8), track(0), clip(0, { start: 0, end: RATE, fadeIn: fade, fadeOut: fade })],
      RATE,
    );
    for (let k = 0; k < fade; k += 37) {
      // Starting playback ramps in over the declick too, so the first frames carry both.
      const playStart = k < DECLICK ? fadeCurve((k + 0.5) / DECLICK) : 1;
      expect(left[k]).toBeCloseTo(0.8 * fadeCurve((k + 0.5) / fade) * playStart, 6);
      expect(left[RATE - 1 - k]).toBeCloseTo(0.8 * fadeCurve((k + 0.5) / fade), 6);
    }
    expect(left[RATE / 2]).toBeCloseTo(0.8, 7);
  });

  it("keeps a constant signal constant through a crossfade between meeting clips", () => {
    const meet = 24_000;
    const half = 750;
    const { left } = render(
      [
        constantSource(0, RATE, 0.8),
        track(0),
        clip(0, { start: 0, end: meet + half, fadeOut: 2 * half }),
        clip(1, { start: meet - half, end: RATE, sourceStart: meet - half, fadeIn: 2 * half }),
      ],
      RATE,
    );
    for (let k = DECLICK; k < RATE - DECLICK; k++) {
      expect(Math.abs(20 * Math.log10(left[k] / 0.8))).toBeLessThan(0.1);
    }
  });

  it("reads from sourceStart and scales by the clip amplitude", () => {
    const ramp = new Float32Array(RATE).map((_, i) => i / RATE);
    const { left } = render(
      [
        { op: "source", slot: 3, frames: RATE, data: [ramp] },
        track(2),
        clip(5, { track: 2, source: 3, start: 100, end: 20_000, sourceStart: 5000, amplitude: 0.5 }),
      ],
      20_000,
    );
    for (let t = 100 + DECLICK; t < 20_000 - DECLICK; t += 101)
      expect(left[t]).toBeCloseTo(0.5 * ramp[5000 + t - 100], 7);
  });

  it("loops the clip's loop region until the clip ends", () => {
    const ramp = new Float32Array(RATE).map((_, i) => i / RATE);
    const { left } = render(
      [
        { op: "source", slot: 0, frames: RATE, data: [ramp] },
        track(0),
        clip(0, { start: 0, end: 30_000, loop: { enabled: true, start: 2000, end: 12_000 } }),
      ],
      30_000,
    );
    for (const t of [1000, 11_999, 12_000, 12_001, 21_999, 22_000, 25_000]) {
      const expected = t < 12_000 ? t : 2000 + ((t - 2000) % 10_000);
      expect(left[t]).toBeCloseTo(ramp[expected], 7);
    }
  });

  it("plays a streaming source as far as it has arrived and silence after", () => {
    const arrived = new Float32Array(3000).fill(0.25);
    const { left } = render(
      [{ op: "source", slot: 0, frames: RATE, data: [arrived] }, track(0), clip(0, { start: 0, end: RATE })],
      6000,
    );
    expect(left[2000]).toBe(0.25);
    for (let t = 3000; t < 6000; t++) expect(left[t]).toBe(0);
  });

  it("plays more of a streaming source as it is appended", () => {
    const chunk = new Float32Array(3000).fill(0.25);
    const { left } = render(
      [
        { op: "source", slot: 0, frames: RATE, data: [chunk] },
        { op: "source-append", slot: 0, offset: 3000, data: [chunk.map(() => 0.125)] },
        track(0),
        clip(0, { start: 0, end: RATE }),
      ],
      8000,
    );
    expect(left[2000]).toBe(0.25);
    expect(left[4000]).toBe(0.125);
    for (let t = 6000; t < 8000; t++) expect(left[t]).toBe(0);
  });

  it("silences muted clips", () => {
    const { left } = render([constantSource(0, RATE, 0.5), track(0), clip(0, { mute: true })], 4096);
    expect(left.every((sample) => sample === 0)).toBe(true);
  });
});

describe("track strip", () => {
  it("pans with Web Audio's equal-power stereo law, unity at the centre", () => {
    // Fully panned, both channels of this dual-mono source land on one side: 0.4 keeps that under the limiter.
    for (const balance of [-1, -0.5, 0, 0.3, 1]) {
      const { left, right } = render(
        [constantSource(0, RATE, 0.4), track(0, { balance }), clip(0, {})],
        4096,
      );
      const x = balance <= 0 ? balance + 1 : balance;
      const [g1, g2] = [Math.cos((x * Math.PI) / 2), Math.sin((x * Math.PI) / 2)];
      const [expectedL, expectedR] = balance <= 0 ? [0.4 + 0.4 * g1, 0.4 * g2] : [0.4 * g1, 0.4 + 0.4 * g2];
      expect(left[2048]).toBeCloseTo(expectedL, 6);
      expect(right[2048]).toBeCloseTo(expectedR, 6);
    }
  });

  it("applies the fader amplitude", () => {
    const { left } = render([constantSource(0, RATE, 0.5), track(0, { amplitude: 0.25 }), clip(0, {})], 4096);
    expect(left[2048]).toBeCloseTo(0.125, 7);
  });

  it("follows the mute and solo matrix: any solo silences the others, mute wins", () => {
    const levels = [0.1, 0.2, 0.4];
    const cases: { mute: boolean[]; solo: boolean[]; heard: number[] }[] = [
      { mute: [false, false, false], solo: [false, false, false], heard: [0, 1, 2] },
      { mute: [true, false, false], solo: [false, false, false], heard: [1, 2] },
      { mute: [false, false, false], solo: [false, true, false], heard: [1] },
      { mute: [false, false, false], solo: [true, false, true], heard: [0, 2] },
      { mute: [false, true, false], solo: [false, true, false], heard: [] },
      { mute: [true, true, true], solo: [false, false, false], heard: [] },
    ];
    for (const { mute, solo, heard } of cases) {
      const patches = levels.flatMap((level, i) => [
        constantSource(i, RATE, level),
        track(i, { mute: mute[i], solo: solo[i] }),
        clip(i, { track: i, source: i }),
      ]);
      const { left } = render(patches, 4096);
      const expected = heard.reduce((sum, i) => sum + levels[i], 0);
      expect(left[2048], JSON.stringify({ mute, solo })).toBeCloseTo(expected, 6);
    }
  });
});

describe("meters", () => {
  it("reads each track's and the master's peak and RMS after the fader", () => {
    const core = new EngineCore(newDsp(), RATE);
    const sine = Float32Array.from(
      { length: RATE },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / RATE),
    );
    for (const patch of [
      { op: "source", slot: 0, frames: RATE, data: [sine] } as const,
      track(3, { amplitude: 0.5 }),
      clip(0, { track: 3 }),
    ]) {
      core.apply(patch);
    }
    core.finishLoading();
    core.apply({ op: "play" });
    let meters = core.render().meters;
    for (let q = 0; q < 200; q++) meters = core.render().meters;
    const db = (value: number) => 20 * Math.log10(value);
    const [peakL, peakR, rmsL, rmsR] = meters.subarray(3 * 4, 3 * 4 + 4);
    // A 0.5 sine at half the fader: peak 0.25 (-12.04 dBFS), RMS 0.25 / sqrt 2 (-15.05 dBFS).
    expect(Math.abs(db(peakL) - db(0.25))).toBeLessThan(0.1);
    expect(Math.abs(db(peakR) - db(0.25))).toBeLessThan(0.1);
    expect(Math.abs(db(rmsL) - db(0.25 / Math.SQRT2))).toBeLessThan(0.1);
    expect(Math.abs(db(rmsR) - db(0.25 / Math.SQRT2))).toBeLessThan(0.1);
    const master = meters.subarray(DSP_ABI.maxTracks * 4, DSP_ABI.maxTracks * 4 + 4);
    expect(Math.abs(db(master[0]) - db(0.25))).toBeLessThan(0.1);
    expect(Math.abs(db(master[2]) - db(0.25 / Math.SQRT2))).toBeLessThan(0.1);
    // Other slots stay silent.
    expect(meters[0]).toBe(0);
  });
});

describe("output safety", () => {
  it("renders without allocating: wasm memory stays the same size over a minute of the demo", () => {
    const dsp = newDsp();
    const core = new EngineCore(dsp, RATE);
    for (const patch of demoSessionPatches(RATE).patches) core.apply(patch);
    core.finishLoading();
    core.apply({ op: "play" });
    for (let q = 0; q < 400; q++) core.render();
    const settled = dsp.memory.buffer.byteLength;
    for (let q = 0; q < (60 * RATE) / 128; q++) core.render();
    expect(dsp.memory.buffer.byteLength).toBe(settled);
  });

  it("never lets NaN or Infinity out", () => {
    const poisoned = new Float32Array(RATE).fill(0.5);
    poisoned[1000] = Number.NaN;
    poisoned[2000] = Number.POSITIVE_INFINITY;
    poisoned[3000] = Number.NEGATIVE_INFINITY;
    const { left, right } = render(
      [{ op: "source", slot: 0, frames: RATE, data: [poisoned] }, track(0), clip(0, {})],
      8192,
    );
    expect(left.every(Number.isFinite)).toBe(true);
    expect(right.every(Number.isFinite)).toBe(true);
  });

  it("does not step at clip edges beyond the declick bound", () => {
    const { left } = render(
      [constantSource(0, RATE, 1), track(0), clip(0, { start: 500, end: 9000 })],
      10_000,
    );
    // Steepest step of the curve over DECLICK frames: its slope peaks at 2 per unit of x in the middle.
    expect(maxStep(left)).toBeLessThan(2.5 / DECLICK);
  });
});
