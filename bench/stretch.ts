// Time-stretch or transpose a WAV file with the wasm stretcher:
//   npx tsx bench/stretch.ts --in IN.wav --out OUT.wav (--stretch R | --semitones N) [--formant] [--repeat K]
// R is output duration / input duration. The output has exactly round(frames * R) frames and the
// input's rate and channels, as 32-bit float. --repeat K times K runs and prints the median speed
// (input seconds per wall second) to stderr.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { stretchAudio } from "../src/engine/stretch.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { decodeWav, encodeWav } from "../src/shared/audio/wav.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";
import { median } from "./area.ts";

const USAGE =
  "usage: npx tsx bench/stretch.ts --in IN.wav --out OUT.wav (--stretch R | --semitones N) [--formant] [--repeat K]";

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

let options: ReturnType<typeof parse>;
function parse() {
  // "--semitones -5": parseArgs would take "-5" for an option, so join it to its option first.
  const args: string[] = [];
  const raw = process.argv.slice(2);
  for (let i = 0; i < raw.length; i++) {
    const numeric = /^--(stretch|semitones|repeat)$/.test(raw[i]) && /^-[\d.]/.test(raw[i + 1] ?? "");
    args.push(numeric ? `${raw[i]}=${raw[++i]}` : raw[i]);
  }
  return parseArgs({
    args,
    options: {
      in: { type: "string" },
      out: { type: "string" },
      stretch: { type: "string" },
      semitones: { type: "string" },
      formant: { type: "boolean", default: false },
      repeat: { type: "string", default: "1" },
    },
    strict: true,
  }).values;
}
try {
  options = parse();
} catch (error) {
  fail((error as Error).message);
}
if (!options.in || !options.out) fail("--in and --out are required");
if ((options.stretch === undefined) === (options.semitones === undefined)) {
  fail("give exactly one of --stretch and --semitones");
}
const stretch = options.stretch === undefined ? 1 : Number(options.stretch);
const semitones = options.semitones === undefined ? 0 : Number(options.semitones);
const repeat = Number(options.repeat);
if (!(stretch > 0) || !Number.isFinite(stretch))
  fail(`--stretch must be a positive number, not ${options.stretch}`);
if (!Number.isFinite(semitones)) fail(`--semitones must be a number, not ${options.semitones}`);
if (!Number.isInteger(repeat) || repeat < 1)
  fail(`--repeat must be a positive integer, not ${options.repeat}`);

const bytes = readFileSync(options.in);
const input = decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
const settings = { stretch, semitones, formant: options.formant };

const seconds: number[] = [];
let output: Float32Array[] = [];
for (let i = 0; i < repeat; i++) {
  const start = performance.now();
  output = stretchAudio(dsp, input.channels, input.sampleRate, settings);
  seconds.push((performance.now() - start) / 1000);
}
writeFileSync(options.out, new Uint8Array(encodeWav({ sampleRate: input.sampleRate, channels: output })));

const inputSeconds = (input.channels[0]?.length ?? 0) / input.sampleRate;
const wall = median(seconds);
process.stderr.write(
  `${options.in} -> ${options.out}: ${output[0]?.length ?? 0} frames, ${wall.toFixed(3)} s, ` +
    `${(inputSeconds / wall).toFixed(1)} input s per wall s (median of ${repeat})\n`,
);
