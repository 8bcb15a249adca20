// Builders for the studio editing tests: states with fixed ids, frozen so that an operation that
// writes to its input fails the test that runs it.

import {
  type ClipCreationIntent,
  clipCreationIntentSchema,
  newClip,
  newProjectState,
  newTrack,
  type Selection,
  type StudioClip,
  type StudioClipInit,
  type StudioProjectState,
  type StudioProjectStateInit,
  type Track,
  type TrackInit,
} from "../../src/shared/project/index.ts";
import type { NewId } from "../../src/studio/editing/index.ts";

/** Ids n1, n2, ... in the order an operation asks for them. */
export function counter(prefix = "n"): NewId {
  let count = 0;
  return () => `${prefix}${++count}`;
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const clip = (
  id: string,
  startBeats: number,
  endBeats: number,
  init: StudioClipInit = {},
): StudioClip => newClip({ ...init, id, startBeats, endBeats });

export const intent = (
  id: string,
  startBeats: number,
  endBeats: number,
  init: Partial<ClipCreationIntent> = {},
): ClipCreationIntent =>
  clipCreationIntentSchema.parse({ queuedGenerationId: `g-${id}`, ...init, id, startBeats, endBeats });

export const track = (id: string, clips: StudioClip[] = [], init: TrackInit = {}): Track =>
  newTrack({ ...init, id, clips });

export const project = (
  tracks: Track[],
  selection: Partial<Selection> = {},
  init: StudioProjectStateInit = {},
): StudioProjectState => deepFreeze(newProjectState({ ...init, tracks, selection }));

/** The state with some tracks' clips replaced, for writing expected states. */
export const withClips = (
  state: StudioProjectState,
  clips: Record<string, StudioClip[]>,
): StudioProjectState => ({
  ...state,
  tracks: state.tracks.map((each) => (each.id in clips ? { ...each, clips: clips[each.id] } : each)),
});

export const flags = (state: StudioProjectState): string[] =>
  Object.entries(state.metadata)
    .filter(([, used]) => used)
    .map(([flag]) => flag);
