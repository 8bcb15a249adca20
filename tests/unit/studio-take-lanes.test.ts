import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  markTakeLaneHeard,
  placeResultsInTakeLanes,
  resultsGoToTakeLanes,
  setSoloTakeLane,
  showsUnheardMarker,
  takeLanesHeardAt,
  toggleTakeLanesExpanded,
} from "../../src/studio/editing/index.ts";
import { laneMarks } from "../../src/studio/timeline/lane-marks.ts";
import { clip, counter, project, track } from "./studio-fixtures.ts";

describe("generated results in take lanes", () => {
  it("go to lanes only when there are several and the range is bounded", () => {
    expect(resultsGoToTakeLanes(2, beats(16))).toBe(true);
    expect(resultsGoToTakeLanes(1, beats(16))).toBe(false);
    expect(resultsGoToTakeLanes(3, null)).toBe(false);
  });

  it("make an Original lane from the overlapped clips, a Version lane per result (unheard after the first), and put the first result on the track", () => {
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
      { trackId: "t1", startBeats: beats(4), endBeats: beats(10), results, userId: "owner" },
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
              unheardFor: null,
            },
            { id: "n4", name: "Version 1", clips: [results[0]], clipCreationIntents: [], unheardFor: null },
            {
              id: "n5",
              name: "Version 2",
              clips: [results[1]],
              clipCreationIntents: [],
              unheardFor: "owner",
            },
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

describe("unheard take lanes", () => {
  const lanes = [
    { id: "orig", name: "Original", clips: [clip("o", 4, 10)] },
    { id: "v1", name: "Version 1", clips: [clip("r1", 4, 10)], unheardFor: "me" },
    { id: "v2", name: "Version 2", clips: [clip("r2", 4, 10, { mute: true })], unheardFor: "me" },
  ];
  const state = project([
    track("t1", [clip("a", 0, 4)], { takeLanes: lanes, takeLanesExpanded: true, soloTakeLaneId: "v1" }),
    track("t2", [clip("z", 0, 24)]),
  ]);

  it("show their marker to the user they are unheard for only", () => {
    const [orig, v1] = state.tracks[0].takeLanes;
    expect(showsUnheardMarker(v1, "me")).toBe(true);
    expect(showsUnheardMarker(v1, "someone else")).toBe(false);
    expect(showsUnheardMarker(v1, null)).toBe(false);
    expect(showsUnheardMarker(orig, "me")).toBe(false);
  });

  it("are heard by that user while soloed with a clip under the playhead", () => {
    expect(takeLanesHeardAt(state, 5, "me")).toEqual([{ trackId: "t1", laneId: "v1" }]);
    expect(takeLanesHeardAt(state, 9.99, "me")).toEqual([{ trackId: "t1", laneId: "v1" }]);
    // Before or after the lane's clip: the track plays nothing of the lane.
    expect(takeLanesHeardAt(state, 2, "me")).toEqual([]);
    expect(takeLanesHeardAt(state, 10, "me")).toEqual([]);
    // Someone else playing it does not clear the owner's marker.
    expect(takeLanesHeardAt(state, 5, "someone else")).toEqual([]);
    expect(takeLanesHeardAt(state, 5, null)).toEqual([]);
  });

  it("are not heard when not soloed, silenced by mute or another track's solo, or when their clip is muted", () => {
    expect(takeLanesHeardAt(setSoloTakeLane(state, "t1", null), 5, "me")).toEqual([]);
    const muted = project([{ ...state.tracks[0], mute: true }, state.tracks[1]]);
    expect(takeLanesHeardAt(muted, 5, "me")).toEqual([]);
    const otherSolo = project([state.tracks[0], { ...state.tracks[1], solo: true }]);
    expect(takeLanesHeardAt(otherSolo, 5, "me")).toEqual([]);
    const bothSolo = project([
      { ...state.tracks[0], solo: true },
      { ...state.tracks[1], solo: true },
    ]);
    expect(takeLanesHeardAt(bothSolo, 5, "me")).toEqual([{ trackId: "t1", laneId: "v1" }]);
    expect(takeLanesHeardAt(setSoloTakeLane(state, "t1", "v2"), 5, "me")).toEqual([]);
  });

  it("lose their marker once heard, and nothing else changes", () => {
    const heard = markTakeLaneHeard(state, { trackId: "t1", laneId: "v1" });
    const [orig, v1, v2] = state.tracks[0].takeLanes;
    expect(heard).toEqual({
      ...state,
      tracks: [{ ...state.tracks[0], takeLanes: [orig, { ...v1, unheardFor: null }, v2] }, state.tracks[1]],
    });
    expect(heard.tracks[0].takeLanes[2]).toBe(v2);
    expect(heard.tracks[1]).toBe(state.tracks[1]);
    expect(takeLanesHeardAt(heard, 5, "me")).toEqual([]);
  });

  it("leave the state as it is for a lane already heard or not there", () => {
    expect(markTakeLaneHeard(state, { trackId: "t1", laneId: "orig" })).toBe(state);
    expect(markTakeLaneHeard(state, { trackId: "t1", laneId: "nope" })).toBe(state);
    expect(markTakeLaneHeard(state, { trackId: "t9", laneId: "v1" })).toBe(state);
  });
});

describe("creation intents on the timeline", () => {
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

  it("draws an intent over its span in the track's own row, lanes expanded or not", () => {
    const lanes = [{ id: "v1", name: "Version 1", clips: [clip("r1", 4, 10)] }];
    for (const takeLanesExpanded of [false, true]) {
      const t = track("t", [], {
        height: 88,
        clipCreationIntents: [intent],
        takeLanes: lanes,
        takeLanesExpanded,
      });
      expect(laneMarks(t, 0, 32)).toEqual([
        { kind: "intent", startBeats: 12, endBeats: 16, y: 0, height: 87 },
      ]);
      expect(laneMarks(t, 20, 32)).toEqual([]);
    }
  });
});
