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

/** Spec section 4: several results for a bounded range go into take lanes; otherwise onto the track. */
export const resultsGoToTakeLanes = (resultCount: number, rangeEndBeats: Beats | null): boolean =>
  resultCount > 1 && rangeEndBeats !== null;

export interface TakeLanePlacement {
  readonly trackId: string;
  readonly startBeats: Beats;
  readonly endBeats: Beats;
  /** The generated clips, already placed in the range, in the order the generation returned them. */
  readonly results: readonly StudioClip[];
}

const lane = (id: string, name: string, clips: StudioClip[]): TakeLane => ({
  id,
  name,
  clips,
  clipCreationIntents: [],
});

/**
 * Places a multi-result generation: an "Original" lane with copies of the track's clips cut to the
 * range (what the results replace), a "Version N" lane per result, and the first result on the track
 * itself. The lanes replace earlier ones, whose chosen take is already on the track; the lanes open
 * and no lane is soloed.
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
      ...results.map((result, index) => lane(newId(), versionTakeLaneName(index + 1), [result])),
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
