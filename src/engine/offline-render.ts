import { type DspExports, QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";

export interface RenderedAudio {
  readonly sampleRate: number;
  readonly left: Float32Array;
  readonly right: Float32Array;
}

/**
 * Renders `frames` frames from the playhead set by the patches, with the same
 * engine code the worklet runs: identical output for identical patches.
 */
export function renderOffline(
  dsp: DspExports,
  sampleRate: number,
  patches: readonly EnginePatch[],
  frames: number,
): RenderedAudio {
  const core = new EngineCore(dsp, sampleRate);
  for (const patch of patches) core.apply(patch);
  core.finishLoading();
  core.apply({ op: "play" });
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let done = 0; done < frames; done += QUANTUM_FRAMES) {
    const quantum = core.render();
    const count = Math.min(QUANTUM_FRAMES, frames - done);
    left.set(quantum.left.subarray(0, count), done);
    right.set(quantum.right.subarray(0, count), done);
  }
  return { sampleRate, left, right };
}
