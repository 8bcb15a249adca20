import asc from "assemblyscript/asc";
import { describe, expect, it } from "vitest";
import { ABI_VERSION, QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";
import { instantiateDsp } from "../../worklets/dsp-instance.ts";
import { dspModule } from "./dsp-wasm.ts";

describe("dsp.wasm ABI", () => {
  it("exports the values the host was written against", () => {
    const dsp = instantiateDsp(dspModule);
    expect(dsp.abiVersion()).toBe(ABI_VERSION);
    expect(dsp.quantumFrames()).toBe(QUANTUM_FRAMES);
  });

  it("needs no imports, so the worklet can instantiate it with none", () => {
    expect(WebAssembly.Module.imports(dspModule)).toEqual([]);
  });

  it("refuses a module built against another ABI", async () => {
    const { binary, error } = await asc.compileString(
      `export function abiVersion(): i32 { return ${ABI_VERSION + 1}; }
       export function quantumFrames(): i32 { return ${QUANTUM_FRAMES}; }`,
      { runtime: "stub" },
    );
    expect(error).toBeNull();
    const stale = new WebAssembly.Module(binary as Uint8Array<ArrayBuffer>);
    expect(() => instantiateDsp(stale)).toThrow(/does not match the host/);
  });
});
