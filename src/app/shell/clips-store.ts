// The workspace's clips beside the form: loaded once, new generations put first at once, then
// updated from the realtime channel and from polling. When a clip was first seen in its current
// status is kept too, for the stuck rules.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";

export interface TrackedClip {
  readonly clip: Clip;
  /** Date.now() when the clip was first seen in its current status. */
  readonly statusSince: number;
  /** Dropped from polling by the stuck rules. */
  readonly stuck: boolean;
}

export interface ClipsState {
  readonly order: readonly string[];
  readonly byId: Readonly<Record<string, TrackedClip>>;
  readonly loaded: boolean;
}

export const clipsStore = createStore<ClipsState>(() => ({ order: [], byId: {}, loaded: false }));

export const useClips = <T>(select: (state: ClipsState) => T): T => useStore(clipsStore, select);

function merged(previous: TrackedClip | undefined, clip: Clip, now: number): TrackedClip {
  if (previous === undefined) return { clip, statusSince: now, stuck: false };
  const sameStatus = previous.clip.status === clip.status;
  return { clip, statusSince: sameStatus ? previous.statusSince : now, stuck: sameStatus && previous.stuck };
}

/** Replaces the list (first load, workspace switch). */
export function resetClips(clips: readonly Clip[], now = Date.now()): void {
  clipsStore.setState({
    order: clips.map((clip) => clip.id),
    byId: Object.fromEntries(clips.map((clip) => [clip.id, merged(undefined, clip, now)])),
    loaded: true,
  });
}

/** New clips go first; known ones are updated where they are. */
export function upsertClips(
  clips: readonly Clip[],
  options: { prepend?: boolean } = {},
  now = Date.now(),
): void {
  clipsStore.setState((state) => {
    const byId = { ...state.byId };
    const fresh: string[] = [];
    for (const clip of clips) {
      if (byId[clip.id] === undefined) fresh.push(clip.id);
      byId[clip.id] = merged(byId[clip.id], clip, now);
    }
    const order = options.prepend ? [...fresh, ...state.order] : [...state.order, ...fresh];
    return { byId, order };
  });
}

/** Only clips already shown are updated from the realtime channel: others belong to other workspaces. */
export function updateKnownClips(clips: readonly Clip[], now = Date.now()): void {
  const known = clips.filter((clip) => clipsStore.getState().byId[clip.id] !== undefined);
  if (known.length > 0) upsertClips(known, {}, now);
}

export function markStuck(ids: readonly string[]): void {
  clipsStore.setState((state) => {
    const byId = { ...state.byId };
    for (const id of ids) {
      const tracked = byId[id];
      if (tracked !== undefined) byId[id] = { ...tracked, stuck: true };
    }
    return { byId };
  });
}

/** Clips that left the workspace's list (trashed, deleted). */
export function removeClips(ids: readonly string[]): void {
  const gone = new Set(ids);
  clipsStore.setState((state) => {
    if (!state.order.some((id) => gone.has(id))) return state;
    const byId = { ...state.byId };
    for (const id of ids) delete byId[id];
    return { order: state.order.filter((id) => !gone.has(id)), byId };
  });
}

/**
 * A shared workspace reloaded (its newest clips, `complete` when that is all of them): new clips
 * go first, known ones update where they are, and shown ones missing from it left the workspace.
 * Without `complete`, only clips as new as the oldest reloaded one can be known to have left.
 */
export function syncClips(clips: readonly Clip[], complete: boolean, now = Date.now()): void {
  const present = new Set(clips.map((clip) => clip.id));
  const oldest = clips.reduce<string | null>(
    (least, clip) => (least === null || clip.created_at < least ? clip.created_at : least),
    null,
  );
  clipsStore.setState((state) => {
    const byId = { ...state.byId };
    const left = (id: string) => {
      if (present.has(id)) return false;
      const createdAt = state.byId[id]?.clip.created_at ?? "";
      return complete || (oldest !== null && createdAt >= oldest);
    };
    const kept = state.order.filter((id) => !left(id));
    for (const id of state.order) if (!kept.includes(id)) delete byId[id];
    const fresh = clips.filter((clip) => state.byId[clip.id] === undefined).map((clip) => clip.id);
    for (const clip of clips) byId[clip.id] = merged(state.byId[clip.id], clip, now);
    return { byId, order: [...fresh, ...kept], loaded: true };
  });
}
