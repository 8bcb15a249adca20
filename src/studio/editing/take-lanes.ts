import {
  ORIGINAL_TAKE_LANE_NAME,
  type StudioClip,
  type StudioProjectState,
  type TakeLane,
  versionTakeLaneName,
} from "../../shared/project/index.ts";
import type { Beats } from "../../shared/time.ts";
import { clearRange, cropClip } from "./clip-geometry.ts";
import { type NewId, randomId } from "./ids.ts";
import { byStart, updateTrack } from "./project-updates.ts";

/** Several results for a bounded range go into take lanes; otherwise onto the track. */
export const resultsGoToTakeLanes = (resultCount: number, rangeEndBeats: Beats | null): boolean =>
  resultCount > 1 && rangeEndBeats !== null;

export interface TakeLanePlacement {
  readonly trackId: string;
  readonly startBeats: Beats;
  readonly endBeats: Beats;
  /** The generated clips, already placed in the range, in the order the generation returned them. */
  readonly results: readonly StudioClip[];
  /** Who generated the results (their clips' owner): the lanes after the first are unheard for them. */
  readonly userId?: string | null;
}

const lane = (id: string, name: string, clips: StudioClip[], unheardFor: string | null = null): TakeLane => ({
  id,
  name,
  clips,
  clipCreationIntents: [],
  unheardFor,
});

/**
 * Places a multi-result generation: an "Original" lane with copies of the track's clips cut to the
 * range (what the results replace), a "Version N" lane per result, and the first result on the track
 * itself. The lanes for results after the first are unheard for the user who generated them. The
 * lanes replace earlier ones, whose chosen take is already on the track; the lanes open and no lane
 * is soloed.
 */
export function placeResultsInTakeLanes(
  state: StudioProjectState,
  placement: TakeLanePlacement,
  newId: NewId = randomId,
): StudioProjectState {
  const { startBeats, endBeats, results } = placement;
  const [first] = results;
  if (first === undefined) return state;
  return updateTrack(state, placement.trackId, (track) => {
    const originals = track.clips.flatMap((clip) => {
      const part = cropClip(clip, startBeats, endBeats);
      return part === null ? [] : [{ ...part, id: newId() }];
    });
    const takeLanes = [
      lane(newId(), ORIGINAL_TAKE_LANE_NAME, originals),
      ...results.map((result, index) =>
        lane(
          newId(),
          versionTakeLaneName(index + 1),
          [result],
          index > 0 ? (placement.userId ?? null) : null,
        ),
      ),
    ];
    const clips = byStart([
      ...clearRange(track.clips, startBeats, endBeats, newId),
      { ...first, id: newId() },
    ]);
    return { ...track, clips, takeLanes, takeLanesExpanded: true, soloTakeLaneId: null };
  });
}

/** Plays one lane in place of the track's clips, or the track's own clips again with null. */
export const setSoloTakeLane = (
  state: StudioProjectState,
  trackId: string,
  laneId: string | null,
): StudioProjectState =>
  updateTrack(state, trackId, (track) =>
    track.soloTakeLaneId === laneId ||
    (laneId !== null && !track.takeLanes.some((take) => take.id === laneId))
      ? track
      : { ...track, soloTakeLaneId: laneId },
  );

export const toggleTakeLanesExpanded = (state: StudioProjectState, trackId: string): StudioProjectState =>
  updateTrack(state, trackId, (track) => ({ ...track, takeLanesExpanded: !track.takeLanesExpanded }));

export interface TakeLaneRef {
  readonly trackId: string;
  readonly laneId: string;
}

/** A lane has been played: its unheard marker goes. The same state when it had none. */
export const markTakeLaneHeard = (state: StudioProjectState, ref: TakeLaneRef): StudioProjectState =>
  updateTrack(state, ref.trackId, (track) => {
    const index = track.takeLanes.findIndex((take) => take.id === ref.laneId);
    const take = track.takeLanes[index];
    if (take === undefined || take.unheardFor === null) return track;
    return { ...track, takeLanes: track.takeLanes.with(index, { ...take, unheardFor: null }) };
  });

/**
 * The lanes still unheard for `userId` that a playhead at `beat` is playing to them: soloed on an
 * audible track (not muted, and soloed itself when any track is), with a clip that plays (not muted)
 * under the playhead. Cheap enough for every frame: tracks without a solo lane are skipped at once.
 */
export function takeLanesHeardAt(
  state: StudioProjectState,
  beat: number,
  userId: string | null,
): TakeLaneRef[] {
  if (userId === null) return [];
  const heard: TakeLaneRef[] = [];
  let anySolo: boolean | null = null;
  for (const track of state.tracks) {
    if (track.soloTakeLaneId === null || track.mute) continue;
    const take = track.takeLanes.find((candidate) => candidate.id === track.soloTakeLaneId);
    if (take === undefined || take.unheardFor !== userId) continue;
    anySolo ??= state.tracks.some((candidate) => candidate.solo);
    if (anySolo && !track.solo) continue;
    if (take.clips.some((clip) => !clip.mute && clip.startBeats <= beat && beat < clip.endBeats)) {
      heard.push({ trackId: track.id, laneId: take.id });
    }
  }
  return heard;
}

/** The lane's marker shows only to the user it is unheard for. */
export const showsUnheardMarker = (take: TakeLane, userId: string | null): boolean =>
  userId !== null && take.unheardFor === userId;
