// npx tsx bench/beats.ts --in IN.wav [--stream]: the beat and downbeat analysis of a WAV file as JSON,
// {bpm, beats, downbeats, meter, tempo_candidates} (and no_beats_reason when there are none); --stream
// prints the streamed frames instead, one JSON object per line, the final one last. Without --in: the
// beats bench area (speed and quality; `--real DIR` adds a folder of annotated recordings).
import { readFileSync } from "node:fs";
import { analyzeBeats, streamBeats } from "../src/engine/beats/index.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { decodeWav } from "../src/shared/audio/wav.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";

const args = process.argv.slice(2);
const inAt = args.indexOf("--in");
const input = inAt >= 0 ? args[inAt + 1] : undefined;
if (input === undefined) {
  const { beatsBench } = await import("./beats-bench.ts");
  process.stdout.write(`${(await beatsBench.run({ quick: args.includes("--quick") })).table}\n`);
  process.exit(0);
}
const file = readFileSync(input);
const audio = decodeWav(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
if (args.includes("--stream")) {
  for (const frame of streamBeats(dsp, audio)) process.stdout.write(`${JSON.stringify(frame)}\n`);
} else {
  process.stdout.write(`${JSON.stringify(analyzeBeats(dsp, audio))}\n`);
}
