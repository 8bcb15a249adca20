// Load normalisation, in two steps: what the schema
// would refuse is dropped from the raw saved JSON before parsing, the rest is repaired after it.

import {
  type ClipCreationIntent,
  parseProjectState,
  type StudioClip,
  type StudioProjectState,
  type Track,
} from "../../shared/project/index.ts";
import { BEAT_EPSILON, trimmedTo } from "./clip-geometry.ts";
import { type NewId, randomId } from "./ids.ts";
import { byStart } from "./project-updates.ts";

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** NaN is saved as null by JSON; either, like any other non-number, cannot be read. */
const unreadable = (value: unknown): boolean =>
  value !== undefined && !(typeof value === "number" && Number.isFinite(value));

function hasUnreadableReadOrLoop(clip: unknown): boolean {
  if (!isObject(clip)) return false;
  if (unreadable(clip.readStartBeats)) return true;
  return isObject(clip.loop) && (unreadable(clip.loop.startBeats) || unreadable(clip.loop.endBeats));
}

function withoutUnreadableClips(holder: unknown): unknown {
  if (!isObject(holder) || !Array.isArray(holder.clips)) return holder;
  const clips = holder.clips.filter((clip) => !hasUnreadableReadOrLoop(clip));
  return clips.length === holder.clips.length ? holder : { ...holder, clips };
}

/**
 * Drops clips (on tracks and in take lanes) whose read start or loop ends are NaN, null or not
 * numbers, without touching the input. Anything that is not shaped like a project is returned as it
 * came, for the parser to refuse.
 */
export function dropUnreadableClips(raw: unknown): unknown {
  if (!isObject(raw) || !Array.isArray(raw.tracks)) return raw;
  const tracks = raw.tracks.map((track) => {
    const cleaned = withoutUnreadableClips(track);
    if (!isObject(cleaned) || !Array.isArray(cleaned.takeLanes)) return cleaned;
    return { ...cleaned, takeLanes: cleaned.takeLanes.map(withoutUnreadableClips) };
  });
  return { ...raw, tracks };
}

/**
 * Unresolved and near-zero-length clips go, the rest are sorted by start, and where two overlap the
 * earlier one ends where the later one starts (dropped if nothing is left of it).
 */
function normalizeClips(clips: readonly StudioClip[]): StudioClip[] {
  const sorted = byStart(
    clips.filter((clip) => clip.resolved && clip.endBeats - clip.startBeats > BEAT_EPSILON),
  );
  const kept: StudioClip[] = [];
  for (const clip of sorted) {
    const previous = kept.at(-1);
    if (previous !== undefined && previous.endBeats > clip.startBeats + BEAT_EPSILON) {
      kept.pop();
      if (clip.startBeats - previous.startBeats > BEAT_EPSILON) {
        kept.push(trimmedTo(previous, previous.startBeats, clip.startBeats));
      }
    }
    kept.push(clip);
  }
  return kept;
}

/** An intent that can neither receive a possible clip nor a queued generation's result waits for nothing. */
const keepsWaiting = (intent: ClipCreationIntent): boolean =>
  intent.possibleClipIds.length > 0 ||
  intent.queuedGenerationId !== null ||
  intent.queuedGenerationIds.length > 0;

function normalizeTrack(track: Track): Track {
  return {
    ...track,
    clips: normalizeClips(track.clips),
    clipCreationIntents: track.clipCreationIntents.filter(keepsWaiting),
    takeLanes: track.takeLanes.map((lane) => ({
      ...lane,
      clips: normalizeClips(lane.clips),
      clipCreationIntents: lane.clipCreationIntents.filter(keepsWaiting),
    })),
  };
}

/** A clip id used before, anywhere in the project (track or take lane), is replaced by a new one. */
function withUniqueClipIds(tracks: Track[], newId: NewId): Track[] {
  const seen = new Set<string>();
  const unique = (clips: StudioClip[]): StudioClip[] =>
    clips.map((clip) => {
      const id = seen.has(clip.id) ? newId() : clip.id;
      seen.add(id);
      return id === clip.id ? clip : { ...clip, id };
    });
  return tracks.map((track) => ({
    ...track,
    clips: unique(track.clips),
    takeLanes: track.takeLanes.map((lane) => ({ ...lane, clips: unique(lane.clips) })),
  }));
}

/** Edit mode works on one song: the first track only, at unity gain, centred, neither muted nor soloed. */
const editModeTracks = (tracks: Track[]): Track[] =>
  tracks.slice(0, 1).map((track) => ({ ...track, amplitude: 1, balance: 0, mute: false, solo: false }));

/**
 * Repairs a parsed state: unresolved and empty clips go, overlaps are cut, intents waiting for
 * nothing go, clip ids are made unique. The selection forgets tracks that
 * are gone (edit mode drops all but one).
 */
export function normalizeProjectState(
  state: StudioProjectState,
  newId: NewId = randomId,
): StudioProjectState {
  const kept = state.editClipId === null ? state.tracks : editModeTracks(state.tracks);
  const tracks = withUniqueClipIds(kept.map(normalizeTrack), newId);
  const ids = new Set(tracks.map((track) => track.id));
  const { trackIds, focusedTrackId } = state.selection;
  return {
    ...state,
    tracks,
    selection: {
      ...state.selection,
      trackIds: trackIds.filter((id) => ids.has(id)),
      focusedTrackId: focusedTrackId !== null && ids.has(focusedTrackId) ? focusedTrackId : null,
    },
  };
}

/**
 * Reads a saved project: unreadable clips dropped, parsed (a state without timing, tracks or
 * selection still fails with "Invalid project state format"), then normalised.
 */
export const loadProjectState = (raw: unknown, newId: NewId = randomId): StudioProjectState =>
  normalizeProjectState(parseProjectState(dropUnreadableClips(raw)), newId);
