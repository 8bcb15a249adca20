// Where a Node process finds the repository's files on disk: the built wasm core, the built pages,
// anything under the repository root. Build tooling, the server, the generator's threads, tests and
// benches all ask here; it imports nothing of ours, so every layer may use it.
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const repoPath = (relative: string): string =>
  fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const DSP_WASM = repoPath("build/dsp/dsp.wasm");
export const DIST_DIR = repoPath("dist");
