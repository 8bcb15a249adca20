// Pure transitions of the store's project history. Every project change goes through the editing
// functions first; these only decide how the result enters the history.

import type { StudioProjectState } from "../../shared/project/index.ts";
import {
  beginGesture,
  cancelGesture,
  commit,
  type EditResult,
  endGesture,
  type History,
  redo,
  undo,
} from "../editing/index.ts";
import type { StudioState } from "./studio-state.ts";

export type ProjectEdit = (project: StudioProjectState) => StudioProjectState;

const withHistory = (state: StudioState, history: History<StudioProjectState>): StudioState =>
  history === state.history ? state : { ...state, history };

/** One undo step (or, during a gesture, the gesture's latest state). */
export const applyEdit = (state: StudioState, edit: ProjectEdit): StudioState =>
  withHistory(state, commit(state.history, edit(state.history.present)));

/**
 * A change the user does not undo on its own, such as the selection moving: it replaces the
 * present without adding a step.
 */
export function replacePresent(state: StudioState, edit: ProjectEdit): StudioState {
  const next = edit(state.history.present);
  if (next === state.history.present) return state;
  return { ...state, history: { ...state.history, present: next } };
}

/** Rewrites every state of the history, e.g. to point clips at a finished upload's song clip. */
export function rewriteHistory(state: StudioState, edit: ProjectEdit): StudioState {
  const { past, present, future, gesture } = state.history;
  const nextPresent = edit(present);
  const nextPast = past.map(edit);
  const nextFuture = future.map(edit);
  const unchanged =
    nextPresent === present &&
    nextPast.every((entry, index) => entry === past[index]) &&
    nextFuture.every((entry, index) => entry === future[index]);
  if (unchanged) return state;
  return {
    ...state,
    history: {
      past: nextPast,
      present: nextPresent,
      future: nextFuture,
      gesture: gesture === null ? null : { base: edit(gesture.base) },
    },
  };
}

export const startGesture = (state: StudioState): StudioState =>
  withHistory(state, beginGesture(state.history));

/**
 * A step of a drag: computed from the state the drag began with and the total movement so far,
 * as the editing module asks, so limits apply once to the original clips.
 */
export function updateGesture(state: StudioState, edit: ProjectEdit): StudioState {
  const base = state.history.gesture?.base ?? state.history.present;
  return withHistory(state, commit(state.history, edit(base)));
}

export const finishGesture = (state: StudioState): StudioState =>
  withHistory(state, endGesture(state.history));

export const abandonGesture = (state: StudioState): StudioState =>
  withHistory(state, cancelGesture(state.history));

export const undoStep = (state: StudioState): StudioState => withHistory(state, undo(state.history));

export const redoStep = (state: StudioState): StudioState => withHistory(state, redo(state.history));

/** The message of a refused edit, if any, for a toast. */
export function applyEditResult(
  state: StudioState,
  edit: (project: StudioProjectState) => EditResult,
): { state: StudioState; message: string | null } {
  const result = edit(state.history.present);
  return { state: withHistory(state, commit(state.history, result.state)), message: result.message };
}
