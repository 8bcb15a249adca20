// A studio project held in a Yjs document, for live editing. Parts keyed by id (tracks, clips) sit
// in Y.Maps so concurrent changes to different parts, or to different fields of one part, all
// survive; concurrent changes to one field resolve the same way on every peer. The layout and why
// are in docs/design/live-editing.md.

import { equalityDeep } from "lib0/function";
import * as Y from "yjs";
import { parseProjectState, type StudioClip, type StudioProjectState, type Track } from "../project/index.ts";

/** Top-level fields that are not settings: tracks have their own maps, the selection is personal. */
const NOT_SETTINGS = new Set(["tracks", "selection"]);
/** A clip's position and trim move together: a move and a trim at once keep one of them whole. */
const SPAN = "span";
const SPAN_FIELDS = ["startBeats", "endBeats", "readStartBeats"] as const;
const TRACK_ID = "trackId";

type Json = unknown;
type Entry = Y.Map<Json>;

export interface ProjectDocParts {
  readonly settings: Y.Map<Json>;
  readonly tracks: Y.Map<Entry>;
  readonly trackOrder: Y.Array<string>;
  readonly clips: Y.Map<Entry>;
}

export const projectDocParts = (doc: Y.Doc): ProjectDocParts => ({
  settings: doc.getMap("settings"),
  tracks: doc.getMap("tracks"),
  trackOrder: doc.getArray("trackOrder"),
  clips: doc.getMap("clips"),
});

/** Sets a field unless it already holds an equal value (a write of the same value would still be a change). */
function setField(map: Y.Map<Json>, key: string, value: Json): void {
  if (value === undefined) {
    if (map.has(key)) map.delete(key);
  } else if (!equalityDeep(map.get(key), value)) {
    map.set(key, value);
  }
}

/**
 * Writes the fields that differ between `before` (what this side last had) and `after`: a field
 * only someone else changed meanwhile is left as they made it. A part new here is written whole.
 */
function writeFields(
  entry: Entry,
  before: Record<string, Json> | undefined,
  after: Record<string, Json>,
): void {
  for (const [key, value] of Object.entries(after)) {
    if (before === undefined || !equalityDeep(before[key], value)) setField(entry, key, value);
  }
  if (before !== undefined) for (const key of Object.keys(before)) if (!(key in after)) entry.delete(key);
}

function trackFields(track: Track): Record<string, Json> {
  const { id: _id, clips: _clips, ...fields } = track;
  return fields;
}

function clipFields(clip: StudioClip, trackId: string): Record<string, Json> {
  const { id: _id, startBeats, endBeats, readStartBeats, ...fields } = clip;
  return { ...fields, [TRACK_ID]: trackId, [SPAN]: [startBeats, endBeats, readStartBeats] };
}

function entryFor(map: Y.Map<Entry>, id: string): Entry {
  const existing = map.get(id);
  if (existing !== undefined) return existing;
  const created = new Y.Map<Json>();
  map.set(id, created);
  return created;
}

