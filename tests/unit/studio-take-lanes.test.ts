import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  placeResultsInTakeLanes,
  resultsGoToTakeLanes,
  setSoloTakeLane,
  toggleTakeLanesExpanded,
} from "../../src/studio/editing/index.ts";
import { laneMarks, TAKE_STRIP_PX } from "../../src/studio/timeline/lane-marks.ts";
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

describe("take lanes and creation intents on the timeline", () => {
  const lanes = [
    { id: "orig", name: "Original", clips: [clip("o", 4, 10)], clipCreationIntents: [] },
    {
      id: "v1",
      name: "Version 1",
      clips: [clip("r1", 4, 10), clip("far", 100, 104)],
      clipCreationIntents: [],
    },
  ];
  const intent = {
    id: "i",
    startBeats: 12,
    endBeats: 16,
    startTrimmedBeats: 0,
    endTrimmedBeats: 0,
    possibleClipIds: [],
    queuedGenerationId: "g",
    queuedGenerationIds: [],
    name: "New Clip",
    namePersists: false,
  };

  it("draws an intent over its span, and nothing of collapsed lanes", () => {
    const t = track("t", [], {
      height: 88,
      clipCreationIntents: [intent],
      takeLanes: lanes,
      takeLanesExpanded: false,
    });
    expect(laneMarks(t, 0, 32)).toEqual([{ kind: "intent", startBeats: 12, endBeats: 16, y: 0, height: 87 }]);
    expect(laneMarks(t, 20, 32)).toEqual([]);
  });

  it("draws a strip per expanded lane at the row's bottom with its clips in view, the soloed lane marked", () => {
    const t = track("t", [], { height: 88, takeLanes: lanes, takeLanesExpanded: true, soloTakeLaneId: "v1" });
    const marks = laneMarks(t, 0, 32);
    const bottom = 87;
    expect(marks).toEqual([
      {
        kind: "strip",
        startBeats: 0,
        endBeats: 32,
        y: bottom - 2 * TAKE_STRIP_PX,
        height: TAKE_STRIP_PX - 1,
      },
      { kind: "take", startBeats: 4, endBeats: 10, y: bottom - 2 * TAKE_STRIP_PX, height: TAKE_STRIP_PX - 1 },
      { kind: "strip", startBeats: 0, endBeats: 32, y: bottom - TAKE_STRIP_PX, height: TAKE_STRIP_PX - 1 },
      { kind: "soloTake", startBeats: 4, endBeats: 10, y: bottom - TAKE_STRIP_PX, height: TAKE_STRIP_PX - 1 },
    ]);
  });

  it("shows no more strips than a low row has room for", () => {
    const three = [...lanes, { id: "v2", name: "Version 2", clips: [], clipCreationIntents: [] }];
    const low = track("t", [], { height: 32, takeLanes: three, takeLanesExpanded: true });
    // A third of 32 px holds two 5 px strips: the first two lanes.
    expect(laneMarks(low, 0, 32).filter((mark) => mark.kind === "strip")).toHaveLength(2);
    const tall = track("t", [], { height: 88, takeLanes: three, takeLanesExpanded: true });
    expect(laneMarks(tall, 0, 32).filter((mark) => mark.kind === "strip")).toHaveLength(3);
  });
});
