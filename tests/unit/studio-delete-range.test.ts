import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  deleteSelection,
  ONE_TRACK_MODE_DELETE_MESSAGE,
  removeRange,
  selectedCreationIntent,
} from "../../src/studio/editing/index.ts";
import { clip, counter, flags, intent, project, track, withClips } from "./studio-fixtures.ts";

/** t1 and t2 have clips before, across, inside and after 2..6; t3 is never selected. */
const arrangement = (selection: {
  anchorBeats: number;
  focusBeats: number;
  focusedArea?: "timeline" | "tracks";
}) =>
  project(
    [
      track("t1", [clip("a", 0, 8, { fadeInBeats: 1, fadeOutBeats: 1 }), clip("d", 10, 12)], {
        takeLanes: [{ id: "L", name: "Original", clips: [clip("la", 0, 8)], clipCreationIntents: [] }],
      }),
      track("t2", [clip("b", 1, 3), clip("e", 3, 5), clip("f", 5, 9, { readStartBeats: 1 })], {
        clipCreationIntents: [intent("i1", 4, 5), intent("i2", 20, 24)],
      }),
      track("t3", [clip("g", 0, 12)]),
    ],
    { trackIds: ["t1", "t2"], focusedTrackId: "t1", ...selection },
  );

describe("removeRange", () => {
  it("cuts the range out of the given tracks and ripples what follows on them, take lanes included", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0 });
    const next = removeRange(state, ["t1", "t2"], beats(2), beats(6), true, counter());
    expect(next).toEqual({
      ...state,
      tracks: [
        {
          ...state.tracks[0],
          clips: [
            clip("a", 0, 2, { fadeInBeats: 1 }),
            clip("n1", 2, 4, { readStartBeats: 6, fadeOutBeats: 1 }),
            clip("d", 6, 8),
          ],
          takeLanes: [
            {
              id: "L",
              name: "Original",
              clips: [clip("la", 0, 2), clip("n2", 2, 4, { readStartBeats: 6 })],
              clipCreationIntents: [],
              unheardFor: null,
            },
          ],
        },
        {
          ...state.tracks[1],
          clips: [clip("b", 1, 2), clip("f", 2, 5, { readStartBeats: 2 })],
          clipCreationIntents: [intent("i2", 16, 20)],
        },
        state.tracks[2],
      ],
      metadata: { ...state.metadata, usedDelete: true },
    });
    expect(next.tracks[2]).toBe(state.tracks[2]);
  });

  it("leaves the gap open without ripple, and the take lanes alone", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0 });
    const next = removeRange(state, ["t1", "t2"], beats(6), beats(2), false, counter());
    expect(next).toEqual({
      ...state,
      tracks: [
        {
          ...state.tracks[0],
          clips: [
            clip("a", 0, 2, { fadeInBeats: 1 }),
            clip("n1", 6, 8, { readStartBeats: 6, fadeOutBeats: 1 }),
            clip("d", 10, 12),
          ],
        },
        {
          ...state.tracks[1],
          clips: [clip("b", 1, 2), clip("f", 6, 9, { readStartBeats: 2 })],
          clipCreationIntents: [intent("i2", 20, 24)],
        },
        state.tracks[2],
      ],
      metadata: { ...state.metadata, usedDelete: true },
    });
    expect(next.tracks[0].takeLanes).toBe(state.tracks[0].takeLanes);
  });

  it("splits when start equals end and sets usedSplit instead", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0 });
    const next = removeRange(state, ["t1"], beats(4), beats(4), true, counter());
    expect(next).toEqual({
      ...withClips(state, {
        t1: [
          clip("a", 0, 4, { fadeInBeats: 1 }),
          clip("n1", 4, 8, { readStartBeats: 4, fadeOutBeats: 1 }),
          clip("d", 10, 12),
        ],
      }),
      metadata: { ...state.metadata, usedSplit: true },
    });
  });

  it("returns the same state when the range touches nothing and nothing follows it", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0 });
    expect(removeRange(state, ["t1"], beats(20), beats(30), true, counter())).toBe(state);
    expect(removeRange(state, [], beats(2), beats(6), true, counter())).toBe(state);
  });
});