/** The track ids in order: the first occurrence counts; tracks missing from the order go last, by id. */
export function readTrackOrder(parts: ProjectDocParts): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const id of parts.trackOrder.toArray()) {
    if (!seen.has(id) && parts.tracks.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  const rest = [...parts.tracks.keys()].filter((id) => !seen.has(id)).sort();
  return [...order, ...rest];
}

/**
 * Writes what changed from `previous` (the state this side last had) to `next`, in one transaction.
 * Parts unchanged by reference are skipped; changed ones write only the fields this side changed.
 */
export function writeProjectDiff(
  doc: Y.Doc,
  previous: StudioProjectState | null,
  next: StudioProjectState,
): void {
  const parts = projectDocParts(doc);
  doc.transact(() => {
    for (const [key, value] of Object.entries(next)) {
      // Compared by value: a state parsed apart from `previous` (a save merged in) shares no objects.
      if (!NOT_SETTINGS.has(key) && (previous === null || !equalityDeep(previous[key], value)))
        setField(parts.settings, key, value);
    }
    const previousTracks = new Map(previous?.tracks.map((track) => [track.id, track]));
    const previousClips = new Map(
      previous?.tracks.flatMap((track) => track.clips.map((clip) => [clip.id, { clip, trackId: track.id }])),
    );
    const nextClipIds = new Set<string>();
    for (const track of next.tracks) {
      const before = previousTracks.get(track.id);
      for (const clip of track.clips) nextClipIds.add(clip.id);
      if (before === track) continue;
      const known = parts.tracks.has(track.id) ? before : undefined;
      writeFields(entryFor(parts.tracks, track.id), known && trackFields(known), trackFields(track));
      for (const clip of track.clips) {
        const earlier = previousClips.get(clip.id);
        if (earlier?.clip === clip && earlier.trackId === track.id) continue;
        const had =
          earlier && parts.clips.has(clip.id) ? clipFields(earlier.clip, earlier.trackId) : undefined;
        writeFields(entryFor(parts.clips, clip.id), had, clipFields(clip, track.id));
      }
    }
    const nextTrackIds = next.tracks.map((track) => track.id);
    const kept = new Set(nextTrackIds);
    for (const id of previousTracks.keys()) if (!kept.has(id)) parts.tracks.delete(id);
    for (const id of previousClips.keys()) if (!nextClipIds.has(id)) parts.clips.delete(id);
    const previousOrder = previous?.tracks.map((track) => track.id) ?? [];
    const reordered =
      previousOrder.length !== nextTrackIds.length ||
      previousOrder.some((id, index) => id !== nextTrackIds[index]);
    if (reordered) {
      parts.trackOrder.delete(0, parts.trackOrder.length);
      parts.trackOrder.insert(0, nextTrackIds);
    }
  });
}

/** Reuses `previous` when it equals `next` deeply, so unchanged parts keep their identity. */
const keep = <T>(previous: T | undefined, next: T): T =>
  previous !== undefined && equalityDeep(previous, next) ? previous : next;

function readClip(id: string, entry: Entry, previous: StudioClip | undefined): StudioClip {
  const fields: Record<string, Json> = { id };
  const span = entry.get(SPAN) as readonly number[] | undefined;
  SPAN_FIELDS.forEach((field, index) => {
    fields[field] = span?.[index];
  });
  for (const [key, value] of entry.entries()) {
    if (key !== SPAN && key !== TRACK_ID) fields[key] = value;
  }
  return keep(previous, fields as StudioClip);
}

/** Clips by start, then id: the order the edit functions keep, and the same on every peer. */
const clipOrder = (a: StudioClip, b: StudioClip) => a.startBeats - b.startBeats || (a.id < b.id ? -1 : 1);

/**
 * The project the doc holds, with `selection` (the reader's own). Parts equal to `previous`'s are
 * `previous`'s own objects, so whoever compares by reference sees only what changed. Not validated:
 * see parseLiveState.
 */
export function readProjectState(
  doc: Y.Doc,
  previous: StudioProjectState | null,
  selection: StudioProjectState["selection"],
): StudioProjectState {
  const parts = projectDocParts(doc);
  const previousTracks = new Map(previous?.tracks.map((track) => [track.id, track]));
  const previousClips = new Map(
    previous?.tracks.flatMap((track) => track.clips.map((clip) => [clip.id, clip])),
  );
  const clipsByTrack = new Map<string, StudioClip[]>();
  for (const [id, entry] of parts.clips.entries()) {
    const trackId = entry.get(TRACK_ID);
    if (typeof trackId !== "string" || !parts.tracks.has(trackId)) continue;
    const list = clipsByTrack.get(trackId) ?? [];
    list.push(readClip(id, entry, previousClips.get(id)));
    clipsByTrack.set(trackId, list);
  }
  const tracks = readTrackOrder(parts).map((id) => {
    const entry = parts.tracks.get(id) as Entry;
    const before = previousTracks.get(id);
    const clips = (clipsByTrack.get(id) ?? []).sort(clipOrder);
    const sameClips =
      before !== undefined &&
      before.clips.length === clips.length &&
      before.clips.every((clip, index) => clip === clips[index]);
    const track = { id, ...Object.fromEntries(entry.entries()), clips: sameClips ? before.clips : clips };
    return keep(before, track as Track);
  });
  const sameTracks =
    previous !== null &&
    previous.tracks.length === tracks.length &&
    previous.tracks.every((track, index) => track === tracks[index]);
  const state: Record<string, Json> = {};
  for (const [key, value] of parts.settings.entries()) state[key] = keep(previous?.[key], value);
  state.tracks = sameTracks ? previous.tracks : tracks;
  state.selection = selection;
  const next = state as StudioProjectState;
  const unchanged =
    previous !== null &&
    Object.keys(previous).length === Object.keys(next).length &&
    Object.keys(next).every((key) => next[key] === previous[key]);
  return unchanged ? previous : next;
}

export type LiveStateCheck =
  | { readonly ok: true; readonly state: StudioProjectState }
  | { readonly ok: false; readonly detail: string };

/**
 * A state read from a doc, checked as a saved one is: it must parse, and parse to itself (a part
 * missing a field the schema would default was not written by a studio, so it is refused too).
 */
export function checkLiveState(raw: StudioProjectState): LiveStateCheck {
  try {
    const parsed = parseProjectState(raw);
    if (!equalityDeep(parsed, raw)) return { ok: false, detail: INCOMPLETE_LIVE_STATE };
    return { ok: true, state: raw };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : INCOMPLETE_LIVE_STATE };
  }
}

