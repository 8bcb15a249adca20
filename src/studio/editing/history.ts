// Undo and redo over whole project states. States are immutable and share their unchanged parts,
// so keeping 200 of them costs little more than the edits themselves.

/** How many undo steps are kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** While a gesture (a drag) is under way: the present when it began. */
  readonly gesture: { readonly base: T } | null;
}

/** A fresh history, also what the studio starts over with when it opens another project. */
export const createHistory = <T>(present: T): History<T> => ({
  past: [],
  present,
  future: [],
  gesture: null,
});

const pushed = <T>(past: readonly T[], state: T, limit: number): T[] => [...past, state].slice(-limit);

/**
 * Records a new present. The very same state is no edit and records nothing; a new one clears what
 * could be redone. During a gesture it only replaces the present: the gesture becomes one step when
 * it ends.
 */
export function commit<T>(history: History<T>, next: T, limit: number = HISTORY_LIMIT): History<T> {
  if (next === history.present) return history;
  if (history.gesture !== null) return { ...history, present: next };
  return { past: pushed(history.past, history.present, limit), present: next, future: [], gesture: null };
}

/** Starts a drag; a gesture already under way goes on. */
export const beginGesture = <T>(history: History<T>): History<T> =>
  history.gesture !== null ? history : { ...history, gesture: { base: history.present } };

/** Ends a drag as one undo step, or as none when it changed nothing. */
export function endGesture<T>(history: History<T>, limit: number = HISTORY_LIMIT): History<T> {
  if (history.gesture === null) return history;
  const { base } = history.gesture;
  if (base === history.present) return { ...history, gesture: null };
  return { past: pushed(history.past, base, limit), present: history.present, future: [], gesture: null };
}

/** Abandons a drag (Escape), back to the state it began from. */
export const cancelGesture = <T>(history: History<T>): History<T> =>
  history.gesture === null ? history : { ...history, present: history.gesture.base, gesture: null };

const gestureChanged = <T>(history: History<T>): boolean =>
  history.gesture !== null && history.gesture.base !== history.present;

export const canUndo = <T>(history: History<T>): boolean =>
  history.past.length > 0 || gestureChanged(history);

/** A drag that changed something will clear the redo steps when it ends. */
export const canRedo = <T>(history: History<T>): boolean =>
  history.future.length > 0 && !gestureChanged(history);

/** Ctrl+Z; a gesture under way is ended first, so it is what gets undone. */
export function undo<T>(history: History<T>): History<T> {
  const ended = endGesture(history);
  if (ended.past.length === 0) return ended;
  return {
    past: ended.past.slice(0, -1),
    present: ended.past[ended.past.length - 1],
    future: [ended.present, ...ended.future],
    gesture: null,
  };
}

/** Ctrl+Shift+Z or Ctrl+Y. */
export function redo<T>(history: History<T>): History<T> {
  const ended = endGesture(history);
  if (ended.future.length === 0) return ended;
  return {
    past: [...ended.past, ended.present],
    present: ended.future[0],
    future: ended.future.slice(1),
    gesture: null,
  };
}
