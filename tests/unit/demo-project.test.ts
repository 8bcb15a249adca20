import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { demoSessionPatches } from "../../src/engine/demo/demo-session.ts";
import { renderOffline } from "../../src/engine/offline-render.ts";
import { AUTO_CROSSFADE_BEATS } from "../../src/engine/render-plan.ts";
import { newDsp } from "../dsp-wasm.ts";

const RATE = 48_000;

describe("demo project", () => {
  it("has 8 tracks and about 30 clips with fades, EQ and a loop", () => {
    const state = demoProject();
    expect(state.tracks).toHaveLength(8);
    const clips = state.tracks.flatMap((track) => track.clips);
    expect(clips.length).toBeGreaterThanOrEqual(25);
    expect(clips.some((clip) => clip.fadeInBeats > 0)).toBe(true);
    expect(clips.some((clip) => clip.loop.enabled)).toBe(true);
    expect(state.tracks.filter((track) => track.eq.enabled).length).toBeGreaterThanOrEqual(4);
    expect(state.loop).toEqual({ enabled: true, startBeats: 16, endBeats: 48 });
  });

  it("plans meeting clips with an auto crossfade straddling the meeting point", () => {
    const { session } = demoSessionPatches(RATE);
    const plan = session.plan;
    if (!plan) throw new Error("no plan");
    const [first, second] = plan.clips.filter((clip) => clip.trackId === "demo-track-kick");
    const half = (AUTO_CROSSFADE_BEATS / 2 / 2) * RATE; // half the crossfade, at 2 beats per second
    expect(first.end).toBe(8 * RATE + half);
    expect(second.start).toBe(8 * RATE - half);
    expect(second.fadeIn).toBe(2 * half);
    expect(first.fadeOut).toBe(2 * half);
    // The second clip's source runs on from the first's: its content starts 8 s (16 beats) later.
    expect(second.sourceStart).toBe(-half);
  });

  it("renders offline in Node: finite, audible, and loops back to beat 16 at beat 48", () => {
    const { patches } = demoSessionPatches(RATE);
    const frames = 30 * RATE;
    const { left, right } = renderOffline(newDsp(), RATE, patches, frames);
    expect(left.every(Number.isFinite) && right.every(Number.isFinite)).toBe(true);
    const rms = Math.sqrt(left.reduce((sum, x) => sum + x * x, 0) / frames);
    expect(rms).toBeGreaterThan(0.02);
    // Beat 48 is 24 s: after the loop the output repeats what followed beat 16 (8 s), past the declick.
    for (let k = 1000; k < 2 * RATE; k += 4999) {
      expect(left[24 * RATE + k]).toBeCloseTo(left[8 * RATE + k], 4);
    }
  });
});
