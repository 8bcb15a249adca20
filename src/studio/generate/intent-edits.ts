// A generation's life on the timeline, as pure project edits: the clip creation intent shown over
// the range at once with its queued generation, the possible clips it learns when the call answers,
// the results placed when they stream (one onto the track, several into take lanes), and the
// completed clips trimmed to their real length.

import {
  type ClipCreationIntent,
  newClip,
  type StudioClip,
  type StudioProjectState,
  type Track,
} from "../../shared/project/index.ts";
import { beats } from "../../shared/time.ts";
import { clearRange } from "../editing/clip-geometry.ts";
import { type NewId, randomId } from "../editing/ids.ts";
import { byStart, mapTracks, updateTrack } from "../editing/project-updates.ts";
import { placeResultsInTakeLanes, resultsGoToTakeLanes } from "../editing/take-lanes.ts";

/** A queued generation not answered by then is dropped (the call is taken as lost). */
export const QUEUED_GENERATION_TIMEOUT_MS = 60_000;

export interface IntentRange {
  readonly trackId: string;
  readonly startBeats: number;
  /** Null for an open range (an extend): its results are placed over the open length. */
  readonly endBeats: number | null;
}

const withIntents = (
  state: StudioProjectState,
  intentId: string,
  update: (intent: ClipCreationIntent, track: Track) => ClipCreationIntent | null,
): StudioProjectState =>
  mapTracks(state, (track) => {
    const index = track.clipCreationIntents.findIndex((intent) => intent.id === intentId);
    if (index < 0) return track;
    const next = update(track.clipCreationIntents[index], track);
    if (next === track.clipCreationIntents[index]) return track;
    const clipCreationIntents =
      next === null
        ? track.clipCreationIntents.toSpliced(index, 1)
        : track.clipCreationIntents.with(index, next);
    return { ...track, clipCreationIntents };
  });

/** An intent waits while it has a possible clip or a queued generation; otherwise it goes. */
const stillWaiting = (intent: ClipCreationIntent): ClipCreationIntent | null =>
  intent.possibleClipIds.length > 0 || intent.queuedGenerationId !== null ? intent : null;

/** The intent over the range, waiting on its queued generation. */
export function addCreationIntent(
  state: StudioProjectState,
  range: IntentRange,
  ids: { readonly intentId: string; readonly queuedGenerationId: string },
  name: string,
  lengthBeats: number,
): StudioProjectState {
  const intent: ClipCreationIntent = {
    id: ids.intentId,
    startBeats: range.startBeats,
    endBeats: range.endBeats ?? range.startBeats + lengthBeats,
    startTrimmedBeats: 0,
    endTrimmedBeats: 0,
    possibleClipIds: [],
    queuedGenerationId: ids.queuedGenerationId,
    queuedGenerationIds: [],
    name,
    namePersists: name.trim() !== "",
  };
  return updateTrack(state, range.trackId, (track) => ({
    ...track,
    clipCreationIntents: [...track.clipCreationIntents, intent],
  }));
}

/** The intent leaves (its results placed, or nothing left to wait for). */
export const removeIntent = (state: StudioProjectState, intentId: string): StudioProjectState =>
  withIntents(state, intentId, () => null);

/** The call answered with its clips: they are the intent's possible clips; the queued generation goes. */
export const settleQueuedGeneration = (
  state: StudioProjectState,
  intentId: string,
  possibleClipIds: readonly string[],
): StudioProjectState =>
  withIntents(state, intentId, (intent) =>
    stillWaiting({ ...intent, possibleClipIds: [...possibleClipIds], queuedGenerationId: null }),
  );

/** The call failed or its 60 s ran out: the queued generation goes, and the intent with it when it waits for nothing else. */
export const dropQueuedGeneration = (state: StudioProjectState, intentId: string): StudioProjectState =>
  withIntents(state, intentId, (intent) =>
    intent.queuedGenerationId === null ? intent : stillWaiting({ ...intent, queuedGenerationId: null }),
  );

/** A possible clip failed: it leaves its intent (and the intent goes when it was the last). */
export const dropPossibleClip = (state: StudioProjectState, songClipId: string): StudioProjectState =>
  mapTracks(state, (track) => {
    if (!track.clipCreationIntents.some((intent) => intent.possibleClipIds.includes(songClipId)))
      return track;
    const clipCreationIntents = track.clipCreationIntents.flatMap((intent) => {
      const next = stillWaiting({
        ...intent,
        possibleClipIds: intent.possibleClipIds.filter((id) => id !== songClipId),
      });
      return next === null ? [] : [next];
    });
    return { ...track, clipCreationIntents };
  });

