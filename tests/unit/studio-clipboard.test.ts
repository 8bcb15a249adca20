import { describe, expect, it } from "vitest";
import {
  type Clipboard,
  copy,
  cut,
  NO_PASTE_TRACK_MESSAGE,
  NOTHING_TO_PASTE_MESSAGE,
  ONE_TRACK_MODE_ADD_MESSAGE,
  ONE_TRACK_MODE_DELETE_MESSAGE,
  paste,
} from "../../src/studio/editing/index.ts";
import { clip, counter, flags, intent, project, track } from "./studio-fixtures.ts";

const warped = { enabled: true, markers: "hash1" };
const registry = {
  hash1: [
    { beats: 0, seconds: 0 },
    { beats: 4, seconds: 2 },
  ],
};

/** t1 and t3 selected, t2 between them not. */
const arrangement = (selection: {
  anchorBeats: number;
  focusBeats: number;
  focusedArea?: "timeline" | "tracks";
}) =>
  project(
    [
      track("t1", [clip("a", 0, 8, { warp: warped })]),
      track("t2", [clip("b", 0, 8)]),
      track("t3", [clip("c", 3, 5), clip("d", 10, 12)], {
        clipCreationIntents: [intent("i1", 20, 24)],
        takeLanes: [{ id: "L1", name: "Original", clips: [clip("lc", 3, 5)], clipCreationIntents: [] }],
        soloTakeLaneId: "L1",
      }),
    ],
    { trackIds: ["t3", "t1"], focusedTrackId: "t1", ...selection },
    { markersRegistry: registry },
  );

describe("copy (Ctrl+C)", () => {
  it("copies the selected range of each selected track, counted from the range start", () => {
    const state = arrangement({ anchorBeats: 6, focusBeats: 2 });
    expect(copy(state)).toEqual({
      kind: "range",
      lengthBeats: 4,
      tracks: [[clip("a", 0, 4, { readStartBeats: 2, warp: warped })], null, [clip("c", 1, 3)]],
      markers: registry,
    } satisfies Clipboard);
  });

  it("copies whole tracks in the tracks area", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" });
    expect(copy(state)).toEqual({
      kind: "tracks",
      tracks: [state.tracks[0], state.tracks[2]],
      markers: registry,
    });
  });

  it("copies nothing without a selected track, or with an empty range in the timeline", () => {
    expect(copy(project([track("t1", [clip("a", 0, 8)])], { anchorBeats: 0, focusBeats: 8 }))).toBeNull();
    expect(copy(arrangement({ anchorBeats: 3, focusBeats: 3 }))).toBeNull();
  });
});

describe("cut (Ctrl+X)", () => {
  it("copies the range and removes it without closing the gap, cursor at its start", () => {
    const state = arrangement({ anchorBeats: 2, focusBeats: 6 });
    const result = cut(state, counter());
    expect(result.clipboard).toEqual(copy(state));
    expect(result.message).toBeNull();
    expect(result.state).toEqual({
      ...state,
      tracks: [
        {
          ...state.tracks[0],
          clips: [clip("a", 0, 2, { warp: warped }), clip("n1", 6, 8, { readStartBeats: 6, warp: warped })],
        },
        state.tracks[1],
        { ...state.tracks[2], clips: [clip("d", 10, 12)] },
      ],
      selection: { ...state.selection, anchorBeats: 2, focusBeats: 2 },
      metadata: { ...state.metadata, usedDelete: true },
    });
  });

  it("cuts whole tracks in the tracks area", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" });
    const result = cut(state, counter());
    expect(result.clipboard).toEqual(copy(state));
    expect(result.state.tracks).toEqual([state.tracks[1]]);
  });

  it("cuts nothing, and keeps the clipboard, when the tracks cannot be deleted", () => {
    const state = project([track("t1")], { trackIds: ["t1"], focusedArea: "tracks" }, { editClipId: "song" });
    expect(cut(state, counter())).toEqual({ state, message: ONE_TRACK_MODE_DELETE_MESSAGE, clipboard: null });
  });

  it("with nothing selected is a no-op that leaves the clipboard alone", () => {
    const state = arrangement({ anchorBeats: 3, focusBeats: 3 });
    expect(cut(state, counter())).toEqual({ state, message: null, clipboard: null });
  });
});

