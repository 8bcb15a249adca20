// A stop followed by a play before the next quantum (a host that silences one song and starts
// the next at once) plays on: the play calls off the stop's fade-out.
import { describe, expect, it } from "vitest";
import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import { newDsp } from "../dsp-wasm.ts";
import { clip, RATE, track } from "./engine-harness.ts";

describe("play after a stop within one quantum", () => {
  it("keeps playing, and the position keeps moving", () => {
    const core = new EngineCore(newDsp(), RATE);
    const source = new Float32Array(RATE).fill(0.5);
    for (const patch of [
      { op: "source", slot: 0, frames: RATE, data: [source] },
      track(0),
      clip(0, {}),
    ] as const)
      core.apply(patch);
    core.finishLoading();
    core.apply({ op: "play" });
    for (let q = 0; q < 10; q++) core.render();
    core.apply({ op: "stop" });
    core.apply({ op: "play" });
    let last = new Float32Array(0);
    for (let q = 0; q < 10; q++) last = core.render().left.slice();
    expect(core.playing).toBe(true);
    expect(core.position).toBe(20 * QUANTUM_FRAMES);
    expect(Math.min(...last)).toBeGreaterThan(0.4);
  });

  it("still stops when no play follows", () => {
    const core = new EngineCore(newDsp(), RATE);
    core.apply({ op: "play" });
    core.render();
    core.apply({ op: "stop" });
    for (let q = 0; q < 3; q++) core.render();
    expect(core.playing).toBe(false);
  });
});
