import asc from "assemblyscript/asc";
import { describe, expect, it } from "vitest";
import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import { instantiateDsp } from "../../worklets/dsp-instance.ts";
import { dspModule } from "../dsp-wasm.ts";

describe("dsp.wasm ABI", () => {
  it("exports every value the host was written against", () => {
    const dsp = instantiateDsp(dspModule);
    for (const [name, expected] of Object.entries(DSP_ABI)) {
      expect(dsp[name as keyof typeof DSP_ABI](), name).toBe(expected);
    }
  });

  it("needs no imports, so the worklet can instantiate it with none", () => {
    expect(WebAssembly.Module.imports(dspModule)).toEqual([]);
  });

  it("refuses a module built against another ABI, naming the value that differs", async () => {
    const getters = Object.entries(DSP_ABI).map(
      ([name, value]) =>
        `export function ${name}(): i32 { return ${name === "maxClips" ? value + 1 : value}; }`,
    );
    const { binary, error } = await asc.compileString(getters.join("\n"), { runtime: "stub" });
    expect(error).toBeNull();
    const stale = new WebAssembly.Module(binary as Uint8Array<ArrayBuffer>);
    expect(() => instantiateDsp(stale)).toThrow(
      `dsp.wasm maxClips is ${DSP_ABI.maxClips + 1}, the host expects ${DSP_ABI.maxClips}: the wasm is stale`,
    );
  });
});
