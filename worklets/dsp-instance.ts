import { ABI_VERSION, type DspExports, QUANTUM_FRAMES } from "./dsp-abi.ts";

/**
 * Instantiates the DSP core synchronously: the worklet scope cannot fetch or
 * await, so the host compiles the module and hands it over. Node and the server
 * use the same function with a module they compiled from the same file.
 */
export function instantiateDsp(module: WebAssembly.Module): DspExports {
  const dsp = new WebAssembly.Instance(module, {}).exports as unknown as DspExports;
  if (dsp.abiVersion() !== ABI_VERSION || dsp.quantumFrames() !== QUANTUM_FRAMES) {
    throw new Error(
      `dsp.wasm ABI ${dsp.abiVersion()}/${dsp.quantumFrames()} does not match the host's ${ABI_VERSION}/${QUANTUM_FRAMES}: rebuild with npm run build`,
    );
  }
  return dsp;
}
