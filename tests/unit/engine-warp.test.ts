import { describe, expect, it } from "vitest";
import { PlanSync } from "../../src/engine/plan-sync.ts";
import { buildRenderPlan } from "../../src/engine/render-plan.ts";
import { newClip, newProjectState, newTrack, type TempoPoint } from "../../src/shared/project/index.ts";
import { beats } from "../../src/shared/time.ts";
import { beatsToSeconds, createTempoMap } from "../../src/shared/timing/tempo-map.ts";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import { newDsp } from "../dsp-wasm.ts";
import { sine } from "../sine.ts";
import { toneDbfs } from "../spectrum.ts";
import { clip, maxStep, RATE, render, track } from "./engine-harness.ts";

/** 2 ms: how far a click may land from where the warp map puts it. */
const ONSET_TOLERANCE = 0.002 * RATE;

/** Short decaying noise bursts starting at the given source frames. */
function clicks(frames: number, at: readonly number[]): Float32Array {
  const data = new Float32Array(frames);
  let seed = 1;
  for (const start of at) {
    for (let k = 0; k < 96 && start + k < frames; k++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      data[start + k] = 0.5 * Math.exp(-k / 24) * (seed / 2 ** 31 - 1);
    }
  }
  return data;
}

/** The first frame within +-10 ms of `expected` whose level reaches 30% of that window's peak. */
function onsetNear(signal: Float32Array, expected: number): number {
  const from = Math.max(0, Math.round(expected - 0.01 * RATE));
  const to = Math.min(signal.length, Math.round(expected + 0.01 * RATE));
  let peak = 0;
  for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(signal[i]));
  for (let i = from; i < to; i++) if (Math.abs(signal[i]) >= 0.3 * peak) return i;
  return Number.NaN;
}

function allFinite(signal: Float32Array): boolean {
  return signal.every(Number.isFinite);
}

/** A one-track project whose clip plays source "song" (slot 0), as the host would send it. */
function projectPatches(
  clipFields: Parameters<typeof newClip>[0],
  source: Float32Array,
  bpsAutomation: TempoPoint[] = [],
): { patches: EnginePatch[]; state: ReturnType<typeof newProjectState> } {
  const state = newProjectState({
    timing: { type: "manual", bps: 2, bpsAutomation },
    tracks: [newTrack({ id: "t", clips: [newClip({ id: "c", clipId: "song", ...clipFields })] })],
  });
  const plan = buildRenderPlan(state, new Map([["song", { frames: source.length }]]), RATE);
  const sync = new PlanSync(() => 0);
  return {
    patches: [{ op: "source", slot: 0, frames: source.length, data: [source] }, ...sync.patchesFor(plan)],
    state,
  };
}

