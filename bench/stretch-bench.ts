// npm run bench stretch: speed of our time-stretch / pitch-shift (stretchAudio on dsp.wasm in Node)
// against signalsmith-stretch, Rubber Band R3 (@echogarden/rubberband-wasm) and soundtouchjs, side by
// side in one run on dspbench's music signal (30 s, 48 kHz stereo; --quick: its first 10 s), for
// dspbench's four operations. Speed is input seconds per wall second, median of 3 runs (1 with --quick).
// (bench/stretch.ts is the command-line stretcher, not this area.)
import { readFileSync } from "node:fs";
import { stretchAudio } from "../src/engine/stretch.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { SR, signal } from "../tests/dspbench/signals.ts";
import { OP_PARAMS, STRETCH_OPS, type StretchOp } from "../tests/dspbench/stretch-check.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import { PEER_LOADERS, type PeerKey, type StretchParams, type StretchPeer } from "./stretch-peers.ts";

type Key = "ours" | PeerKey;
const KEYS: readonly Key[] = ["ours", "signalsmith", "rubberband_r3", "soundtouchjs"];

const OP_LABELS: Record<StretchOp, string> = {
  "x0.8": "x0.8",
  "x1.25": "x1.25",
  p7: "+7 st",
  "p-5": "-5 st",
};

const NOTES: Record<Key, string> = {
  ours: "stretchAudio (src/engine/stretch.ts) on dsp.wasm in Node; passes every dspbench threshold",
  signalsmith:
    "emscripten factory cut out of the package's AudioWorklet wrapper at bench time; dspbench: passes every threshold",
  rubberband_r3:
    "offline mode, study + process passes, R3 (OptionEngineFiner); dspbench: passes every threshold",
  soundtouchjs:
    "reported beside only: fails dspbench's quality thresholds, and dspbench found it emits NaN samples (pitch shifts into digital silence); nonfinite_samples counts them on this run's output",
};

function countNonFinite(channels: readonly Float32Array[]): number {
  let count = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) if (!Number.isFinite(channel[i])) count++;
  }
  return count;
}

interface Timed {
  readonly seconds: number;
  readonly output: Float32Array[];
}

function timeOnce(run: () => Float32Array[]): Timed {
  const start = performance.now();
  const output = run();
  return { seconds: (performance.now() - start) / 1000, output };
}

