import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import { beatsToSeconds, createTempoMap } from "../../src/shared/timing/tempo-map.ts";
import {
  contentEndBeats,
  dropNarrowSelection,
  isSelectionEmpty,
  quantizeSelection,
  quantizeSelectionBeats,
  selectAll,
  selectedTrackIds,
  selectionRange,
} from "../../src/studio/editing/index.ts";
import { clip, intent, project, track } from "./studio-fixtures.ts";

const selection = (anchorBeats: number, focusBeats: number) =>
  project([track("t1")], { anchorBeats, focusBeats }).selection;

describe("selection range", () => {
  it("runs from the smaller of anchor and focus to the larger", () => {
    expect(selectionRange(selection(6, 2))).toEqual({ start: 2, end: 6 });
    expect(selectionRange(selection(2, 6))).toEqual({ start: 2, end: 6 });
  });

  it("is empty when anchor and focus are within a millionth of a beat", () => {
    expect(isSelectionEmpty(selection(3, 3))).toBe(true);
    expect(isSelectionEmpty(selection(3, 3 - 0.9e-6))).toBe(true);
    expect(isSelectionEmpty(selection(3, 3 + 2e-6))).toBe(false);
  });
});

describe("selectedTrackIds", () => {
  it("lists the selected tracks that exist, in track order", () => {
    const state = project([track("a"), track("b"), track("c")], { trackIds: ["c", "gone", "a"] });
    expect(selectedTrackIds(state)).toEqual(["a", "c"]);
  });
});

describe("selectAll (Ctrl+A)", () => {
  it("selects every track from the start to the end of the content, intents included", () => {
    const state = project(
      [track("a", [clip("x", 2, 10)]), track("b", [], { clipCreationIntents: [intent("i", 8, 14)] })],
      { trackIds: ["b"], focusedTrackId: "b", anchorBeats: 5, focusBeats: 6, focusedArea: "tracks" },
    );
    expect(contentEndBeats(state)).toBe(14);
    expect(selectAll(state)).toEqual({
      ...state,
      selection: {
        trackIds: ["a", "b"],
        focusedTrackId: "b",
        anchorBeats: 0,
        focusBeats: 14,
        focusedArea: "tracks",
      },
    });
  });

  it("focuses the first track when the focused one is gone, and selects nothing in time when there is no content", () => {
    const state = project([track("a"), track("b")], {
      focusedTrackId: "gone",
      anchorBeats: 4,
      focusBeats: 4,
    });
    expect(selectAll(state).selection).toEqual({
      trackIds: ["a", "b"],
      focusedTrackId: "a",
      anchorBeats: 0,
      focusBeats: 0,
      focusedArea: "timeline",
    });
    expect(selectAll(project([])).selection).toMatchObject({ trackIds: [], focusedTrackId: null });
  });
});

describe("selection grid", () => {
  it("snaps to the nearest 0.2 s through the tempo", () => {
    const steady = createTempoMap({ bps: 2 });
    expect(quantizeSelectionBeats(steady, beats(1.1))).toBeCloseTo(1.2, 12);
    expect(quantizeSelectionBeats(steady, beats(1.15))).toBeCloseTo(1.2, 12);
    expect(quantizeSelectionBeats(steady, beats(1.05))).toBeCloseTo(1.2, 12);
    expect(quantizeSelectionBeats(steady, beats(0.95))).toBeCloseTo(0.8, 12);
    expect(quantizeSelectionBeats(steady, beats(0))).toBe(0);
  });

  it("follows tempo automation", () => {
    const ramp = createTempoMap({
      bpsAutomation: [
        { beats: 0, bps: 1 },
        { beats: 8, bps: 3 },
      ],
    });
    const snapped = quantizeSelectionBeats(ramp, beats(5.3));
    const time = beatsToSeconds(ramp, snapped);
    expect(time / 0.2).toBeCloseTo(Math.round(time / 0.2), 9);
    expect(Math.abs(time - beatsToSeconds(ramp, beats(5.3)))).toBeLessThanOrEqual(0.1 + 1e-12);
  });

  it("snaps both ends of a selection", () => {
    const quantized = quantizeSelection(selection(1.1, 0.05), createTempoMap({ bps: 2 }));
    expect(quantized.anchorBeats).toBeCloseTo(1.2, 12);
    expect(quantized.focusBeats).toBeCloseTo(0, 12);
  });
});

describe("dropNarrowSelection", () => {
  it("collapses a range narrower than 10 px to its anchor", () => {
    expect(dropNarrowSelection(selection(4, 4.09), 100)).toEqual(selection(4, 4));
    expect(dropNarrowSelection(selection(4, 3.95), 100)).toEqual(selection(4, 4));
  });

  it("keeps a range of 10 px or more, and an empty one, as they are", () => {
    const wide = selection(4, 4.125);
    expect(dropNarrowSelection(wide, 100)).toBe(wide);
    expect(dropNarrowSelection(wide, 80)).toBe(wide);
    expect(dropNarrowSelection(selection(4, 4.09), 200)).toEqual(selection(4, 4.09));
    const empty = selection(4, 4);
    expect(dropNarrowSelection(empty, 100)).toBe(empty);
  });
});
