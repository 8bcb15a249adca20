import { readFileSync } from "node:fs";
import { DSP_WASM } from "../src/platform/paths.ts";
import type { DspExports } from "../worklets/dsp-abi.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";

/** The built dsp.wasm, compiled once per test file, as the worklet and the server use it. */
export const dspModule = new WebAssembly.Module(readFileSync(DSP_WASM));

export function newDsp(): DspExports {
  return instantiateDsp(dspModule);
}
