import type { EnginePatch } from "./engine-protocol.ts";

export const ENGINE_PROCESSOR_NAME = "tunesmith-engine";

export interface EngineProcessorOptions {
  readonly module: WebAssembly.Module;
  readonly shared: SharedArrayBuffer;
  /**
   * Applied, sources fully loaded, before the first quantum: messages arrive
   * asynchronously, and an offline render must not start without its project.
   */
  readonly initialPatches: readonly EnginePatch[];
}

/** Patches travel in batches, applied together before the next quantum. */
export interface EnginePatchBatch {
  readonly id: number;
  readonly patches: readonly EnginePatch[];
}