describe("deleteSelection (Backspace, Delete)", () => {
  it("ripple-deletes the selected range in the timeline and leaves the cursor at its start", () => {
    const state = arrangement({ anchorBeats: 6, focusBeats: 2 });
    const result = deleteSelection(state, counter());
    const rippled = removeRange(state, ["t1", "t2"], beats(2), beats(6), true, counter());
    expect(result).toEqual({
      state: { ...rippled, selection: { ...state.selection, anchorBeats: 2, focusBeats: 2 } },
      message: null,
    });
    expect(flags(result.state)).toEqual(["usedDelete"]);
  });

  it("does nothing when anchor and focus are within a millionth of a beat", () => {
    const state = arrangement({ anchorBeats: 4, focusBeats: 4 + 0.9e-6 });
    expect(deleteSelection(state, counter())).toEqual({ state, message: null });
    expect(deleteSelection(state, counter()).state).toBe(state);
    const wider = arrangement({ anchorBeats: 4, focusBeats: 4 + 2e-6 });
    expect(deleteSelection(wider, counter()).state).not.toBe(wider);
  });

  it("removes a selected clip creation intent instead of the range", () => {
    const state = arrangement({ anchorBeats: 20.5, focusBeats: 23 });
    expect(selectedCreationIntent(state)).toEqual({ trackId: "t2", intentId: "i2" });
    const { state: next } = deleteSelection(state, counter());
    expect(next).toEqual({
      ...state,
      tracks: [
        state.tracks[0],
        { ...state.tracks[1], clipCreationIntents: [intent("i1", 4, 5)] },
        state.tracks[2],
      ],
    });
    expect(flags(next)).toEqual([]);
  });

  it("does not pick an intent the selection runs past", () => {
    expect(selectedCreationIntent(arrangement({ anchorBeats: 19, focusBeats: 23 }))).toBeNull();
  });

  it("deletes the selected tracks in the tracks area, selecting the track that takes their place", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" });
    expect(deleteSelection(state, counter())).toEqual({
      state: {
        ...state,
        tracks: [state.tracks[2]],
        selection: { ...state.selection, trackIds: ["t3"], focusedTrackId: "t3" },
        metadata: { ...state.metadata, usedDelete: true },
      },
      message: null,
    });
  });

  it("never deletes the last track in one-track mode", () => {
    const state = project(
      [track("t1", [clip("a", 0, 8)])],
      { trackIds: ["t1"], focusedArea: "tracks" },
      { editClipId: "song" },
    );
    expect(deleteSelection(state, counter())).toEqual({ state, message: ONE_TRACK_MODE_DELETE_MESSAGE });
  });

  it("deletes a project's last track outside one-track mode, leaving nothing selected", () => {
    const state = project([track("t1")], { trackIds: ["t1"], focusedTrackId: "t1", focusedArea: "tracks" });
    expect(deleteSelection(state, counter()).state).toEqual({
      ...state,
      tracks: [],
      selection: { ...state.selection, trackIds: [], focusedTrackId: null },
      metadata: { ...state.metadata, usedDelete: true },
    });
  });

  it("turns a tempo that followed a deleted track into a manual one", () => {
    const state = project(
      [track("t1"), track("t2")],
      { trackIds: ["t2"], focusedArea: "tracks" },
      { timing: { type: "track", trackId: "t2", bps: 2.5, bpsAutomation: [{ beats: 0, bps: 2.5 }] } },
    );
    expect(deleteSelection(state, counter()).state.timing).toEqual({
      type: "manual",
      bps: 2.5,
      bpsAutomation: [{ beats: 0, bps: 2.5 }],
    });
  });
});
