import { describe, expect, it } from "vitest";
import { duplicate, ONE_TRACK_MODE_ADD_MESSAGE } from "../../src/studio/editing/index.ts";
import { clip, counter, project, track, withClips } from "./studio-fixtures.ts";

describe("duplicate (Ctrl+D)", () => {
  it("lays the selected range right after itself, replacing what was there, and selects the copy", () => {
    const state = project(
      [track("t1", [clip("a", 0, 3), clip("b", 5, 10)]), track("t2", [clip("c", 0, 10)])],
      { trackIds: ["t1"], focusedTrackId: "t1", anchorBeats: 4, focusBeats: 0 },
    );
    const result = duplicate(state, counter());
    expect(result).toEqual({
      state: {
        ...withClips(state, {
          t1: [clip("a", 0, 3), clip("n1", 4, 7), clip("b", 8, 10, { readStartBeats: 3 })],
        }),
        selection: { ...state.selection, anchorBeats: 4, focusBeats: 8 },
        metadata: { ...state.metadata, usedDuplicate: true },
      },
      message: null,
    });
  });

  it("repeats the range again when pressed again", () => {
    const state = project([track("t1", [clip("a", 0, 2)])], {
      trackIds: ["t1"],
      anchorBeats: 0,
      focusBeats: 2,
    });
    const ids = counter();
    const twice = duplicate(duplicate(state, ids).state, ids).state;
    expect(twice.tracks[0].clips).toEqual([clip("a", 0, 2), clip("n1", 2, 4), clip("n2", 4, 6)]);
    expect(twice.selection).toMatchObject({ anchorBeats: 4, focusBeats: 6 });
  });

  it("copies the selected tracks in after the last of them in the tracks area", () => {
    const state = project([track("t1", [clip("a", 0, 4)]), track("t2"), track("t3")], {
      trackIds: ["t1", "t2"],
      focusedArea: "tracks",
    });
    const result = duplicate(state, counter());
    expect(result.state.tracks.map((each) => each.id)).toEqual(["t1", "t2", "n1", "n3", "t3"]);
    expect(result.state.tracks[2]).toEqual({ ...state.tracks[0], id: "n1", clips: [clip("n2", 0, 4)] });
    expect(result.state.selection).toMatchObject({ trackIds: ["n1", "n3"], focusedTrackId: "n1" });
    expect(result.state.metadata.usedDuplicate).toBe(true);
  });

  it("does nothing with an empty selection", () => {
    const state = project([track("t1", [clip("a", 0, 2)])], {
      trackIds: ["t1"],
      anchorBeats: 1,
      focusBeats: 1,
    });
    expect(duplicate(state, counter())).toEqual({ state, message: null });
  });

  it("adds no track in one-track mode", () => {
    const state = project([track("t1")], { trackIds: ["t1"], focusedArea: "tracks" }, { editClipId: "song" });
    expect(duplicate(state, counter())).toEqual({ state, message: ONE_TRACK_MODE_ADD_MESSAGE });
  });
});
