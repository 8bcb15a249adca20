// The timeline's rows with take lanes: a track's block is its own row and, expanded, a row per
// lane; hit testing finds lane clips (selectable, not draggable) and a solo lane's clips on the
// track's row, where the engine plays them.

import { describe, expect, it } from "vitest";
import { renderedClips } from "../../src/engine/render-plan.ts";
import { RULER_HEIGHT } from "../../src/studio/timeline/constants.ts";
import { hitTest } from "../../src/studio/timeline/hit-test.ts";
import {
  layoutTracks,
  nearestTrackIndex,
  rowAt,
  rowClips,
  rowsOf,
  soloedLaneIndex,
  TAKE_LANE_ROW_PX,
  totalHeight,
  trackBlockHeight,
  visibleTrackRange,
} from "../../src/studio/timeline/track-layout.ts";
import { clip, project, track } from "./studio-fixtures.ts";

const lanes = [
  { id: "orig", name: "Original", clips: [clip("o", 0, 4)] },
  { id: "v1", name: "Version 1", clips: [clip("r1", 4, 8)] },
  { id: "v2", name: "Version 2", clips: [clip("r2", 8, 12)] },
];
const R = TAKE_LANE_ROW_PX;

describe("track layout with take lanes", () => {
  const state = project([
    track("a", [clip("a1", 0, 4)], { height: 88, takeLanes: lanes, takeLanesExpanded: true }),
    track("b", [clip("b1", 0, 16)], { height: 40, takeLanes: lanes, takeLanesExpanded: false }),
    track("c", [], { height: 100 }),
  ]);
  const layout = layoutTracks(state.tracks);

  it("stacks each track's row and its expanded lanes' rows; collapsed lanes take no room", () => {
    expect(trackBlockHeight(state.tracks[0])).toBe(88 + 3 * R);
    expect(trackBlockHeight(state.tracks[1])).toBe(40);
    expect([...layout.tops]).toEqual([0, 88 + 3 * R, 128 + 3 * R, 228 + 3 * R]);
    expect(totalHeight(layout)).toBe(228 + 3 * R);
  });

  it("lists a track's rows, its own first", () => {
    expect(rowsOf(layout, 0)).toEqual([
      { trackIndex: 0, lane: -1, top: 0, height: 88 },
      { trackIndex: 0, lane: 0, top: 88, height: R },
      { trackIndex: 0, lane: 1, top: 88 + R, height: R },
      { trackIndex: 0, lane: 2, top: 88 + 2 * R, height: R },
    ]);
    expect(rowsOf(layout, 1)).toEqual([{ trackIndex: 1, lane: -1, top: 88 + 3 * R, height: 40 }]);
    expect(rowsOf(layout, 5)).toEqual([]);
  });

  it("finds the row under a point, lane rows belonging to their track", () => {
    expect(rowAt(layout, 0)).toEqual({ trackIndex: 0, lane: -1, top: 0, height: 88 });
    expect(rowAt(layout, 87.5)).toMatchObject({ trackIndex: 0, lane: -1 });
    expect(rowAt(layout, 88)).toEqual({ trackIndex: 0, lane: 0, top: 88, height: R });
    expect(rowAt(layout, 88 + 2 * R + 1)).toMatchObject({ trackIndex: 0, lane: 2 });
    expect(rowAt(layout, 88 + 3 * R)).toMatchObject({ trackIndex: 1, lane: -1 });
    expect(rowAt(layout, 228 + 3 * R)).toBeNull();
    expect(rowAt(layout, -1)).toBeNull();
    // A drag over the lanes lands on (selects) their track.
    expect(nearestTrackIndex(layout, 88 + R)).toBe(0);
    expect(visibleTrackRange(layout, 100, 100 + R)).toEqual([0, 0]);
  });

  it("shows on the track's row what the engine plays: a solo lane's clips in place of its own", () => {
    const plain = state.tracks[0];
    expect(rowClips(plain, -1)).toBe(plain.clips);
    expect(rowClips(plain, 1)).toBe(plain.takeLanes[1].clips);
    expect(rowClips(plain, 7)).toEqual([]);
    const soloed = { ...plain, soloTakeLaneId: "v1" };
    expect(soloedLaneIndex(soloed)).toBe(1);
    expect(soloedLaneIndex(plain)).toBe(-1);
    expect(rowClips(soloed, -1)).toBe(soloed.takeLanes[1].clips);
    expect(rowClips(soloed, -1)).toBe(renderedClips(soloed));
  });
});

describe("hit testing take lanes", () => {
  const state = project([
    track("a", [clip("a1", 0, 4)], { height: 88, takeLanes: lanes, takeLanesExpanded: true }),
    track("b", [clip("b1", 0, 16)], { height: 88 }),
  ]);
  const layout = layoutTracks(state.tracks);
  const view = { startBeat: 0, pixelsPerBeat: 100, scrollY: 0 };
  const laneY = (lane: number) => RULER_HEIGHT + 88 + lane * R + R / 2;

  it("finds a lane's clip in its row, selectable but not draggable", () => {
    expect(hitTest(state, layout, view, 500, laneY(1))).toMatchObject({
      kind: "clip",
      trackIndex: 0,
      clip: { id: "r1" },
      laneId: "v1",
      draggable: false,
      part: "body",
    });
    expect(hitTest(state, layout, view, 500, laneY(0))).toMatchObject({
      kind: "lane",
      trackIndex: 0,
      lane: 0,
    });
    // The track's own clips stay draggable on its row.
    expect(hitTest(state, layout, view, 200, RULER_HEIGHT + 50)).toMatchObject({
      kind: "clip",
      clip: { id: "a1" },
      laneId: null,
      draggable: true,
    });
    // The next track starts under the lanes.
    expect(hitTest(state, layout, view, 200, RULER_HEIGHT + 88 + 3 * R + 50)).toMatchObject({
      kind: "clip",
      trackIndex: 1,
      clip: { id: "b1" },
    });
  });

  it("finds a solo lane's clip on the track's row, and not the track's own hidden clips", () => {
    const soloed = project([{ ...state.tracks[0], soloTakeLaneId: "v2" }, state.tracks[1]]);
    const soloLayout = layoutTracks(soloed.tracks);
    expect(hitTest(soloed, soloLayout, view, 900, RULER_HEIGHT + 50)).toMatchObject({
      kind: "clip",
      clip: { id: "r2" },
      laneId: "v2",
      draggable: false,
    });
    expect(hitTest(soloed, soloLayout, view, 200, RULER_HEIGHT + 50)).toMatchObject({
      kind: "lane",
      trackIndex: 0,
      lane: -1,
    });
  });

  it("reads the rows scrolled down", () => {
    expect(hitTest(state, layout, { ...view, scrollY: 88 }, 500, RULER_HEIGHT + R + R / 2)).toMatchObject({
      kind: "clip",
      clip: { id: "r1" },
    });
  });
});