describe("warped clips", () => {
  it("play the source at 2x where two markers double the speed: clicks land where the map puts them", () => {
    const sourceFrames = 4 * RATE;
    const at = Array.from({ length: 14 }, (_, k) => Math.round((0.1 + 0.25 * k) * RATE));
    // 120 bpm (2 beats/s): 8 beats are 4 s of timeline; the markers squeeze 4 s of source into 2 s.
    const { patches } = projectPatches(
      {
        startBeats: 0,
        endBeats: 4,
        warp: {
          enabled: true,
          markers: [
            { beats: 0, seconds: 0 },
            { beats: 4, seconds: 4 },
          ],
        },
      },
      clicks(sourceFrames, at),
    );
    const { left } = render(patches, 2 * RATE);
    expect(allFinite(left)).toBe(true);
    for (const source of at.filter((s) => s / 2 < 2 * RATE - 0.02 * RATE)) {
      const expected = source / 2;
      expect(Math.abs(onsetNear(left, expected) - expected)).toBeLessThanOrEqual(ONSET_TOLERANCE);
    }
  });

  it("keep a sine's pitch when only time-stretched", () => {
    const map = new Float64Array([0, 0, RATE, 2 * RATE]);
    const { left } = render(
      [
        { op: "source", slot: 0, frames: 3 * RATE, data: [sine(3 * RATE, 440, RATE, 0.5)] },
        track(0),
        clip(0, { start: 0, end: RATE, warp: map }),
      ],
      RATE,
    );
    const middle = left.subarray(RATE / 4, RATE / 4 + 16_384);
    const at440 = toneDbfs(middle, RATE, 440);
    expect(at440).toBeGreaterThan(-9);
    expect(toneDbfs(middle, RATE, 880)).toBeLessThan(at440 - 40);
    expect(toneDbfs(middle, RATE, 220)).toBeLessThan(at440 - 40);
  });

  it("follow tempo automation On Beat: a tempo ramp keeps the clip's beats on the project's beats", () => {
    // Source at 2 beats/s with a click on every beat; the project ramps from 2 to 3 beats/s.
    const sourceFrames = 6 * RATE;
    const beatFrames = Array.from({ length: 12 }, (_, b) => Math.round((b * RATE) / 2));
    const ramp: TempoPoint[] = [
      { beats: 0, bps: 2 },
      { beats: 8, bps: 3 },
    ];
    const markers = Array.from({ length: 11 }, (_, b) => ({ beats: b, seconds: b / 2 }));
    const { patches, state } = projectPatches(
      { startBeats: 0, endBeats: 10, warp: { enabled: true, markers } },
      clicks(sourceFrames, beatFrames),
      ramp,
    );
    const tempo = createTempoMap(state.timing);
    const end = Math.round(beatsToSeconds(tempo, beats(10)) * RATE);
    const { left } = render(patches, end);
    expect(allFinite(left)).toBe(true);
    for (let b = 1; b < 10; b++) {
      const expected = beatsToSeconds(tempo, beats(b)) * RATE;
      expect(Math.abs(onsetNear(left, expected) - expected)).toBeLessThanOrEqual(ONSET_TOLERANCE);
    }
    // Unwarped, the same clicks drift off the accelerating beats.
    const original = projectPatches(
      { startBeats: 0, endBeats: 10, warp: { enabled: false, markers } },
      clicks(sourceFrames, beatFrames),
      ramp,
    );
    const unwarped = render(original.patches, end).left;
    const late = beatsToSeconds(tempo, beats(6)) * RATE;
    const ownRate = beatFrames[6];
    expect(Math.abs(onsetNear(unwarped, ownRate) - ownRate)).toBeLessThanOrEqual(ONSET_TOLERANCE);
    expect(Math.abs(ownRate - late)).toBeGreaterThan(10 * ONSET_TOLERANCE);
  });

  it("play at warp.speed without markers", () => {
    const at = [RATE, 2 * RATE];
    const { patches } = projectPatches(
      { startBeats: 0, endBeats: 4, warp: { enabled: true, markers: [], speed: 2 } },
      clicks(3 * RATE, at),
    );
    const { left } = render(patches, 2 * RATE);
    for (const source of at) {
      expect(Math.abs(onsetNear(left, source / 2) - source / 2)).toBeLessThanOrEqual(ONSET_TOLERANCE);
    }
  });

  it("play unwarped while awaiting analysis with no markers", () => {
    const source = sine(RATE * 3, 440, RATE, 0.5);
    const warped = projectPatches(
      { startBeats: 0, endBeats: 4, warp: { enabled: true, markers: [], awaitingAnalysis: true, speed: 2 } },
      source,
    );
    const clipPatch = warped.patches.find((patch) => patch.op === "clip");
    expect(clipPatch && "warp" in clipPatch ? clipPatch.warp : undefined).toBeNull();
    const plain = projectPatches({ startBeats: 0, endBeats: 4 }, source);
    expect(Array.from(render(warped.patches, RATE).left)).toEqual(
      Array.from(render(plain.patches, RATE).left),
    );
  });
});

describe("transposed clips", () => {
  it("transpose a sine by +12 semitones to twice its frequency", () => {
    const { left } = render(
      [
        { op: "source", slot: 0, frames: 2 * RATE, data: [sine(2 * RATE, 440, RATE, 0.5)] },
        track(0),
        clip(0, { start: 0, end: RATE, transposition: 12 }),
      ],
      RATE,
    );
    const middle = left.subarray(RATE / 4, RATE / 4 + 16_384);
    const at880 = toneDbfs(middle, RATE, 880);
    expect(at880).toBeGreaterThan(-9);
    expect(toneDbfs(middle, RATE, 440)).toBeLessThan(at880 - 40);
  });

  it("transpose from the project's clip transposition, warped or not", () => {
    const source = sine(3 * RATE, 300, RATE, 0.5);
    for (const enabled of [false, true]) {
      const { patches } = projectPatches(
        {
          startBeats: 0,
          endBeats: 2,
          transposition: -12,
          warp: { enabled, markers: enabled ? [{ beats: 0, seconds: 0 }] : [] },
        },
        source,
      );
      const { left } = render(patches, RATE);
      const middle = left.subarray(RATE / 4, RATE / 4 + 16_384);
      expect(toneDbfs(middle, RATE, 150)).toBeGreaterThan(toneDbfs(middle, RATE, 300) + 40);
    }
  });

  it("keep the formants when the clip asks for it: the stretcher is told, and the sound changes", () => {
    // A harmonic-rich tone (partials at 200 Hz steps, falling 6 dB an octave) has an envelope to keep.
    const source = new Float32Array(2 * RATE);
    for (let k = 1; k <= 20; k++) {
      for (let i = 0; i < source.length; i++)
        source[i] += (0.3 / k) * Math.sin((2 * Math.PI * 200 * k * i) / RATE);
    }
    const renders = [false, true].map((preserveFormants) => {
      const { patches } = projectPatches(
        { startBeats: 0, endBeats: 2, transposition: 7, preserveFormants },
        source,
      );
      const clipPatch = patches.find((patch) => patch.op === "clip");
      expect(clipPatch && "formant" in clipPatch ? clipPatch.formant : undefined).toBe(preserveFormants);
      return render(patches, RATE).left.subarray(RATE / 4, RATE / 4 + 16_384);
    });
    expect(renders.every(allFinite)).toBe(true);
    // Both transposed by +7 semitones: the fundamental moves to 200 * 2^(7/12) Hz either way.
    const fundamental = 200 * 2 ** (7 / 12);
    for (const signal of renders)
      expect(toneDbfs(signal, RATE, fundamental)).toBeGreaterThan(toneDbfs(signal, RATE, 200) + 20);
    const difference = renders[0].reduce((sum, v, i) => sum + (v - renders[1][i]) ** 2, 0);
    expect(difference).toBeGreaterThan(0);
  });
});

