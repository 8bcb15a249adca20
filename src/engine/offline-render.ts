import { type DspExports, QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";

export interface RenderedAudio {
  readonly sampleRate: number;
  readonly left: Float32Array;
  readonly right: Float32Array;
}

/**
 * Renders timeline frames [playhead, playhead + frames) with the same engine
 * code the worklet runs. The output is aligned with the timeline: the master
 * limiter's lookahead delay is rendered past and dropped, which the worklet,
 * playing live, cannot do (its output trails by engineLatencyFrames).
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
  const latency = core.latencyFrames;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let rendered = 0; rendered < frames + latency; rendered += QUANTUM_FRAMES) {
    const quantum = core.render();
    // Frame k of this quantum is output frame rendered + k, timeline frame rendered + k - latency.
    const from = Math.max(0, latency - rendered);
    const to = Math.min(QUANTUM_FRAMES, frames + latency - rendered);
    if (to <= from) continue;
    left.set(quantum.left.subarray(from, to), rendered + from - latency);
    right.set(quantum.right.subarray(from, to), rendered + from - latency);
  }
  return { sampleRate, left, right };
}
