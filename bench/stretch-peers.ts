// The time-stretch peers of `npm run bench stretch`, run offline in Node the way dspbench's
// run_js_peers.mjs runs them (/work/shared/tools/dspbench): signalsmith-stretch (its emscripten
// factory cut out of the AudioWorklet wrapper into a temp dir, as prep_signalsmith.cjs does),
// @echogarden/rubberband-wasm with the R3 ("finer") engine, and soundtouchjs. Each takes planar
// input and returns planar output; only the processing is timed by the caller, not the set-up.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface StretchParams {
  /** Output duration / input duration. */
  readonly stretch: number;
  readonly semis: number;
}

export interface StretchPeer {
  readonly name: string;
  readonly version: string;
  run(input: readonly Float32Array[], sampleRate: number, params: StretchParams): Float32Array[];
}

const require = createRequire(import.meta.url);

/** The installed version of a package (whose exports may not include its package.json). */
function versionOf(pkg: string): string {
  let dir = dirname(require.resolve(pkg));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** import() of a package without types; the specifier is a variable so TypeScript types it as any. */
// biome-ignore lint/suspicious/noExplicitAny: untyped peer packages
function importUntyped(specifier: string): Promise<any> {
  return import(specifier);
}

// ---------- signalsmith-stretch ----------

interface SignalsmithModule {
  HEAP8?: Int8Array;
  wasmMemory?: WebAssembly.Memory;
  _main(): void;
  _presetDefault(channels: number, sampleRate: number): void;
  _setTransposeSemitones(semis: number, tonalityLimit: number): void;
  _inputLatency(): number;
  _outputLatency(): number;
  _setBuffers(channels: number, length: number): number;
  _seek(frames: number, playbackRate: number): void;
  _process(inputFrames: number, outputFrames: number): void;
  _flush(outputFrames: number): void;
}

async function signalsmithPeer(): Promise<StretchPeer> {
  // The package ships only an AudioWorklet wrapper; its first part is a plain emscripten factory
  // (with the wasm inlined) that ends with module.exports. Cut it out into a temp dir for Node.
  const source = readFileSync(require.resolve("signalsmith-stretch"), "utf8");
  const cut = source.indexOf("function registerWorkletProcessor");
  if (cut < 0) throw new Error("signalsmith-stretch: no registerWorkletProcessor to cut the factory at");
  const dir = mkdtempSync(join(tmpdir(), "tunesmith-signalsmith-"));
  let m: SignalsmithModule;
  try {
    const file = join(dir, "signalsmith-core.cjs");
    writeFileSync(file, `${source.slice(0, cut)}\nmodule.exports = SignalsmithStretch;\n`);
    const factory = require(file) as () => Promise<SignalsmithModule>;
    m = await factory();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  m._main();
  const heap = () => new Float32Array((m.HEAP8?.buffer ?? m.wasmMemory?.buffer) as ArrayBuffer);
  return {
    name: "signalsmith-stretch",
    version: versionOf("signalsmith-stretch"),
    run(chans, sampleRate, { stretch, semis }) {
      // run_js_peers.mjs's ssProcess: output centred on input time 0, exactly round(N * stretch) frames.
      const nch = chans.length;
      const N = chans[0].length;
      m._presetDefault(nch, sampleRate);
      m._setTransposeSemitones(semis, 0); // tonality limit 0 = off (the C++ default)
      const inLat = m._inputLatency();
      const outLat = m._outputLatency();
      const L = inLat + outLat;
      const ptr = m._setBuffers(nch, L);
      const inP = (c: number) => (ptr >> 2) + L * c;
      const outP = (c: number) => (ptr >> 2) + L * (c + nch);
      const expected = Math.round(N * stretch);
      const out = Array.from({ length: nch }, () => new Float32Array(expected + outLat));
      for (let c = 0; c < nch; c++) heap().set(chans[c].subarray(0, inLat), inP(c));
      m._seek(inLat, 1 / stretch);
      const BLK = 1024;
      let produced = 0;
      for (let fed = 0; fed < N; fed += BLK) {
        const n = Math.min(BLK, N - fed);
        const h = heap();
        for (let c = 0; c < nch; c++) {
          const src = chans[c].subarray(inLat + fed, Math.min(N, inLat + fed + n));
          h.set(src, inP(c));
          h.fill(0, inP(c) + src.length, inP(c) + n);
        }
        const want = Math.round((fed + n) * stretch) - produced;
        m._process(n, want);
        const h2 = heap();
        for (let c = 0; c < nch; c++) out[c].set(h2.subarray(outP(c), outP(c) + want), produced);
        produced += want;
      }
      m._flush(outLat);
      const h = heap();
      for (let c = 0; c < nch; c++) out[c].set(h.subarray(outP(c), outP(c) + outLat), produced);
      return out.map((o) => o.subarray(outLat, outLat + expected));
    },
  };
}

// ---------- @echogarden/rubberband-wasm, R3 ----------

interface RubberbandModule {
  HEAPF32: Float32Array;
  HEAPU32: Uint32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _rubberband_new(rate: number, channels: number, options: number, timeRatio: number, pitch: number): number;
  _rubberband_delete(state: number): void;
  _rubberband_set_max_process_size(state: number, frames: number): void;
  _rubberband_set_expected_input_duration(state: number, frames: number): void;
  _rubberband_study(state: number, input: number, frames: number, final: number): void;
  _rubberband_process(state: number, input: number, frames: number, final: number): void;
  _rubberband_available(state: number): number;
  _rubberband_retrieve(state: number, output: number, frames: number): number;
  _rubberband_get_engine_version(state: number): number;
}

const RB_ENGINE_FINER = 0x20000000;
const RB_PROCESS_OFFLINE = 0;

async function rubberbandR3Peer(): Promise<StretchPeer> {
  const m = (await (await importUntyped("@echogarden/rubberband-wasm")).default()) as RubberbandModule;
  const probe = m._rubberband_new(48_000, 1, RB_ENGINE_FINER, 1, 1);
  const engine = m._rubberband_get_engine_version(probe);
  m._rubberband_delete(probe);
  if (engine !== 3) throw new Error(`@echogarden/rubberband-wasm: asked for R3, got engine ${engine}`);
  return {
    name: "@echogarden/rubberband-wasm (R3)",
    version: versionOf("@echogarden/rubberband-wasm"),
    run(chans, sampleRate, { stretch, semis }) {
      // run_js_peers.mjs's rbProcess: offline mode, a study pass then a process pass.
      const nch = chans.length;
      const N = chans[0].length;
      const BLK = 8192;
      const st = m._rubberband_new(
        sampleRate,
        nch,
        RB_PROCESS_OFFLINE | RB_ENGINE_FINER,
        stretch,
        2 ** (semis / 12),
      );
      m._rubberband_set_max_process_size(st, BLK);
      m._rubberband_set_expected_input_duration(st, N);
      const arr = m._malloc(nch * 4);
      const bufs: number[] = [];
      for (let c = 0; c < nch; c++) {
        const p = m._malloc(BLK * 4);
        bufs.push(p);
        m.HEAPU32[(arr >> 2) + c] = p;
      }
      const feed = (pos: number, n: number) => {
        for (let c = 0; c < nch; c++) m.HEAPF32.set(chans[c].subarray(pos, pos + n), bufs[c] >> 2);
      };
      for (let pos = 0; pos < N; pos += BLK) {
        const n = Math.min(BLK, N - pos);
        feed(pos, n);
        m._rubberband_study(st, arr, n, pos + n >= N ? 1 : 0);
      }
      const parts: Float32Array[][] = Array.from({ length: nch }, () => []);
      let outN = 0;
      const drain = () => {
        let available = m._rubberband_available(st);
        while (available > 0) {
          const got = m._rubberband_retrieve(st, arr, Math.min(available, BLK));
          for (let c = 0; c < nch; c++) parts[c].push(m.HEAPF32.slice(bufs[c] >> 2, (bufs[c] >> 2) + got));
          outN += got;
          available = m._rubberband_available(st);
        }
      };
      for (let pos = 0; pos < N; pos += BLK) {
        const n = Math.min(BLK, N - pos);
        feed(pos, n);
        m._rubberband_process(st, arr, n, pos + n >= N ? 1 : 0);
        drain();
      }
      drain();
      for (const p of bufs) m._free(p);
      m._free(arr);
      m._rubberband_delete(st);
      return parts.map((list) => {
        const o = new Float32Array(outN);
        let k = 0;
        for (const p of list) {
          o.set(p, k);
          k += p.length;
        }
        return o;
      });
    },
  };
}

// ---------- soundtouchjs ----------

interface SoundTouchInstance {
  stretch: { setParameters(rate: number, sequenceMs: number, seekWindowMs: number, overlapMs: number): void };
  tempo: number;
  pitchSemitones: number;
  inputBuffer: { putSamples(samples: Float32Array, position: number, frames: number): void };
  outputBuffer: { frameCount: number; receiveSamples(into: Float32Array, frames: number): void };
  process(): void;
}

async function soundtouchjsPeer(): Promise<StretchPeer> {
  const SoundTouch = (await importUntyped("soundtouchjs")).SoundTouch as new () => SoundTouchInstance;
  return {
    name: "soundtouchjs",
    version: versionOf("soundtouchjs"),
    run(chans, sampleRate, { stretch, semis }) {
      // run_js_peers.mjs's stProcess: interleaved stereo FIFO, 16384 frames of zeros to flush.
      const N = chans[0].length;
      const [L, R] = [chans[0], chans[1] ?? chans[0]];
      const st = new SoundTouch();
      st.stretch.setParameters(sampleRate, 0, 0, 8); // soundtouchjs assumes 44100 Hz otherwise
      st.tempo = 1 / stretch;
      st.pitchSemitones = semis;
      const total = N + 16384;
      const BLK = 8192;
      const inter = new Float32Array(BLK * 2);
      const chunks: Float32Array[] = [];
      let outN = 0;
      for (let pos = 0; pos < total; pos += BLK) {
        const n = Math.min(BLK, total - pos);
        for (let i = 0; i < n; i++) {
          const j = pos + i;
          inter[2 * i] = j < N ? L[j] : 0;
          inter[2 * i + 1] = j < N ? R[j] : 0;
        }
        st.inputBuffer.putSamples(inter, 0, n);
        st.process();
        const available = st.outputBuffer.frameCount;
        if (available > 0) {
          const o = new Float32Array(available * 2);
          st.outputBuffer.receiveSamples(o, available);
          chunks.push(o);
          outN += available;
        }
      }
      const out = [new Float32Array(outN), new Float32Array(outN)];
      let k = 0;
      for (const chunk of chunks) {
        for (let i = 0; i < chunk.length / 2; i++, k++) {
          out[0][k] = chunk[2 * i];
          out[1][k] = chunk[2 * i + 1];
        }
      }
      return out;
    },
  };
}

export type PeerKey = "signalsmith" | "rubberband_r3" | "soundtouchjs";

export const PEER_LOADERS: Readonly<Record<PeerKey, () => Promise<StretchPeer>>> = {
  signalsmith: signalsmithPeer,
  rubberband_r3: rubberbandR3Peer,
  soundtouchjs: soundtouchjsPeer,
};
