import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const repoPath = (relative: string): string =>
  fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const DSP_WASM = repoPath("build/dsp/dsp.wasm");
export const DIST_DIR = repoPath("dist");
