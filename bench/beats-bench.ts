// The beats area: analysis speed (one core, times realtime) and quality on the synthetic pieces the
// tests use, and with `--real DIR` on a folder of recordings: each audio file (WAV, MP3, FLAC, Ogg,
// anywhere under DIR) with an annotation file of the same name ending in .beats or .txt somewhere
// under DIR, one beat a line, "seconds [number in the bar]" (the GTZAN/Ballroom/madmom layout;
// beats numbered 1 are the downbeats). Prints per-file and mean beat F, downbeat F (mir_eval's
// f_measure: +-70 ms, the first 5 s ignored, see beats-score.ts), the ratio of the estimated to
// the annotated tempo and the tempo accuracies acc1 and acc2 (within 4 percent, at the level or at
// an octave or third of it). dspbench's three beat signals (drums, full mix, 100 to 140 BPM ramp)
// are scored the same way. `--aubio` adds aubio's beat tracker on the same recordings and signals
// (beat F, tempo ratio and accuracies; it gives no downbeats).
import { readdirSync, readFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { analyzeBeats } from "../src/engine/beats/index.ts";
import { DSP_WASM } from "../src/platform/paths.ts";
import { decodeAudio } from "../src/server/clips/clip-audio.ts";
import type { PlanarAudio } from "../src/shared/audio/wav.ts";
import type { BeatsResult } from "../src/shared/beats/beats-result.ts";
import * as bars from "../tests/beat-bars.ts";
import * as folk from "../tests/beat-folk.ts";
import * as pieces from "../tests/beat-pieces.ts";
import * as recordings from "../tests/beat-recordings.ts";
import { downbeatTimes } from "../tests/beat-scores.ts";
import type { BeatSignal } from "../tests/dspbench/beats-metrics.ts";
import { truth as dspbenchTruth, SR, signal } from "../tests/dspbench/signals.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import { aubioBeats } from "./beats-aubio.ts";
import { annotatedBpm, beatFMeasure, tempoAccuracy } from "./beats-score.ts";

const dsp = () => instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));

interface Truth {
  readonly beats: readonly number[];
  /** Empty when the annotation does not number the beats. */
  readonly downbeats: readonly number[];
}

interface Scored {
  readonly name: string;
  readonly beatF: number;
  readonly downbeatF: number | null;
  readonly tempoRatio: number | null;
  readonly meter: string;
}

/** A peer's beats (no downbeats, no meter) scored as ours are. */
function scorePeer(name: string, beats: readonly number[], truth: Truth): Scored {
  return {
    name,
    beatF: beatFMeasure(truth.beats, beats),
    downbeatF: null,
    tempoRatio: beats.length > 1 ? annotatedBpm(beats) / annotatedBpm(truth.beats) : null,
    meter: "-",
  };
}

function score(name: string, result: BeatsResult, truth: Truth): Scored {
  return {
    name,
    beatF: beatFMeasure(truth.beats, result.beats),
    downbeatF: truth.downbeats.length > 0 ? beatFMeasure(truth.downbeats, downbeatTimes(result)) : null,
    tempoRatio: result.bpm === null ? null : result.bpm / annotatedBpm(truth.beats),
    meter: result.meter ?? (result.no_beats_reason as string),
  };
}

/**
 * "seconds [number]" lines, the number a beat's position in its bar or, as Ballroom's annotations
 * write it, "bar.position" (9.3: the third beat of bar 9); lines that do not start with a number
 * (comments, headers) are skipped.
 */
export function parseBeatAnnotation(text: string): Truth {
  const beats: number[] = [];
  const downbeats: number[] = [];
  let numbered = true;
  for (const line of text.split(/\r?\n/)) {
    const [time, number] = line.trim().split(/[\s,]+/);
    const t = Number(time);
    if (time === undefined || time === "" || !Number.isFinite(t)) continue;
    beats.push(t);
    const position = Number(number?.includes(".") ? number.split(".")[1] : number);
    if (number === undefined || !Number.isFinite(position)) numbered = false;
    else if (position === 1) downbeats.push(t);
  }
  return { beats, downbeats: numbered ? downbeats : [] };
}

const AUDIO = new Set([".wav", ".mp3", ".flac", ".ogg", ".oga", ".opus"]);
const ANNOTATIONS = [".beats", ".txt"];

/** Every file under `dir`, depth first, in name order. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
    });
}

/** The recordings under `dir` that have an annotation file, decoded, with their truth. */
async function realFiles(dir: string): Promise<{ name: string; audio: PlanarAudio; truth: Truth }[]> {
  const files = walk(dir);
  const stem = (path: string) => basename(path, extname(path));
  const annotations = new Map<string, string>();
  for (const ext of [...ANNOTATIONS].reverse()) {
    for (const path of files) if (extname(path).toLowerCase() === ext) annotations.set(stem(path), path);
  }
  const out: { name: string; audio: PlanarAudio; truth: Truth }[] = [];
  for (const path of files) {
    const annotation = annotations.get(stem(path));
    if (!AUDIO.has(extname(path).toLowerCase()) || annotation === undefined) continue;
    out.push({
      name: stem(path),
      audio: await decodeAudio(readFileSync(path)),
      truth: parseBeatAnnotation(readFileSync(annotation, "utf8")),
    });
  }
  return out;
}

const fixed = (v: number | null, digits = 3) => (v === null ? "-" : v.toFixed(digits));

