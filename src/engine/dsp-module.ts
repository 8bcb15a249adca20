import dspUrl from "../../build/dsp/dsp.wasm?url&no-inline";

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * Compiles dsp.wasm once per page. Worklets cannot fetch, so every processor
 * receives this module and instantiates it synchronously.
 */
export function loadDspModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compileStreaming(fetch(dspUrl)).catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}
