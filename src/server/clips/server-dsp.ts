import { readFileSync } from "node:fs";
import { type DspExports, instantiateDsp } from "../../engine/node.ts";
import { DSP_WASM } from "../../platform/paths.ts";

let compiled: WebAssembly.Module | undefined;

/**
 * A fresh instance of the DSP core for one job. The module compiles once; each job gets its own
 * instance so the memory a long song needed goes away with it.
 */
export function newServerDsp(): DspExports {
  if (!compiled) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(readFileSync(DSP_WASM));
    } catch {
      throw new Error(`The audio engine is not built (${DSP_WASM} is missing): run npm run build:dsp`);
    }
    compiled = new WebAssembly.Module(bytes);
  }
  return instantiateDsp(compiled);
}