describe("stretcher voices", () => {
  it("leave unwarped, untransposed clips exactly as they were", () => {
    const ramp = new Float32Array(RATE).map((_, i) => Math.sin(i / 50) * 0.5);
    const base = [{ op: "source", slot: 0, frames: RATE, data: [ramp] } as const, track(0)];
    const plain = render([...base, clip(0, { start: 100, end: 40_000, sourceStart: 300 })], 40_000);
    const explicit = render(
      [...base, clip(0, { start: 100, end: 40_000, sourceStart: 300, transposition: 0, warp: null })],
      40_000,
    );
    expect(Array.from(explicit.left)).toEqual(Array.from(plain.left));
    // A clip that was transposed and is set back reads the plain copy again.
    const back = render(
      [
        ...base,
        clip(0, { start: 100, end: 40_000, sourceStart: 300, transposition: 7 }),
        clip(0, { start: 100, end: 40_000, sourceStart: 300 }),
      ],
      40_000,
    );
    expect(Array.from(back.left)).toEqual(Array.from(plain.left));
  });

  it("free their stretcher on removal: 1000 adds and removes stop growing memory", () => {
    const dsp = newDsp();
    const core = new EngineCore(dsp, RATE);
    core.apply({ op: "source", slot: 0, frames: RATE, data: [sine(RATE, 440, RATE, 0.5)] });
    core.apply(track(0));
    core.finishLoading();
    core.apply({ op: "play" });
    const map = new Float64Array([0, 0, RATE, 1.5 * RATE]);
    let after100 = 0;
    for (let i = 0; i < 1000; i++) {
      core.apply(clip(i % 4, { transposition: 5, warp: map }));
      core.render();
      core.apply({ op: "clip-remove", slot: i % 4 });
      if (i === 99) after100 = dsp.memory.buffer.byteLength;
    }
    expect(dsp.memory.buffer.byteLength).toBe(after100);
  });

  it("survive seeks and loop wraps with warped clips: no NaN, no step larger than the signal's own", () => {
    const dsp = newDsp();
    const core = new EngineCore(dsp, RATE);
    core.apply({ op: "source", slot: 0, frames: 4 * RATE, data: [sine(4 * RATE, 220, RATE, 0.5)] });
    core.apply(track(0));
    const map = new Float64Array([0, 0, RATE, 1.6 * RATE, 3 * RATE, 3 * RATE]);
    core.apply(clip(0, { start: 0, end: 3 * RATE, warp: map, transposition: 3 }));
    core.apply({ op: "loop", enabled: true, start: 0.3 * RATE, end: 0.7 * RATE });
    core.finishLoading();
    core.apply({ op: "play" });
    const out: number[] = [];
    for (let q = 0; q < (4 * RATE) / QUANTUM_FRAMES; q++) {
      if (q === 200) core.apply({ op: "loop", enabled: false, start: 0, end: 0 });
      if (q === 300) core.apply({ op: "seek", frame: 2.1 * RATE + 17 });
      if (q === 500) core.apply({ op: "seek", frame: 0.05 * RATE });
      const { left } = core.render();
      out.push(...left);
    }
    const signal = Float32Array.from(out);
    expect(allFinite(signal)).toBe(true);
    // A 277 Hz sine of 0.5 steps at most ~0.018 a frame; a click would step far more.
    expect(maxStep(signal)).toBeLessThan(0.06);
    // And it is playing, not silent.
    expect(signal.reduce((peak, x) => Math.max(peak, Math.abs(x)), 0)).toBeGreaterThan(0.2);
  });

  it("loop a warped clip's content through its loop region", () => {
    const { patches } = projectPatches(
      {
        startBeats: 0,
        endBeats: 8,
        loop: { enabled: true, startBeats: 1, endBeats: 3 },
        warp: {
          enabled: true,
          markers: [
            { beats: 0, seconds: 0 },
            { beats: 4, seconds: 1 },
          ],
        },
      },
      clicks(2 * RATE, [Math.round(0.25 * RATE), Math.round(0.5 * RATE)]),
    );
    const clipPatch = patches.find((patch) => patch.op === "clip");
    expect(clipPatch && "loop" in clipPatch ? clipPatch.loop : null).toEqual({
      enabled: true,
      start: 0.25 * RATE,
      end: 0.75 * RATE,
    });
    const { left } = render(patches, 4 * RATE);
    expect(allFinite(left)).toBe(true);
    // Beat 1 of the content (source 0.25 s) at timeline beat 1, then again every 2 beats (1 s).
    for (const beat of [1, 3, 5, 7]) {
      const expected = (beat / 2) * RATE;
      expect(Math.abs(onsetNear(left, expected) - expected)).toBeLessThanOrEqual(ONSET_TOLERANCE);
    }
  });
});
