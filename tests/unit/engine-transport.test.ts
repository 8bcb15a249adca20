import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import { newDsp } from "../dsp-wasm.ts";
import { DECLICK } from "./engine-constants.ts";
import { clip, constantSource, fadeCurve, maxStep, RATE, track } from "./engine-harness.ts";

/**
 * A playing engine whose output is recorded as it is pulled, quantum by
 * quantum, as the worklet pulls it. The output trails the transport by the
 * limiter's latency, so timeline frame f is heard at output frame f + latency.
 */
function playing(patches: readonly EnginePatch[]) {
  const core = new EngineCore(newDsp(), RATE);
  for (const patch of patches) core.apply(patch);
  core.finishLoading();
  core.apply({ op: "play" });
  const recorded: number[] = [];
  return {
    core,
    latency: core.latencyFrames,
    /** Renders more quanta; returns the whole output so far. */
    pull(quanta: number): Float32Array {
      for (let q = 0; q < quanta; q++) recorded.push(...core.render().left);
      return Float32Array.from(recorded);
    },
  };
}

const sine = (frames: number, hz: number) =>
  new Float32Array(frames).map((_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE));

describe("transport", () => {
  it("wraps at the loop end sample-accurately, replaying the loop start", () => {
    const source = sine(RATE, 441);
    const { pull, core, latency } = playing([
      { op: "source", slot: 0, frames: RATE, data: [source] },
      track(0),
      clip(0, { start: 0, end: RATE }),
      { op: "loop", enabled: true, start: 1000, end: 5000 },
    ]);
    const out = pull(110); // 14080 frames: three wraps
    // Away from the declick windows, the frame heard 4000 k frames after loop frame 1000 + j is loop frame 1000 + j.
    for (let j = DECLICK; j < 4000 - DECLICK; j += 97) {
      expect(out[latency + 1000 + j]).toBeCloseTo(source[1000 + j], 6);
      expect(out[latency + 5000 + j]).toBeCloseTo(source[1000 + j], 6);
      expect(out[latency + 9000 + j]).toBeCloseTo(source[1000 + j], 6);
    }
    expect(core.position).toBe(1000 + ((110 * QUANTUM_FRAMES - 1000) % 4000));
  });

  it("declicks the loop wrap: no step larger than the ramp's", () => {
    const source = new Float32Array(RATE).fill(0.8);
    const { pull, latency } = playing([
      { op: "source", slot: 0, frames: RATE, data: [source] },
      track(0),
      clip(0, {}),
      { op: "loop", enabled: true, start: 300, end: 2345 },
    ]);
    const out = pull(60);
    expect(maxStep(out, latency + DECLICK)).toBeLessThan((0.8 * 2.5) / DECLICK);
    // The wrap dips towards silence and comes back: the ramp, not a jump.
    const wrap = latency + 2345;
    expect(Math.min(...out.subarray(wrap - 3, wrap + 3))).toBeLessThan(0.05);
  });

  it("ramps mute toggles over a quantum instead of stepping", () => {
    const { core, pull } = playing([constantSource(0, RATE, 0.5), track(0), clip(0, {})]);
    pull(4);
    core.apply(track(0, { mute: true }));
    const muted = pull(3);
    expect(maxStep(muted, 4 * QUANTUM_FRAMES)).toBeLessThanOrEqual(0.5 / QUANTUM_FRAMES + 1e-6);
    expect(muted.at(-1)).toBe(0);
    core.apply(track(0, { mute: false }));
    const back = pull(3);
    expect(maxStep(back, 7 * QUANTUM_FRAMES)).toBeLessThanOrEqual(0.5 / QUANTUM_FRAMES + 1e-6);
    expect(back.at(-1)).toBeCloseTo(0.5, 6);
  });

  it("fades out over one quantum on stop and on seek, then moves", () => {
    const { core, pull, latency } = playing([constantSource(0, RATE, 0.5), track(0), clip(0, {})]);
    pull(4);
    core.apply({ op: "seek", frame: 20_000 });
    pull(1);
    expect(core.position).toBe(20_000);
    const out = pull(2);
    const fadeStart = 4 * QUANTUM_FRAMES + latency;
    for (let i = 0; i < QUANTUM_FRAMES; i += 16) {
      expect(out[fadeStart + i]).toBeCloseTo(0.5 * fadeCurve((QUANTUM_FRAMES - i - 0.5) / QUANTUM_FRAMES), 6);
    }
    // After the jump the sound ramps back in over the declick.
    expect(out[fadeStart + QUANTUM_FRAMES]).toBeCloseTo(0.5 * fadeCurve(0.5 / DECLICK), 6);
    core.apply({ op: "stop" });
    pull(1);
    expect(core.playing).toBe(false);
    const after = pull(3);
    expect(after.subarray(after.length - 2 * QUANTUM_FRAMES).every((sample) => sample === 0)).toBe(true);
  });

  it("clicks the metronome on the beats it is given, accenting downbeats", () => {
    const beats = Float64Array.from({ length: 8 }, (_, i) => 1000 + i * 6000);
    const { pull, latency } = playing([
      { op: "metronome", enabled: true, amplitude: 0.5, beatsPerBar: 4, beats },
    ]);
    const out = pull(Math.ceil(50_000 / QUANTUM_FRAMES)).subarray(latency);
    const peakNear = (frame: number) => Math.max(...out.subarray(frame, frame + 1440).map(Math.abs));
    expect(out.subarray(0, 1000).every((sample) => sample === 0)).toBe(true);
    expect(peakNear(1000)).toBeGreaterThan(0.4);
    expect(peakNear(7000)).toBeGreaterThan(0.2);
    expect(peakNear(7000)).toBeLessThan(0.31);
    expect(peakNear(25_000)).toBeGreaterThan(0.4);
    expect(out.subarray(1000 + 1440, 7000).every((sample) => sample === 0)).toBe(true);
  });
});