/**
 * The same check for a state read with `previous` (already checked): tracks kept by identity are
 * not parsed again, so an update costs what it changed, not the whole project.
 */
export function checkLiveChange(
  previous: StudioProjectState | null,
  next: StudioProjectState,
): LiveStateCheck {
  if (previous === null) return checkLiveState(next);
  if (next === previous) return { ok: true, state: next };
  const before = new Map(previous.tracks.map((track) => [track.id, track]));
  const changed = (track: Track) => before.get(track.id) !== track;
  // An unchanged track stands in as its id alone: parsed cheaply, and not compared below.
  const light = { ...next, tracks: next.tracks.map((track) => (changed(track) ? track : { id: track.id })) };
  try {
    const parsed = parseProjectState(light);
    const keys = Object.keys(next);
    const same =
      keys.length === Object.keys(parsed).length &&
      keys.every((key) => key === "tracks" || equalityDeep(parsed[key], next[key])) &&
      next.tracks.every((track, index) => !changed(track) || equalityDeep(parsed.tracks[index], track));
    return same ? { ok: true, state: next } : { ok: false, detail: INCOMPLETE_LIVE_STATE };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : INCOMPLETE_LIVE_STATE };
  }
}

export const INCOMPLETE_LIVE_STATE = "Invalid project state: a part is missing fields";

/** A fresh doc holding `state`. */
export function projectDoc(state: StudioProjectState): Y.Doc {
  const doc = new Y.Doc();
  writeProjectDiff(doc, null, state);
  return doc;
}

/**
 * A short fingerprint of a project without its selection (personal), the same for equal states
 * whatever their keys' order: pages show it so that two screens can be compared at a glance.
 */
export function liveDigest(state: StudioProjectState): string {
  const { selection: _selection, ...shared } = state;
  const canonical = JSON.stringify(shared, (_key, value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  // FNV-1a, twice with different offsets: 64 bits are plenty to tell states apart.
  let first = 0x811c9dc5;
  let second = 0x01000193;
  for (let index = 0; index < canonical.length; index++) {
    const code = canonical.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x811c9dc5) >>> 0;
  }
  return first.toString(16).padStart(8, "0") + second.toString(16).padStart(8, "0");
}
