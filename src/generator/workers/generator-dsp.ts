// The DSP core in a generator thread: compiled and instantiated once per thread, then kept for
// every job the thread runs (each job frees the wasm memory it took).
import { readFileSync } from "node:fs";
import { type DspExports, instantiateDsp } from "../../engine/node.ts";
import { DSP_WASM } from "../../platform/paths.ts";

let instance: DspExports | undefined;

export function generatorDsp(): DspExports {
  if (!instance) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(readFileSync(DSP_WASM));
    } catch {
      throw new Error(`The audio engine is not built (${DSP_WASM} is missing): run npm run build:dsp`);
    }
    instance = instantiateDsp(new WebAssembly.Module(bytes));
  }
  return instance;
}
