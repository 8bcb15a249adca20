import type { DownbeatsJobResponse, DownbeatsStreamFrame } from "../../shared/api/downbeats.ts";
import type { BeatsResult, NumberedBeat } from "../../shared/beats/beats-result.ts";
import type { BeatJobRow, StoredBeats } from "./beat-job-store.ts";

/** 002 §9: downbeats are rounded to 4 decimals. */
export const roundSeconds = (t: number) => Math.round(t * 1e4) / 1e4;

const rounded = (beats: readonly NumberedBeat[]): NumberedBeat[] =>
  beats.map(([t, n]) => [roundSeconds(t), n]);

/** The final frame of a complete analysis: the whole result, so it stands alone. */
export function finalFrame(result: BeatsResult, secondsAnalysed: number): DownbeatsStreamFrame {
  return {
    downbeats: rounded(result.downbeats),
    seconds_missing_from_start: 0,
    seconds_analysed: secondsAnalysed,
    bpm: result.bpm,
    ...(result.tempo_candidates ? { tempo_candidates: result.tempo_candidates } : {}),
    ...(result.meter ? { meter: result.meter } : {}),
    ...(result.no_beats_reason ? { no_beats_reason: result.no_beats_reason } : {}),
    final: true,
    state: "complete",
  };
}

/** The final frame of a stored result. */
export const storedFrame = (stored: StoredBeats) => finalFrame(stored, stored.seconds_analysed ?? 0);

/** What GET /api/gen/{clip_id}/downbeats answers for a job's row. */
export function jobResponse(row: Pick<BeatJobRow, "state" | "result" | "error">): DownbeatsJobResponse {
  const result = row.state === "complete" ? (row.result as BeatsResult) : null;
  return {
    state: row.state,
    downbeats: result ? rounded(result.downbeats) : null,
    bpm: result?.bpm ?? null,
    no_beats_reason: result?.no_beats_reason ?? null,
    error: row.state === "error" ? (row.error ?? "Unknown error") : null,
  };
}
