import { build } from "vite";
import { DIST_DIR, repoPath } from "../platform/paths.ts";
import { isStale } from "./freshness.ts";

const PAGE_INPUTS = [
  "src/app",
  "src/engine",
  "src/studio",
  "src/shared",
  "worklets",
  "dsp",
  "locales",
  "asconfig.json",
  "vite.config.ts",
  "package-lock.json",
].map(repoPath);

/** Builds the pages (and with them dsp.wasm) when dist/ is missing or older than its sources. */
export async function buildPagesIfStale(): Promise<boolean> {
  if (!isStale(`${DIST_DIR}/index.html`, PAGE_INPUTS)) return false;
  process.stdout.write("Building the pages...\n");
  await build({ configFile: repoPath("vite.config.ts"), logLevel: "warn" });
  return true;
}
