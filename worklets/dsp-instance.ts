import { DSP_ABI, type DspExports } from "./dsp-abi.ts";

/**
 * Instantiates the DSP core synchronously: the worklet scope cannot fetch or
 * await, so the host compiles the module and hands it over. Node and the server
 * use the same function with a module they compiled from the same file.
 */
export function instantiateDsp(module: WebAssembly.Module): DspExports {
  const dsp = new WebAssembly.Instance(module, {}).exports as unknown as DspExports;
  for (const [name, expected] of Object.entries(DSP_ABI) as [keyof typeof DSP_ABI, number][]) {
    const actual = typeof dsp[name] === "function" ? dsp[name]() : undefined;
    if (actual !== expected) {
      throw new Error(
        `dsp.wasm ${name} is ${actual}, the host expects ${expected}: the wasm is stale, rebuild it with npm run build`,
      );
    }
  }
  return dsp;
}
