import asc from "assemblyscript/asc";
import { DSP_WASM, repoPath } from "../platform/paths.ts";
import { isStale } from "./freshness.ts";

const DSP_INPUTS = [repoPath("dsp"), repoPath("asconfig.json")];

export function dspIsStale(): boolean {
  return isStale(DSP_WASM, DSP_INPUTS);
}

/** Compiles dsp/ to build/dsp/dsp.wasm with asconfig.json's release target. */
export async function buildDsp(): Promise<void> {
  const stderr: string[] = [];
  const { error } = await asc.main(["--config", repoPath("asconfig.json"), "--target", "release"], {
    stdout: asc.createMemoryStream(),
    stderr: asc.createMemoryStream((chunk) => stderr.push(String(chunk))),
  });
  if (error) throw new Error(`AssemblyScript build of dsp/ failed:\n${stderr.join("")}`);
}

export async function buildDspIfStale(): Promise<boolean> {
  if (!dspIsStale()) return false;
  await buildDsp();
  return true;
}
