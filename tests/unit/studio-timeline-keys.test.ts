import { describe, expect, it } from "vitest";
import { adjacentClip, timelineKeyAction } from "../../src/studio/editing/index.ts";
import { clip, project, track } from "./studio-fixtures.ts";

describe("timelineKeyAction", () => {
  it("selects with the arrows and moves with Shift and the arrows", () => {
    expect(timelineKeyAction({ key: "ArrowRight" })).toEqual({ kind: "select", step: 1 });
    expect(timelineKeyAction({ key: "ArrowLeft" })).toEqual({ kind: "select", step: -1 });
    expect(timelineKeyAction({ key: "ArrowRight", shiftKey: true })).toEqual({ kind: "move", steps: 1 });
    expect(timelineKeyAction({ key: "ArrowLeft", shiftKey: true })).toEqual({ kind: "move", steps: -1 });
  });

  it("leaves other keys and modified arrows to the studio's shortcuts", () => {
    expect(timelineKeyAction({ key: "ArrowUp" })).toBeNull();
    expect(timelineKeyAction({ key: " " })).toBeNull();
    expect(timelineKeyAction({ key: "ArrowRight", ctrlKey: true })).toBeNull();
    expect(timelineKeyAction({ key: "ArrowLeft", altKey: true })).toBeNull();
  });
});

describe("adjacentClip", () => {
  const state = project([
    track("t1", [clip("b", 8, 12), clip("a", 0, 4)]),
    track("t2", []),
    track("t3", [clip("c", 2, 6)]),
  ]);
  const ref = (trackId: string, clipId: string) => ({ trackId, clipId });

  it("goes through the clips track by track, each track's by start", () => {
    expect(adjacentClip(state, ref("t1", "a"), 1)).toEqual(ref("t1", "b"));
    expect(adjacentClip(state, ref("t1", "b"), 1)).toEqual(ref("t3", "c"));
    expect(adjacentClip(state, ref("t3", "c"), -1)).toEqual(ref("t1", "b"));
  });

  it("stops at the first and the last clip", () => {
    expect(adjacentClip(state, ref("t3", "c"), 1)).toEqual(ref("t3", "c"));
    expect(adjacentClip(state, ref("t1", "a"), -1)).toEqual(ref("t1", "a"));
  });

  it("starts from the first going forward and the last going back when none is selected", () => {
    expect(adjacentClip(state, null, 1)).toEqual(ref("t1", "a"));
    expect(adjacentClip(state, null, -1)).toEqual(ref("t3", "c"));
    expect(adjacentClip(state, ref("t1", "gone"), 1)).toEqual(ref("t1", "a"));
  });

  it("finds nothing in a project without clips", () => {
    expect(adjacentClip(project([track("t1", [])]), null, 1)).toBeNull();
  });
});
