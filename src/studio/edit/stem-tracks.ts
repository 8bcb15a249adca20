// The stem editor's tracks: the full song first (always first, never moved or deleted), then one
// track per stem. Every operation is a pure function returning the same state when it changes
// nothing, so the studio's undo history records only real edits.

/** The stem types a song is split into, by the names the product gives them. */
import { STEM_TYPES, type StemType } from "../../shared/api/stem-types.ts";
import { clamp } from "../../shared/numbers.ts";
import { BALANCE_MAX, BALANCE_MIN, FADER_MAX, FADER_MIN } from "../../shared/project/index.ts";

export const STEM_TRACK_HEIGHTS = [40, 80, 160] as const;
export type StemTrackHeight = (typeof STEM_TRACK_HEIGHTS)[number];
export const DEFAULT_STEM_TRACK_HEIGHT: StemTrackHeight = 80;

/** A clip placed on a stem-editor track, in seconds of the song. */
export interface ArrangedClip {
  readonly id: string;
  readonly clipId: string;
  readonly title: string;
  readonly contentSeconds: number;
  readonly startSeconds: number;
  readonly endSeconds: number;
  readonly readStartSeconds: number;
}

export interface StemTrack {
  readonly id: string;
  readonly name: string;
  /** null on the full-song track and on tracks of no known stem type. */
  readonly stemType: StemType | null;
  readonly amplitude: number;
  readonly balance: number;
  readonly solo: boolean;
  readonly mute: boolean;
  /** Versions waiting to be placed (one per take), and the one shown. */
  readonly stagedClips: readonly ArrangedClip[];
  readonly arrangedClips: readonly ArrangedClip[];
  readonly currentVersionIndex: number;
  readonly height: StemTrackHeight;
  readonly fullSong: boolean;
}

export interface StemEditorState {
  readonly tracks: readonly StemTrack[];
}

/** A song (or stem) clip as the stem editor places it: from the start, its whole length. */
export interface StemSource {
  readonly clipId: string;
  readonly title: string;
  readonly seconds: number;
  readonly stemType: StemType | null;
}

