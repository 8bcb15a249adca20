// What the generator needs to know of a source without a score (an upload): its tempo and
// downbeats (the engine's beat analysis, src/engine/beats, its tempo's metrical level checked
// against the bars) and its key (chroma, its ending weighed in). Audio alone: no score is read.
import { analyzeBeats, type DspExports } from "../../engine/node.ts";
import type { PcmAudio } from "../song-request.ts";
import { chromaFrames } from "./chroma.ts";
import { estimateSongKey } from "./key-estimate.ts";

export interface SourceAnalysis {
  /** Beats per minute, or null when the audio has no steady pulse. */
  readonly bpm: number | null;
  /** null for audio with no pitched content (silence, drums alone). */
  readonly key: { readonly tonic: string; readonly mode: string } | null;
  /** [seconds, beat number in the bar] of every beat found. */
  readonly downbeats: [number, number][];
}

/** A correlation under this with the best key profile is no key: noise, or drums alone. */
const MIN_KEY_CORRELATION = 0.5;
/** Bar lines this close (seconds) agree on the bar grid's phase. */
const PHASE_TOLERANCE = 0.03;
/** Runs of this many steady beat intervals measure the tempo: their jitter averages out. */
const RUN_INTERVALS = 8;
/** An interval this close (fraction) to the median one is steady. */
const STEADY = 0.15;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The tempo of the median beat interval: the tracker may take a few beats to lock on (an intro's
 * sparse hits), or slip a beat, and those would pull an average of all beats off by a few per cent.
 * Measured over runs of steady intervals when there are some (the median of their mean
 * intervals), since single intervals carry the 10 ms frames' jitter.
 */
export function steadyBpm(beats: readonly number[]): number | null {
  const intervals = beats.slice(1).map((t, i) => t - beats[i]);
  if (intervals.length === 0) return null;
  const typical = median(intervals);
  const runs: number[] = [];
  let steadySince = 0;
  for (let i = 0; i < intervals.length; i++) {
    if (Math.abs(intervals[i] - typical) > STEADY * typical) steadySince = i + 1;
    else if (i + 1 - steadySince >= RUN_INTERVALS) {
      runs.push((beats[i + 1] - beats[i + 1 - RUN_INTERVALS]) / RUN_INTERVALS);
    }
  }
  const period = runs.length > 0 ? median(runs) : typical;
  return period > 0 ? Math.round(6000 / period) / 100 : null;
}

export function analyseSource(dsp: DspExports, audio: PcmAudio): SourceAnalysis {
  const beats = analyzeBeats(dsp, audio);
  const key = estimateSongKey(chromaFrames(dsp, audio));
  return {
    bpm: beats.bpm === null ? null : steadyBpm(beats.beats),
    key: key && key.correlation >= MIN_KEY_CORRELATION ? { tonic: key.tonic, mode: key.mode } : null,
    downbeats: beats.downbeats.map(([t, n]): [number, number] => [t, n]),
  };
}

/**
 * Where the source's bar grid starts (seconds, in [0, one bar)): the phase most of its bar lines
 * agree on, so that a few misplaced ones (while the tracker locks on) do not move the grid.
 */
export function barPhase(
  analysis: { readonly downbeats: readonly (readonly [number, number])[] },
  barSeconds: number,
): number {
  const phases = analysis.downbeats.filter(([, n]) => n === 1).map(([t]) => t);
  /** q's phase as an offset from p's, within half a bar either way. */
  const offset = (p: number, q: number) => {
    const d = q - p;
    return d - barSeconds * Math.round(d / barSeconds);
  };
  let best: number[] = [];
  for (const p of phases) {
    const agreeing = phases.filter((q) => Math.abs(offset(p, q)) < PHASE_TOLERANCE);
    if (agreeing.length > best.length) best = agreeing.map((q) => p + offset(p, q));
  }
  if (best.length === 0) return 0;
  const mean = best.reduce((a, b) => a + b, 0) / best.length;
  return mean - barSeconds * Math.floor(mean / barSeconds);
}
