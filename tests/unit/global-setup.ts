import { buildDspIfStale } from "../../src/tooling/dsp-build.ts";

export default async function setup(): Promise<void> {
  await buildDspIfStale();
}