/** The stem type a stem's label names ("bass", "Backing Vocals"), or null. */
export function stemTypeOf(label: string | null | undefined): StemType | null {
  const wanted = (label ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return STEM_TYPES.find((type) => type.toLowerCase() === wanted) ?? null;
}

const arranged = (source: StemSource, id: string): ArrangedClip => ({
  id,
  clipId: source.clipId,
  title: source.title,
  contentSeconds: source.seconds,
  startSeconds: 0,
  endSeconds: source.seconds,
  readStartSeconds: 0,
});

export function stemTrack(source: StemSource, id: string, fullSong = false): StemTrack {
  return {
    id,
    name: source.title,
    stemType: fullSong ? null : source.stemType,
    amplitude: 1,
    balance: 0,
    solo: false,
    mute: false,
    stagedClips: [],
    arrangedClips: [arranged(source, `${id}-clip`)],
    currentVersionIndex: 0,
    height: DEFAULT_STEM_TRACK_HEIGHT,
    fullSong,
  };
}

/** The editor for a song: the full song, then its stems in the order given. */
export function openStemEditor(
  song: StemSource,
  stems: readonly StemSource[],
  newId: () => string,
): StemEditorState {
  return {
    tracks: [stemTrack(song, newId(), true), ...stems.map((stem) => stemTrack(stem, newId()))],
  };
}

const indexOf = (state: StemEditorState, trackId: string) =>
  state.tracks.findIndex((track) => track.id === trackId);

function updateTrack(
  state: StemEditorState,
  trackId: string,
  change: (track: StemTrack) => StemTrack,
): StemEditorState {
  const index = indexOf(state, trackId);
  if (index < 0) return state;
  const track = state.tracks[index];
  const next = change(track);
  if (next === track) return state;
  return { tracks: state.tracks.with(index, next) };
}

/** A stem track appended at the end. */
export const addStemTrack = (state: StemEditorState, source: StemSource, id: string): StemEditorState => ({
  tracks: [...state.tracks, stemTrack(source, id)],
});

/** Deletes a stem track; the full song stays. */
export function deleteStemTrack(state: StemEditorState, trackId: string): StemEditorState {
  const index = indexOf(state, trackId);
  if (index < 0 || state.tracks[index].fullSong) return state;
  return { tracks: state.tracks.toSpliced(index, 1) };
}

/** A copy of a stem track right below it, with new ids; the full song is not copied. */
export function duplicateStemTrack(state: StemEditorState, trackId: string, id: string): StemEditorState {
  const index = indexOf(state, trackId);
  if (index < 0 || state.tracks[index].fullSong) return state;
  const track = state.tracks[index];
  const copy: StemTrack = {
    ...track,
    id,
    name: `${track.name} (copy)`,
    arrangedClips: track.arrangedClips.map((clip, n) => ({ ...clip, id: `${id}-clip-${n}` })),
    stagedClips: track.stagedClips.map((clip, n) => ({ ...clip, id: `${id}-staged-${n}` })),
  };
  return { tracks: state.tracks.toSpliced(index + 1, 0, copy) };
}

/** Moves a stem track to `toIndex`, never above the full song, which never moves. */
export function moveStemTrack(state: StemEditorState, trackId: string, toIndex: number): StemEditorState {
  const from = indexOf(state, trackId);
  if (from < 0 || state.tracks[from].fullSong) return state;
  const firstMovable = state.tracks[0]?.fullSong ? 1 : 0;
  const to = clamp(Math.round(toIndex), firstMovable, state.tracks.length - 1);
  if (to === from) return state;
  const without = state.tracks.toSpliced(from, 1);
  return { tracks: without.toSpliced(to, 0, state.tracks[from]) };
}

/**
 * Solo: with the multi-select modifier held, the track's solo toggles and the others keep theirs;
 * without it, solo is exclusive: the track becomes the only one soloed, or, when it already was,
 * nothing is soloed any more.
 */
export function toggleSolo(state: StemEditorState, trackId: string, multi: boolean): StemEditorState {
  const index = indexOf(state, trackId);
  if (index < 0) return state;
  if (multi) return updateTrack(state, trackId, (track) => ({ ...track, solo: !track.solo }));
  const onlyThis = state.tracks.every((track, n) => track.solo === (n === index));
  const tracks = state.tracks.map((track, n) => {
    const solo = !onlyThis && n === index;
    return track.solo === solo ? track : { ...track, solo };
  });
  return tracks.every((track, n) => track === state.tracks[n]) ? state : { tracks };
}

export const toggleMute = (state: StemEditorState, trackId: string): StemEditorState =>
  updateTrack(state, trackId, (track) => ({ ...track, mute: !track.mute }));

export const setAmplitude = (state: StemEditorState, trackId: string, amplitude: number): StemEditorState =>
  updateTrack(state, trackId, (track) => {
    const value = clamp(amplitude, FADER_MIN, FADER_MAX);
    return value === track.amplitude ? track : { ...track, amplitude: value };
  });

export const setBalance = (state: StemEditorState, trackId: string, balance: number): StemEditorState =>
  updateTrack(state, trackId, (track) => {
    const value = clamp(balance, BALANCE_MIN, BALANCE_MAX);
    return value === track.balance ? track : { ...track, balance: value };
  });

export const setHeight = (
  state: StemEditorState,
  trackId: string,
  height: StemTrackHeight,
): StemEditorState =>
  updateTrack(state, trackId, (track) => (track.height === height ? track : { ...track, height }));

export const renameTrack = (state: StemEditorState, trackId: string, name: string): StemEditorState =>
  updateTrack(state, trackId, (track) => {
    const trimmed = name.trim();
    return trimmed === "" || trimmed === track.name ? track : { ...track, name: trimmed };
  });

export const setStemType = (state: StemEditorState, trackId: string, stemType: StemType | null) =>
  updateTrack(state, trackId, (track) =>
    track.fullSong || track.stemType === stemType ? track : { ...track, stemType },
  );