describe("paste (Ctrl+V)", () => {
  it("with nothing copied returns the same state and a message to show", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 0 });
    expect(paste(state, null, counter())).toEqual({ state, message: NOTHING_TO_PASTE_MESSAGE });
  });

  it("lays a range over the tracks from the first selected one, replacing what was there, under new ids", () => {
    const source = arrangement({ anchorBeats: 2, focusBeats: 6 });
    const clipboard = copy(source);
    const state = project(
      [track("u1", [clip("x", 0, 20)]), track("u2", [clip("y", 0, 20)]), track("u3", [clip("z", 0, 20)])],
      { trackIds: ["u2"], focusedTrackId: "u2", anchorBeats: 10, focusBeats: 16 },
    );
    const result = paste(state, clipboard, counter());
    expect(result).toEqual({
      state: {
        ...state,
        tracks: [
          state.tracks[0],
          {
            ...state.tracks[1],
            clips: [
              clip("y", 0, 10),
              clip("n1", 10, 14, { readStartBeats: 2, warp: warped }),
              clip("n2", 14, 20, { readStartBeats: 14 }),
            ],
          },
          state.tracks[2],
        ],
        selection: { ...state.selection, trackIds: ["u2"], anchorBeats: 14, focusBeats: 14 },
        markersRegistry: registry,
      },
      message: null,
    });
  });

  it("keeps the copied tracks' layout, skipping the unselected track between them", () => {
    const state = arrangement({ anchorBeats: 2, focusBeats: 6 });
    const clipboard = copy(state);
    const at20 = { ...state, selection: { ...state.selection, anchorBeats: 20, focusBeats: 20 } };
    const { state: next } = paste(at20, clipboard, counter());
    expect(next.tracks[0].clips.at(-1)).toEqual(clip("n1", 20, 24, { readStartBeats: 2, warp: warped }));
    expect(next.tracks[1]).toBe(state.tracks[1]);
    expect(next.tracks[2].clips.at(-1)).toEqual(clip("n2", 21, 23));
    expect(next.selection).toMatchObject({
      trackIds: ["t1", "t3"],
      focusedTrackId: "t1",
      anchorBeats: 24,
      focusBeats: 24,
    });
  });

  it("pasting twice gives distinct ids and continues after the first paste", () => {
    const state = arrangement({ anchorBeats: 0, focusBeats: 4 });
    const clipboard = copy(state);
    const ids = counter();
    const once = paste(
      { ...state, selection: { ...state.selection, anchorBeats: 30, focusBeats: 30 } },
      clipboard,
      ids,
    );
    const twice = paste(once.state, clipboard, ids);
    expect(twice.state.tracks[0].clips.map((each) => [each.id, each.startBeats, each.endBeats])).toEqual([
      ["a", 0, 8],
      ["n1", 30, 34],
      ["n3", 34, 38],
    ]);
    const all = twice.state.tracks.flatMap((each) => each.clips.map((pasted) => pasted.id));
    expect(new Set(all).size).toBe(all.length);
  });

  it("needs a selected track for a range", () => {
    const state = project([track("t1")], { anchorBeats: 0, focusBeats: 0 });
    const clipboard = copy(arrangement({ anchorBeats: 0, focusBeats: 4 }));
    expect(paste(state, clipboard, counter())).toEqual({ state, message: NO_PASTE_TRACK_MESSAGE });
  });

  it("inserts copied tracks after the last selected track, with new ids throughout", () => {
    const source = arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" });
    const clipboard = copy(
      project([source.tracks[2]], { trackIds: ["t3"], focusedArea: "tracks" }, { markersRegistry: registry }),
    );
    const state = project([track("u1"), track("u2"), track("u3")], {
      trackIds: ["u2", "u1"],
      focusedArea: "timeline",
    });
    const result = paste(state, clipboard, counter());
    const copied = {
      ...source.tracks[2],
      id: "n1",
      clips: [clip("n3", 3, 5), clip("n4", 10, 12)],
      clipCreationIntents: [],
      takeLanes: [
        { id: "n2", name: "Original", clips: [clip("n5", 3, 5)], clipCreationIntents: [], unheardFor: null },
      ],
      soloTakeLaneId: "n2",
    };
    expect(result).toEqual({
      state: {
        ...state,
        tracks: [state.tracks[0], state.tracks[1], copied, state.tracks[2]],
        selection: { ...state.selection, trackIds: ["n1"], focusedTrackId: "n1", focusedArea: "tracks" },
      },
      message: null,
    });
    expect(flags(result.state)).toEqual([]);
  });

  it("appends copied tracks when no track is selected, and merges their warp markers", () => {
    const clipboard = copy(arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" }));
    const state = project([track("u1")]);
    const { state: next } = paste(state, clipboard, counter());
    expect(next.tracks.map((each) => each.id)).toEqual(["u1", "n1", "n3"]);
    expect(next.markersRegistry).toEqual(registry);
  });

  it("adds no track in one-track mode", () => {
    const clipboard = copy(arrangement({ anchorBeats: 0, focusBeats: 0, focusedArea: "tracks" }));
    const state = project([track("u1")], { trackIds: ["u1"] }, { editClipId: "song" });
    expect(paste(state, clipboard, counter())).toEqual({ state, message: ONE_TRACK_MODE_ADD_MESSAGE });
  });
});
