// Track header and EQ edits the editing module does not have: each returns the same state when
// nothing changes, so a no-op never becomes an undo step.

import { clamp } from "../../shared/numbers.ts";
import {
  BALANCE_MAX,
  BALANCE_MIN,
  EQ_FREQUENCY_MAX,
  EQ_FREQUENCY_MIN,
  EQ_GAIN_MAX,
  EQ_GAIN_MIN,
  EQ_Q_MAX,
  EQ_Q_MIN,
  FADER_MAX,
  FADER_MIN,
  newTrack,
  type StudioProjectState,
  TRACK_HEIGHT_MIN,
  type Track,
  type TrackEq,
  type TrackIcon,
} from "../../shared/project/index.ts";
import { updateTrack } from "./project-updates.ts";

/** Sets one field of a track, leaving the state alone when the value is already there or is NaN. */
function setField<K extends keyof Track>(
  state: StudioProjectState,
  trackId: string,
  key: K,
  value: Track[K],
): StudioProjectState {
  if (typeof value === "number" && Number.isNaN(value)) return state;
  return updateTrack(state, trackId, (track) => (track[key] === value ? track : { ...track, [key]: value }));
}

export const setTrackName = (state: StudioProjectState, trackId: string, name: string) =>
  setField(state, trackId, "name", name.trim() === "" ? name.trim() : name);

export const setTrackColor = (state: StudioProjectState, trackId: string, color: string) =>
  setField(state, trackId, "color", color);

export const setTrackIcon = (state: StudioProjectState, trackId: string, icon: TrackIcon) =>
  setField(state, trackId, "icon", icon);

export const setTrackMute = (state: StudioProjectState, trackId: string, mute: boolean) =>
  setField(state, trackId, "mute", mute);

export const setTrackSolo = (state: StudioProjectState, trackId: string, solo: boolean) =>
  setField(state, trackId, "solo", solo);

export const setTrackArm = (state: StudioProjectState, trackId: string, arm: boolean) =>
  setField(state, trackId, "arm", arm);

/** The track fader: linear gain clamped to 0..1. */
export const setTrackAmplitude = (state: StudioProjectState, trackId: string, amplitude: number) =>
  setField(state, trackId, "amplitude", clamp(amplitude, FADER_MIN, FADER_MAX));

export const setTrackBalance = (state: StudioProjectState, trackId: string, balance: number) =>
  setField(state, trackId, "balance", clamp(balance, BALANCE_MIN, BALANCE_MAX));

/** Pixels; never below 32. */
export const setTrackHeight = (state: StudioProjectState, trackId: string, height: number) =>
  setField(state, trackId, "height", Math.max(TRACK_HEIGHT_MIN, Math.round(height)));

export const setTrackEqEnabled = (state: StudioProjectState, trackId: string, enabled: boolean) =>
  updateTrack(state, trackId, (track) =>
    track.eq.enabled === enabled ? track : { ...track, eq: { ...track.eq, enabled } },
  );

export type EqStageName = Exclude<keyof TrackEq, "enabled">;

export interface EqStagePatch {
  readonly enabled?: boolean;
  readonly frequency?: number;
  readonly q?: number;
  readonly gain?: number;
}

/** Changes a stage of the track's EQ within the schema's limits; the pass filters have no gain. */
export function setTrackEqStage(
  state: StudioProjectState,
  trackId: string,
  stage: EqStageName,
  patch: EqStagePatch,
): StudioProjectState {
  return updateTrack(state, trackId, (track) => {
    const current = track.eq[stage];
    const next = { ...current };
    if (patch.enabled !== undefined) next.enabled = patch.enabled;
    if (patch.frequency !== undefined && !Number.isNaN(patch.frequency)) {
      next.frequency = clamp(patch.frequency, EQ_FREQUENCY_MIN, EQ_FREQUENCY_MAX);
    }
    if (patch.q !== undefined && !Number.isNaN(patch.q)) next.q = clamp(patch.q, EQ_Q_MIN, EQ_Q_MAX);
    if (patch.gain !== undefined && !Number.isNaN(patch.gain) && "gain" in next) {
      next.gain = clamp(patch.gain, EQ_GAIN_MIN, EQ_GAIN_MAX);
    }
    const same = (Object.keys(next) as (keyof typeof next)[]).every((key) => next[key] === current[key]);
    return same ? track : { ...track, eq: { ...track.eq, [stage]: next } };
  });
}

/** A new empty track at the end, named "Track N" after the tracks there are; it becomes the selection. */
export function addTrack(state: StudioProjectState, id: string = crypto.randomUUID()): StudioProjectState {
  const track = newTrack({ id, name: `Track ${state.tracks.length + 1}` });
  return {
    ...state,
    tracks: [...state.tracks, track],
    selection: { ...state.selection, trackIds: [id], focusedTrackId: id, focusedArea: "tracks" },
  };
}
