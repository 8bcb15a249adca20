import type { BeatsResult, BeatsStreamFrame } from "../../shared/beats/beats-result.ts";
import type { StreamBeatsOptions } from "./analyze.ts";

export interface BeatsRequest {
  readonly module: WebAssembly.Module;
  readonly sampleRate: number;
  /** Planar PCM; the page transfers these buffers. */
  readonly channels: Float32Array[];
  readonly options?: StreamBeatsOptions;
}

/** Every frame as it is ready, then the result (or an error) last. */
export type BeatsResponse =
  | { readonly type: "frame"; readonly frame: BeatsStreamFrame }
  | { readonly type: "result"; readonly result: BeatsResult }
  | { readonly type: "error"; readonly error: string };
