// What the generator needs to know of a source without a score (an upload): its tempo and
// downbeats (the engine's beat analysis, src/engine/beats) and its key (chroma + Krumhansl).
import type { DspExports } from "../../../worklets/dsp-abi.ts";
import { analyzeBeats } from "../../engine/beats/analyze.ts";
import type { PcmAudio } from "../song-request.ts";
import { chromaProfile } from "./chroma.ts";
import { estimateKey } from "./key-estimate.ts";

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

/**
 * The tempo of the median beat interval: the tracker may take a few beats to lock on (an intro's
 * sparse hits), and those would pull an average of all beats off by a few per cent.
 */
function steadyBpm(beats: readonly number[]): number | null {
  const intervals = beats
    .slice(1)
    .map((t, i) => t - beats[i])
    .sort((a, b) => a - b);
  if (intervals.length === 0) return null;
  const middle = intervals.length >> 1;
  const median = intervals.length % 2 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2;
  return Math.round(6000 / median) / 100;
}

export function analyseSource(dsp: DspExports, audio: PcmAudio): SourceAnalysis {
  const beats = analyzeBeats(dsp, audio);
  const key = estimateKey(chromaProfile(dsp, audio));
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