export const stretchBench: BenchArea = {
  async run({ quick }) {
    const runs = quick ? 1 : 3;
    const music = signal("music");
    const frames = quick ? 10 * SR : music[0].length;
    // Copies, so no stretcher can disturb the cached signal (or another's input).
    const input = music.map((channel) => channel.slice(0, frames));
    const inputSeconds = frames / SR;

    const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
    const peers: Partial<Record<PeerKey, StretchPeer>> = {};
    const unavailable: Partial<Record<PeerKey, string>> = {};
    for (const key of Object.keys(PEER_LOADERS) as PeerKey[]) {
      try {
        peers[key] = await PEER_LOADERS[key]();
      } catch (error) {
        unavailable[key] = (error as Error).message;
      }
    }
    const runners: Partial<Record<Key, (params: StretchParams, x: Float32Array[]) => Float32Array[]>> = {
      ours: (params, x) => stretchAudio(dsp, x, SR, { stretch: params.stretch, semitones: params.semis }),
    };
    for (const key of Object.keys(peers) as PeerKey[]) {
      const peer = peers[key] as StretchPeer;
      runners[key] = (params, x) => peer.run(x, SR, params);
    }
    const present = KEYS.filter((key) => runners[key]);

    // Warm-up: every stretcher runs every op once on 2 s, so JIT tiers and wasm memory growth are
    // not charged to the first timed run.
    const warmInput = input.map((channel) => channel.slice(0, 2 * SR));
    for (const op of STRETCH_OPS) for (const key of present) runners[key]?.(OP_PARAMS[op], warmInput);

    const perOp: Record<string, Record<string, unknown>> = {};
    const rows: string[][] = [];
    for (const op of STRETCH_OPS) {
      const params = OP_PARAMS[op];
      const times: Partial<Record<Key, number[]>> = {};
      const last: Partial<Record<Key, Float32Array[]>> = {};
      // Runs interleave the stretchers, so a change in machine load hits all of them alike.
      for (let r = 0; r < runs; r++) {
        for (const key of present) {
          const timed = timeOnce(() => (runners[key] as NonNullable<(typeof runners)[Key]>)(params, input));
          times[key] = [...(times[key] ?? []), timed.seconds];
          last[key] = timed.output;
        }
      }
      const speed = (key: Key) => (times[key] ? inputSeconds / median(times[key] as number[]) : Number.NaN);
      const detail: Record<string, unknown> = {
        stretch: params.stretch,
        semitones: params.semis,
        expected_output_frames: Math.round(frames * params.stretch),
      };
      for (const key of present) {
        detail[key] = {
          input_s_per_wall_s: speed(key),
          wall_s: times[key],
          output_frames: last[key]?.[0]?.length ?? 0,
          nonfinite_samples: countNonFinite(last[key] ?? []),
        };
      }
      detail.speedup_vs_signalsmith = speed("ours") / speed("signalsmith");
      detail.speedup_vs_rubberband_r3 = speed("ours") / speed("rubberband_r3");
      detail.speedup_vs_soundtouchjs = speed("ours") / speed("soundtouchjs");
      perOp[op] = detail;
      const nanNote = present
        .filter((key) => (detail[key] as { nonfinite_samples: number }).nonfinite_samples > 0)
        .map((key) => `${key}: ${(detail[key] as { nonfinite_samples: number }).nonfinite_samples} NaN`)
        .join(", ");
      rows.push([
        OP_LABELS[op],
        ...KEYS.map((key) => (runners[key] ? `${speed(key).toFixed(1)}` : "n/a")),
        (detail.speedup_vs_signalsmith as number).toFixed(2),
        (detail.speedup_vs_rubberband_r3 as number).toFixed(2),
        nanNote || "-",
      ]);
    }

    const speedups = STRETCH_OPS.map((op) => perOp[op].speedup_vs_signalsmith as number);
    // NaN (signalsmith unavailable) stays NaN, written to the JSON as null.
    const worst = STRETCH_OPS[speedups.indexOf(Math.min(...speedups))] ?? null;
    const json = {
      speedup_vs_signalsmith_min: Math.min(...speedups),
      speedup_vs_signalsmith_min_op: worst,
      speedup_vs_rubberband_r3_min: Math.min(
        ...STRETCH_OPS.map((op) => perOp[op].speedup_vs_rubberband_r3 as number),
      ),
      signal: quick ? "dspbench music, first 10 s" : "dspbench music (30 s)",
      sample_rate: SR,
      channels: input.length,
      input_seconds: inputSeconds,
      runs_per_op: runs,
      how_measured: `each stretcher processes the whole signal per run (set-up and module instantiation excluded); speed is input seconds per wall second, median of ${runs} run(s); runs interleave the stretchers; one untimed warm-up run of every op on 2 s first; Node ${process.version}`,
      peers: Object.fromEntries(
        (Object.keys(PEER_LOADERS) as PeerKey[]).map((key) => [
          key,
          peers[key]
            ? { package: peers[key]?.name, version: peers[key]?.version, note: NOTES[key] }
            : { unavailable: unavailable[key] },
        ]),
      ),
      ours_note: NOTES.ours,
      per_op: perOp,
    };
    const table = [
      `${inputSeconds} s of dspbench music, ${SR} Hz stereo; input s per wall s, median of ${runs}`,
      formatTable(
        ["op", "ours", "signalsmith", "rubberband R3", "soundtouchjs*", "ours/ss", "ours/rb3", "nonfinite"],
        rows,
      ),
      worst
        ? `ours vs signalsmith-stretch, worst op (${OP_LABELS[worst]}): ${json.speedup_vs_signalsmith_min.toFixed(2)}x`
        : "ours vs signalsmith-stretch: not measured",
      "* soundtouchjs is reported beside only: it fails dspbench's quality thresholds and can emit NaN (dspbench); nonfinite counts any here",
      ...(Object.keys(unavailable) as PeerKey[]).map((key) => `${key} unavailable: ${unavailable[key]}`),
    ].join("\n");
    return { table, json };
  },
};