/** A generated song as the studio reads it. */
export interface GeneratedSong {
  readonly id: string;
  readonly title: string;
  readonly streaming: boolean;
}

export interface ResultPlacement {
  readonly intentId: string;
  readonly range: IntentRange;
  /** Where in each result's audio (beats from its start) the range begins. */
  readonly readStartBeats: number;
  /** The results still to place, in the order the call returned them. */
  readonly songs: readonly GeneratedSong[];
  /** Who made them: later versions are unheard for them. */
  readonly userId: string | null;
  /** An open range's clips run this long until their real length is known. */
  readonly openLengthBeats: number;
}

/**
 * The results replace the intent: one onto the track over the range (what was there cleared),
 * several of a bounded range into take lanes. The intent name persists when the user gave it.
 */
export function placeResults(
  state: StudioProjectState,
  placement: ResultPlacement,
  newId: NewId = randomId,
): StudioProjectState {
  const { range, songs } = placement;
  const track = state.tracks.find((candidate) => candidate.id === range.trackId);
  const intent = track?.clipCreationIntents.find((candidate) => candidate.id === placement.intentId);
  const removed = removeIntent(state, placement.intentId);
  if (songs.length === 0 || intent === undefined) return removed;
  const endBeats = range.endBeats ?? range.startBeats + placement.openLengthBeats;
  const clips = songs.map((song) =>
    newClip({
      id: newId(),
      clipId: song.id,
      name: intent.namePersists ? intent.name : song.title || intent.name,
      streaming: song.streaming,
      startBeats: range.startBeats,
      endBeats,
      readStartBeats: placement.readStartBeats,
    }),
  );
  // An extend's range is open, but its results are bounded where they are placed (the open length,
  // until each is trimmed to its real duration): several of them go into take lanes too.
  if (resultsGoToTakeLanes(clips.length, beats(endBeats))) {
    return placeResultsInTakeLanes(
      removed,
      {
        trackId: range.trackId,
        startBeats: beats(range.startBeats),
        endBeats: beats(endBeats),
        results: clips,
        userId: placement.userId,
      },
      newId,
    );
  }
  const [first] = clips as [StudioClip];
  return updateTrack(removed, range.trackId, (current) => ({
    ...current,
    clips: byStart([...clearRange(current.clips, range.startBeats, endBeats, newId), first]),
  }));
}

/** Every clip of the project, on the tracks and in their take lanes; the same state when none changed. */
export const mapEveryClip = (
  state: StudioProjectState,
  update: (clip: StudioClip) => StudioClip,
): StudioProjectState =>
  mapTracks(state, (track) => {
    const mapClips = (clips: readonly StudioClip[]) => {
      let changed = false;
      const next = clips.map((clip) => {
        const updated = update(clip);
        if (updated !== clip) changed = true;
        return updated;
      });
      return changed ? next : null;
    };
    const clips = mapClips(track.clips);
    let lanesChanged = false;
    const takeLanes = track.takeLanes.map((lane) => {
      const laneClips = mapClips(lane.clips);
      if (laneClips === null) return lane;
      lanesChanged = true;
      return { ...lane, clips: laneClips };
    });
    if (clips === null && !lanesChanged) return track;
    return { ...track, clips: clips ?? track.clips, takeLanes: lanesChanged ? takeLanes : track.takeLanes };
  });

/**
 * A streaming song completed: its clips stop streaming, and each clip's end comes back to where the
 * audio really ends (never past the end it had). Without a known length only the flag is cleared.
 */
export const completeStreamingSong = (
  state: StudioProjectState,
  songClipId: string,
  /** The audio's end in timeline beats for a clip, from its anchor (start - readStart); null when unknown. */
  audioEndBeats: ((clip: StudioClip) => number) | null,
): StudioProjectState =>
  mapEveryClip(state, (clip) => {
    if (clip.clipId !== songClipId || !clip.streaming) return clip;
    if (audioEndBeats === null) return { ...clip, streaming: false };
    const end = Math.min(clip.endBeats, audioEndBeats(clip));
    return { ...clip, streaming: false, endBeats: end > clip.startBeats ? end : clip.endBeats };
  });
