// How a clip lines up with the clips it was made from: pure rules on its metadata, read by the
// aligned-clip lookups.
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { ALIGNMENT_MATCH_TOLERANCE_S, type AlignedClipsQuery } from "../../shared/api/edit.ts";

/** An alignment without its clip. */
export interface ClipAlignment {
  readonly history_clip_id: string | null;
  readonly history_end_seconds: number | null;
  readonly clip_start_seconds: number | null;
  readonly future_clip_id: string | null;
  readonly clip_end_seconds: number | null;
  readonly future_start_seconds: number | null;
}

const num = (value: number | null | undefined) => (typeof value === "number" ? value : null);

/**
 * A clip's place between the clips around it, or null when it follows none.
 * - An infill (replace section) keeps its source's timeline: it follows the source up to the
 *   range's start and goes back into it at the range's end, at the same seconds in both.
 * - An extend follows its source up to continue_at, where its own new part starts; nothing follows.
 * - override_history_* and override_future_* (set when a version is made from another) win.
 */
export function alignmentOf(metadata: ClipMetadata): ClipAlignment | null {
  const entry = metadata.history?.[0];
  const infillStart = num(entry?.infill_start_s);
  const infillEnd = num(entry?.infill_end_s);
  let alignment: ClipAlignment | null = null;
  if (entry?.id && infillStart !== null && infillEnd !== null) {
    alignment = {
      history_clip_id: entry.id,
      history_end_seconds: infillStart,
      clip_start_seconds: infillStart,
      future_clip_id: entry.id,
      clip_end_seconds: infillEnd,
      future_start_seconds: infillEnd,
    };
  } else if (entry?.id && num(entry.continue_at) !== null) {
    alignment = {
      history_clip_id: entry.id,
      history_end_seconds: num(entry.continue_at),
      clip_start_seconds: num(entry.continue_at),
      future_clip_id: null,
      clip_end_seconds: null,
      future_start_seconds: null,
    };
  }
  const historyId = metadata.override_history_clip_id ?? null;
  const futureId = metadata.override_future_clip_id ?? null;
  if (!alignment && !historyId && !futureId) return null;
  const base: ClipAlignment = alignment ?? {
    history_clip_id: null,
    history_end_seconds: null,
    clip_start_seconds: null,
    future_clip_id: null,
    clip_end_seconds: null,
    future_start_seconds: null,
  };
  return {
    ...base,
    ...(historyId
      ? { history_clip_id: historyId, history_end_seconds: num(metadata.override_history_end_seconds) }
      : {}),
    ...(futureId
      ? { future_clip_id: futureId, future_start_seconds: num(metadata.override_future_start_seconds) }
      : {}),
  };
}

const within = (value: number | null, gte: number | undefined, lte: number | undefined) =>
  (gte === undefined || (value !== null && value >= gte)) &&
  (lte === undefined || (value !== null && value <= lte));

/** Whether an alignment answers the aligned_clips query: each side named matches, its seconds in their window. */
export function matchesQuery(alignment: ClipAlignment, query: AlignedClipsQuery): boolean {
  if (query.history_clip_id !== undefined) {
    if (alignment.history_clip_id !== query.history_clip_id) return false;
    if (!within(alignment.history_end_seconds, query.history_end_seconds_gte, query.history_end_seconds_lte))
      return false;
  }
  if (query.future_clip_id !== undefined) {
    if (alignment.future_clip_id !== query.future_clip_id) return false;
    if (
      !within(alignment.future_start_seconds, query.future_start_seconds_gte, query.future_start_seconds_lte)
    )
      return false;
  }
  return true;
}

const near = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= ALIGNMENT_MATCH_TOLERANCE_S;

/** Two alignments line up the same way: the same clips around them, their boundaries within the match tolerance. */
export function sameAlignment(a: ClipAlignment, b: ClipAlignment): boolean {
  return (
    a.history_clip_id === b.history_clip_id &&
    a.future_clip_id === b.future_clip_id &&
    near(a.history_end_seconds, b.history_end_seconds) &&
    near(a.future_start_seconds, b.future_start_seconds)
  );
}
