import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  placeResultsInTakeLanes,
  resultsGoToTakeLanes,
  setSoloTakeLane,
  toggleTakeLanesExpanded,
} from "../../src/studio/editing/index.ts";
import { clip, counter, project, track } from "./studio-fixtures.ts";

describe("generated results in take lanes", () => {
  it("go to lanes only when there are several and the range is bounded", () => {
    expect(resultsGoToTakeLanes(2, beats(16))).toBe(true);
    expect(resultsGoToTakeLanes(1, beats(16))).toBe(false);
    expect(resultsGoToTakeLanes(3, null)).toBe(false);
  });

  it("make an Original lane from the overlapped clips, a Version lane per result, and put the first result on the track", () => {
    const state = project([
      track("t1", [clip("a", 0, 6, { fadeInBeats: 1 }), clip("b", 6, 12), clip("c", 20, 24)], {
        takeLanes: [{ id: "old", name: "Original", clips: [], clipCreationIntents: [] }],
        soloTakeLaneId: "old",
      }),
      track("t2", [clip("z", 0, 24)]),
    ]);
    const results = [clip("r1", 4, 10, { clipId: "song1" }), clip("r2", 4, 10, { clipId: "song2" })];
    const next = placeResultsInTakeLanes(
      state,
      { trackId: "t1", startBeats: beats(4), endBeats: beats(10), results },
      counter(),
    );
    expect(next).toEqual({
      ...state,
      tracks: [
        {
          ...state.tracks[0],
          clips: [
            clip("a", 0, 4, { fadeInBeats: 1 }),
            clip("n6", 4, 10, { clipId: "song1" }),
            clip("b", 10, 12, { readStartBeats: 4 }),
            clip("c", 20, 24),
          ],
          takeLanes: [
            {
              id: "n3",
              name: "Original",
              clips: [clip("n1", 4, 6, { readStartBeats: 4 }), clip("n2", 6, 10)],
              clipCreationIntents: [],
            },
            { id: "n4", name: "Version 1", clips: [results[0]], clipCreationIntents: [] },
            { id: "n5", name: "Version 2", clips: [results[1]], clipCreationIntents: [] },
          ],
          takeLanesExpanded: true,
          soloTakeLaneId: null,
        },
        state.tracks[1],
      ],
    });
    expect(next.tracks[1]).toBe(state.tracks[1]);
  });

  it("place nothing without results", () => {
    const state = project([track("t1")]);
    expect(
      placeResultsInTakeLanes(state, {
        trackId: "t1",
        startBeats: beats(0),
        endBeats: beats(4),
        results: [],
      }),
    ).toBe(state);
  });
});

describe("solo take lane", () => {
  const state = project([
    track("t1", [], {
      takeLanes: [
        { id: "L1", name: "Original", clips: [], clipCreationIntents: [] },
        { id: "L2", name: "Version 1", clips: [], clipCreationIntents: [] },
      ],
    }),
  ]);

  it("plays one lane instead of the track's clips, and the track's own again with null", () => {
    const soloed = setSoloTakeLane(state, "t1", "L2");
    expect(soloed).toEqual({ ...state, tracks: [{ ...state.tracks[0], soloTakeLaneId: "L2" }] });
    expect(setSoloTakeLane(soloed, "t1", null)).toEqual(state);
  });

  it("ignores a lane the track does not have, and the lane already soloed", () => {
    expect(setSoloTakeLane(state, "t1", "L9")).toBe(state);
    expect(setSoloTakeLane(state, "t1", null)).toBe(state);
  });

  it("opens and closes the lanes", () => {
    expect(toggleTakeLanesExpanded(state, "t1").tracks[0].takeLanesExpanded).toBe(true);
    expect(toggleTakeLanesExpanded(toggleTakeLanesExpanded(state, "t1"), "t1")).toEqual(state);
  });
});