function qualityTable(rows: readonly Scored[]): string {
  const mean = (values: (number | null)[]) => {
    const present = values.filter((v): v is number => v !== null);
    return present.length > 0 ? present.reduce((a, b) => a + b, 0) / present.length : null;
  };
  const accuracy = rows.map((r) => tempoAccuracy(r.tempoRatio));
  const yes = (v: boolean) => (v ? "yes" : "no");
  const body = rows.map((r, i) => [
    r.name,
    fixed(r.beatF),
    fixed(r.downbeatF),
    fixed(r.tempoRatio),
    yes(accuracy[i].acc1),
    yes(accuracy[i].acc2),
    r.meter,
  ]);
  const under = rows.filter((r) => r.beatF < 0.75).length;
  body.push([
    "mean",
    fixed(mean(rows.map((r) => r.beatF))),
    fixed(mean(rows.map((r) => r.downbeatF))),
    fixed(mean(rows.map((r) => r.tempoRatio))),
    fixed(mean(accuracy.map((a) => (a.acc1 ? 1 : 0))), 2),
    fixed(mean(accuracy.map((a) => (a.acc2 ? 1 : 0))), 2),
    `${under} of ${rows.length} under 0.75`,
  ]);
  return formatTable(["recording", "beat F", "downbeat F", "tempo ratio", "acc1", "acc2", "meter"], body);
}

const SYNTHETIC = {
  slowBackbeat: pieces.slowBackbeat,
  disco: pieces.disco,
  swing: pieces.swing,
  pushedSection: pieces.pushedSection,
  breakAndShift: pieces.breakAndShift,
  rubato: pieces.rubato,
  softPulse: pieces.softPulse,
  waltz: pieces.waltz,
  compound: pieces.compound,
  oneDrop: recordings.oneDrop,
  syncopatedFunk: recordings.syncopatedFunk,
  halfTimeSection: recordings.halfTimeSection,
  fourBarBreak: recordings.fourBarBreak,
  breakToFaster: recordings.breakToFaster,
  jazzTrio: recordings.jazzTrio,
  jazzWaltz: bars.jazzWaltz,
  anticipatedWaltz: bars.anticipatedWaltz,
  jig: bars.jig,
  strings: recordings.strings,
  minuet: bars.minuet,
  oomPah: folk.oomPah,
};

/** dspbench's beat signals with their exact truth, as recordings. */
function dspbenchFiles(): { name: string; audio: PlanarAudio; truth: Truth }[] {
  const truths = dspbenchTruth();
  return (["drums120", "music", "ramp"] as const satisfies readonly BeatSignal[]).map((name) => ({
    name: `dspbench ${name}`,
    audio: { sampleRate: SR, channels: signal(name) },
    truth: truths[name],
  }));
}

/** Seconds of audio analysed per wall second, median of `repeats`, on this thread (one core). */
function speed(audio: PlanarAudio, repeats: number): number {
  const instance = dsp();
  const seconds = audio.channels[0].length / audio.sampleRate;
  analyzeBeats(instance, audio);
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    analyzeBeats(instance, audio);
    times.push((performance.now() - start) / 1000);
  }
  return seconds / median(times);
}

/** A three-minute song from the synthetic pieces end to end (their sample rate, 22.05 kHz, mono). */
function longPiece(): PlanarAudio {
  const parts = [
    pieces.disco(),
    pieces.slowBackbeat(),
    pieces.swing(),
    pieces.waltz(),
    pieces.rubato(),
    pieces.compound(),
  ];
  const length = parts.reduce((n, p) => n + p.channels[0].length, 0);
  const x = new Float32Array(length);
  let at = 0;
  for (const p of parts) {
    x.set(p.channels[0], at);
    at += p.channels[0].length;
  }
  return { sampleRate: parts[0].sampleRate, channels: [x] };
}

export const beatsBench: BenchArea = {
  async run({ quick }) {
    const args = process.argv;
    const realAt = args.indexOf("--real");
    const dir = realAt >= 0 ? args[realAt + 1] : undefined;
    const instance = dsp();
    const synthetic = Object.entries(SYNTHETIC).map(([name, make]) => {
      const piece = make();
      return score(name, analyzeBeats(instance, piece), piece);
    });
    const long = longPiece();
    const realtime = speed(long, quick ? 1 : 3);
    const files = dir === undefined ? [] : await realFiles(dir);
    const real = files.map(({ name, audio, truth }) => score(name, analyzeBeats(instance, audio), truth));
    const benchFiles = dspbenchFiles();
    const dspbench = benchFiles.map(({ name, audio, truth }) =>
      score(name, analyzeBeats(instance, audio), truth),
    );
    const aubio = args.includes("--aubio")
      ? [...files, ...benchFiles].map(({ name, audio, truth }) => scorePeer(name, aubioBeats(audio), truth))
      : [];
    const table = [
      `analysis speed, one core: ${realtime.toFixed(0)}x realtime (${(long.channels[0].length / long.sampleRate).toFixed(0)} s song)`,
      "",
      "synthetic pieces (exact truth):",
      qualityTable(synthetic),
      "",
      "dspbench's beat signals (exact truth):",
      qualityTable(dspbench),
      ...(dir === undefined ? [] : ["", `recordings in ${dir}:`, qualityTable(real)]),
      ...(aubio.length === 0
        ? []
        : [
            "",
            "aubio beat on the same recordings and signals:",
            qualityTable(aubio.slice(0, files.length)),
            qualityTable(aubio.slice(files.length)),
          ]),
    ].join("\n");
    return {
      table,
      json: {
        realtime,
        synthetic,
        dspbench,
        ...(dir === undefined ? {} : { real_dir: dir, real }),
        ...(aubio.length === 0 ? {} : { aubio }),
      },
    };
  },
};
