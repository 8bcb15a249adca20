import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  beginGesture,
  cancelGesture,
  canRedo,
  canUndo,
  commit,
  createHistory,
  endGesture,
  HISTORY_LIMIT,
  moveClip,
  redo,
  toggleMetronome,
  undo,
} from "../../src/studio/editing/index.ts";
import { clip, counter, project, track } from "./studio-fixtures.ts";

describe("history", () => {
  it("undoes and redoes committed states", () => {
    let history = createHistory("a");
    history = commit(history, "b");
    history = commit(history, "c");
    expect(history).toEqual({ past: ["a", "b"], present: "c", future: [], gesture: null });
    history = undo(history);
    expect(history).toEqual({ past: ["a"], present: "b", future: ["c"], gesture: null });
    history = undo(undo(history));
    expect(history).toEqual({ past: [], present: "a", future: ["b", "c"], gesture: null });
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history).toEqual({ past: ["a"], present: "b", future: ["c"], gesture: null });
    expect(redo(redo(history))).toEqual({ past: ["a", "b"], present: "c", future: [], gesture: null });
  });

  it("clears what could be redone when a new state is committed", () => {
    const history = commit(undo(commit(commit(createHistory("a"), "b"), "c")), "d");
    expect(history).toEqual({ past: ["a", "b"], present: "d", future: [], gesture: null });
    expect(canRedo(history)).toBe(false);
  });

  it("records nothing for the very same state, so refused edits make no step", () => {
    const history = commit(createHistory("a"), "b");
    expect(commit(history, "b")).toBe(history);
  });

  it(`keeps at most ${HISTORY_LIMIT} steps, dropping the oldest`, () => {
    let history = createHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step++) history = commit(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
    expect(commit(commit(createHistory(0), 1, 2), 2, 2).past).toEqual([0, 1]);
    expect(commit(commit(commit(createHistory(0), 1, 2), 2, 2), 3, 2).past).toEqual([1, 2]);
  });

  it("makes a whole drag one step", () => {
    const start = project([track("t1", [clip("a", 0, 4)])]);
    const ref = { trackId: "t1", clipId: "a" };
    let history = beginGesture(commit(createHistory(toggleMetronome(start)), start));
    const base = history.present;
    for (const delta of [1, 2, 3, 5])
      history = commit(history, moveClip(base, ref, beats(delta), "t1", counter()));
    expect(history.past).toHaveLength(1);
    expect(canUndo(history)).toBe(true);
    history = endGesture(history);
    expect(history.past).toEqual([toggleMetronome(start), start]);
    expect(history.present.tracks[0].clips[0]).toEqual(clip("a", 5, 9));
    history = undo(history);
    expect(history.present).toBe(start);
    expect(redo(history).present.tracks[0].clips[0]).toEqual(clip("a", 5, 9));
  });

  it("ends a drag that is still under way before undoing it", () => {
    const dragging = commit(beginGesture(createHistory("a")), "dragged");
    expect(undo(dragging)).toEqual({ past: [], present: "a", future: ["dragged"], gesture: null });
  });

  it("makes no step for a drag that changed nothing, keeping the redo steps", () => {
    const history = undo(commit(createHistory("a"), "b"));
    const ended = endGesture(beginGesture(history));
    expect(ended).toEqual(history);
    expect(canRedo(beginGesture(history))).toBe(true);
    expect(canRedo(commit(beginGesture(history), "c"))).toBe(false);
  });

  it("cancels a drag back to where it began", () => {
    const history = commit(createHistory("a"), "b");
    const cancelled = cancelGesture(commit(commit(beginGesture(history), "c"), "d"));
    expect(cancelled).toEqual(history);
    expect(cancelGesture(history)).toBe(history);
  });

  it("keeps a gesture going when begun again", () => {
    const history = commit(beginGesture(createHistory("a")), "b");
    expect(beginGesture(history)).toBe(history);
    expect(endGesture(history)).toEqual({ past: ["a"], present: "b", future: [], gesture: null });
  });

  it("starts over for another project", () => {
    const other = project([track("other")]);
    expect(createHistory(other)).toEqual({ past: [], present: other, future: [], gesture: null });
  });
});
