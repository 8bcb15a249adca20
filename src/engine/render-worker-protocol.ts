import type { WavFormat } from "../shared/audio/wav.ts";
import type { StudioProjectState } from "../shared/project/index.ts";
import type { SourceAudio } from "./project-render.ts";

export interface RenderRequest {
  readonly module: WebAssembly.Module;
  readonly state: StudioProjectState;
  readonly sources: ReadonlyMap<string, SourceAudio>;
  readonly sampleRate: number;
  readonly format: WavFormat;
}

export type RenderResponse = { readonly wav: ArrayBuffer } | { readonly error: string };
