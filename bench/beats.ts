// npx tsx bench/beats.ts --in IN.wav [--stream]: the beat and downbeat analysis of a WAV file as JSON,
// {bpm, beats, downbeats} (and no_beats_reason when there are none); --stream prints the streamed
// frames instead, one JSON object per line, the final one last.
import { readFileSync } from "node:fs";
import { analyzeBeats, streamBeats } from "../src/engine/beats/index.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { decodeWav } from "../src/shared/audio/wav.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";

const args = process.argv.slice(2);
const inAt = args.indexOf("--in");
const input = inAt >= 0 ? args[inAt + 1] : undefined;
if (input === undefined) {
  process.stderr.write("usage: npx tsx bench/beats.ts --in IN.wav [--stream]\n");
  process.exit(2);
}
const file = readFileSync(input);
const audio = decodeWav(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
if (args.includes("--stream")) {
  for (const frame of streamBeats(dsp, audio)) process.stdout.write(`${JSON.stringify(frame)}\n`);
} else {
  process.stdout.write(`${JSON.stringify(analyzeBeats(dsp, audio))}\n`);
}
