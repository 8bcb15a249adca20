import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import { newDsp } from "../dsp-wasm.ts";
import { DECLICK } from "./engine-constants.ts";
import { clip, constantSource, fadeCurve, maxStep, RATE, track } from "./engine-harness.ts";

/** An engine that has applied the patches and is playing, with a way to pull quanta. */
function playing(patches: readonly EnginePatch[]) {
  const core = new EngineCore(newDsp(), RATE);
  for (const patch of patches) core.apply(patch);
  core.finishLoading();
  core.apply({ op: "play" });
  return {
    core,
    pull(quanta: number) {
      const left = new Float32Array(quanta * QUANTUM_FRAMES);
      for (let q = 0; q < quanta; q++) left.set(core.render().left, q * QUANTUM_FRAMES);
      return left;
    },
  };
}

const sine = (frames: number, hz: number) =>
  new Float32Array(frames).map((_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE));

describe("transport", () => {
  it("wraps at the loop end sample-accurately, replaying the loop start", () => {
    const source = sine(RATE, 441);
    const loop = { op: "loop", enabled: true, start: 1000, end: 5000 } as const;
    const { pull, core } = playing([
      { op: "source", slot: 0, frames: RATE, data: [source] },
      track(0),
      clip(0, { start: 0, end: RATE }),
      loop,
    ]);
    const out = pull(110); // 14080 frames: three wraps
    // Away from the declick windows, frame 5000 + k of the output is loop frame 1000 + k.
    for (let k = DECLICK; k < 4000 - DECLICK; k += 97) {
      expect(out[5000 + k]).toBeCloseTo(source[1000 + k], 6);
      expect(out[9000 + k]).toBeCloseTo(source[1000 + k], 6);
    }
    expect(core.position).toBe(1000 + ((110 * QUANTUM_FRAMES - 1000) % 4000));
  });

  it("declicks the loop wrap: no step larger than the signal's own plus the ramp's", () => {
    const source = new Float32Array(RATE).fill(0.9);
    const { pull } = playing([
      { op: "source", slot: 0, frames: RATE, data: [source] },
      track(0),
      clip(0, {}),
      { op: "loop", enabled: true, start: 300, end: 2345 },
    ]);
    const out = pull(60);
    expect(maxStep(out, DECLICK)).toBeLessThan((0.9 * 2.5) / DECLICK);
    // The wrap dips towards silence and comes back: the ramp, not a jump.
    expect(Math.min(...out.subarray(2345 - 5, 2345 + 5))).toBeLessThan(0.05);
  });

  it("ramps mute toggles over a quantum instead of stepping", () => {
    const { core, pull } = playing([constantSource(0, RATE, 0.5), track(0), clip(0, {})]);
    pull(4);
    core.apply(track(0, { mute: true }));
    const fading = pull(2);
    expect(maxStep(fading)).toBeLessThanOrEqual(0.5 / QUANTUM_FRAMES + 1e-7);
    expect(fading[QUANTUM_FRAMES + 5]).toBe(0);
    core.apply(track(0, { mute: false }));
    const back = pull(2);
    expect(maxStep(back)).toBeLessThanOrEqual(0.5 / QUANTUM_FRAMES + 1e-7);
    expect(back[QUANTUM_FRAMES + 5]).toBe(0.5);
  });

  it("fades out over one quantum on stop and on seek, then moves", () => {
    const { core, pull } = playing([constantSource(0, RATE, 0.5), track(0), clip(0, {})]);
    pull(4);
    core.apply({ op: "seek", frame: 20_000 });
    const seeking = pull(1);
    for (let i = 0; i < QUANTUM_FRAMES; i += 16) {
      expect(seeking[i]).toBeCloseTo(0.5 * fadeCurve((QUANTUM_FRAMES - i - 0.5) / QUANTUM_FRAMES), 6);
    }
    expect(core.position).toBe(20_000);
    const after = pull(1);
    expect(after[0]).toBeCloseTo(0.5 * fadeCurve(0.5 / DECLICK), 6);
    core.apply({ op: "stop" });
    pull(1);
    expect(core.playing).toBe(false);
    expect(pull(2).every((sample) => sample === 0)).toBe(true);
  });

  it("clicks the metronome on the beats it is given, accenting downbeats", () => {
    const beats = Float64Array.from({ length: 8 }, (_, i) => 1000 + i * 6000);
    const { pull } = playing([{ op: "metronome", enabled: true, amplitude: 0.5, beatsPerBar: 4, beats }]);
    const out = pull(Math.ceil(50_000 / QUANTUM_FRAMES));
    const peakNear = (frame: number) => Math.max(...out.subarray(frame, frame + 1440).map(Math.abs));
    expect(out.subarray(DECLICK, 1000).every((sample) => sample === 0)).toBe(true);
    expect(peakNear(1000)).toBeGreaterThan(0.4);
    expect(peakNear(7000)).toBeGreaterThan(0.2);
    expect(peakNear(7000)).toBeLessThan(0.31);
    expect(peakNear(25_000)).toBeGreaterThan(0.4);
    expect(out.subarray(1000 + 1440, 7000).every((sample) => sample === 0)).toBe(true);
  });
});
