import { analyzeBeats } from "../src/engine/beats/index.ts";
import { type BeatsResult, beatsResultSchema } from "../src/shared/beats/beats-result.ts";
import type { DspExports } from "../worklets/dsp-abi.ts";
import type { Piece } from "./beat-music.ts";

// What the beat tests and the bench read from a piece and its analysis.

/** The analysis of a piece, checked against the result schema the server and pages share. */
export function analysePiece(dsp: DspExports, piece: Pick<Piece, "channels" | "sampleRate">): BeatsResult {
  return beatsResultSchema.parse(analyzeBeats(dsp, piece));
}

/** The beats numbered 1: the bar starts. */
export const downbeatTimes = (result: BeatsResult) =>
  result.downbeats.filter(([, n]) => n === 1).map(([t]) => t);

/** The mean tempo of beat times, first to last. */
export const truthBpm = (beats: readonly number[]) =>
  (60 * (beats.length - 1)) / (beats[beats.length - 1] - beats[0]);
