// The eSpeak-NG thread: speaks words at a fixed pitch and reports their phonemes' timings.
//
// Determinism: eSpeak's state (its random numbers, its voice's jitter) moves on with every word it
// speaks, and Emscripten reads the clock (Date.now) and Math.random. Both are replaced before
// eSpeak loads, and its whole memory is put back to the state it had right after loading before
// each song, with the clock and random numbers restarted from the song's seed: a song's words
// come out the same whatever this thread spoke before and whichever thread speaks them.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { servePool } from "../workers/pool-protocol.ts";
import type { SpeechRequest, SpeechResult, SpokenPhoneme, SpokenWord } from "./speech-protocol.ts";

/** The bindings' string buffer is grown to this before the snapshot; longer texts are refused. */
const STRING_BUFFER_BYTES = 1024;

const WARM_UP_TEXT = "We will keep on singing every morning, through the rhythm of the beautiful night.";

/** A fixed epoch for eSpeak's clock: the seed moves it, so nothing depends on the real time. */
const CLOCK_EPOCH_MS = 1_577_836_800_000;

let clockMs = CLOCK_EPOCH_MS;
let randomState = 0;
Date.now = () => clockMs;
Math.random = () => {
  // mulberry32
  randomState = (randomState + 0x6d2b79f5) >>> 0;
  let t = Math.imul(randomState ^ (randomState >>> 15), randomState | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};

function reseed(seed: number): void {
  clockMs = CLOCK_EPOCH_MS + (seed >>> 0) * 1000;
  randomState = seed >>> 0;
}

const require = createRequire(import.meta.url);
const packageData = readFileSync(require.resolve("@echogarden/espeak-ng-emscripten/espeak-ng.data"));
const dataBytes = packageData.buffer.slice(
  packageData.byteOffset,
  packageData.byteOffset + packageData.byteLength,
);
const { default: createModule } = await import("@echogarden/espeak-ng-emscripten");
reseed(0);
const espeak = await createModule({
  getPreloadedPackage: () => dataBytes,
  print: () => {},
  printErr: () => {},
});
const engine = new espeak.eSpeakNGWorker();
// The bindings pass strings through one buffer that they malloc in eSpeak's memory and track in
// JavaScript, growing it (free, malloc) when a longer string comes: grown once here, before the
// snapshot, it stays the block the restored memory has allocated, as long as every string fits.
engine.set_voice("x".repeat(STRING_BUFFER_BYTES));
// eSpeak is JavaScript here (wasm2js): V8 makes it several times faster once it has run a while,
// so it runs a while now, before the first song waits on it.
for (const variant of ["m3", "f3"]) {
  engine.set_voice(`en-us+${variant}`);
  engine.synthesize(WARM_UP_TEXT, () => false);
}
engine.set_voice("en-us");
const pristine = espeak.HEAPU8.slice();
const sampleRate = engine.get_samplerate();

function speakWord(text: string): SpokenWord {
  if (Buffer.byteLength(text) >= STRING_BUFFER_BYTES / 2)
    throw new Error(`A sung word of ${text.length} characters is too long`);
  const chunks: Int16Array[] = [];
  const phonemes: SpokenPhoneme[] = [];
  let pauseAt = Number.POSITIVE_INFINITY;
  engine.synthesize(text, (audio, events) => {
    chunks.push(audio);
    for (const event of events) {
      if (event.type !== "phoneme") continue;
      const at = event.audio_position / 1000;
      const name = typeof event.id === "string" ? event.id.trim() : "";
      if (name === "") {
        // eSpeak's pause after the word: the first one after a phoneme ends the word.
        if (phonemes.length > 0) pauseAt = Math.min(pauseAt, at);
      } else if (at < pauseAt) {
        phonemes.push({ name, start: at });
      }
    }
    return false;
  });
  const frames = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Float32Array(frames);
  let at = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) samples[at + i] = chunk[i] / 32768;
    at += chunk.length;
  }
  return { samples, phonemes, end: Math.min(pauseAt, frames / sampleRate) };
}

servePool<SpeechRequest, SpeechResult>((request) => {
  if (Buffer.byteLength(request.voice) >= STRING_BUFFER_BYTES / 2)
    throw new Error("The voice name is too long");
  espeak.HEAPU8.set(pristine);
  reseed(request.seed);
  if (engine.set_voice(request.voice) !== 0) throw new Error(`eSpeak has no voice ${request.voice}`);
  engine.set_range(0);
  engine.set_pitch(request.pitch);
  engine.set_rate(request.rate);
  const words = request.words.map(speakWord);
  return {
    result: { sampleRate, words, heapBytes: espeak.HEAPU8.length },
    transfer: words.map((word) => word.samples.buffer as ArrayBuffer),
  };
});
