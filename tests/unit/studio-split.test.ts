import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import { split } from "../../src/studio/editing/index.ts";
import { clip, counter, flags, intent, project, track, withClips } from "./studio-fixtures.ts";

const threeTracks = (selection: { anchorBeats: number; focusBeats: number }) =>
  project(
    [
      track("t1", [clip("a", 0, 8, { fadeInBeats: 1, fadeOutBeats: 2 })]),
      track("t2", [clip("b", 0, 8, { readStartBeats: 3 })]),
      track("t3", [clip("c", 0, 8)]),
    ],
    { trackIds: ["t2", "t1"], ...selection },
  );

describe("split (Ctrl+E)", () => {
  it("splits the selected tracks' clips at the playhead when no range is selected", () => {
    const state = threeTracks({ anchorBeats: 2, focusBeats: 2 });
    const next = split(state, beats(4), counter());
    expect(next).toEqual({
      ...withClips(state, {
        t1: [clip("a", 0, 4, { fadeInBeats: 1 }), clip("n1", 4, 8, { readStartBeats: 4, fadeOutBeats: 2 })],
        t2: [clip("b", 0, 4, { readStartBeats: 3 }), clip("n2", 4, 8, { readStartBeats: 7 })],
      }),
      metadata: { ...state.metadata, usedSplit: true },
    });
    expect(next.tracks[2]).toBe(state.tracks[2]);
  });

  it("splits at both edges of a selected range, whichever way it was dragged", () => {
    const state = threeTracks({ anchorBeats: 6, focusBeats: 2 });
    const next = split(state, beats(7), counter());
    expect(next).toEqual({
      ...withClips(state, {
        t1: [
          clip("a", 0, 2, { fadeInBeats: 1 }),
          clip("n1", 2, 6, { readStartBeats: 2 }),
          clip("n3", 6, 8, { readStartBeats: 6, fadeOutBeats: 2 }),
        ],
        t2: [
          clip("b", 0, 2, { readStartBeats: 3 }),
          clip("n2", 2, 6, { readStartBeats: 5 }),
          clip("n4", 6, 8, { readStartBeats: 9 }),
        ],
      }),
      metadata: { ...state.metadata, usedSplit: true },
    });
  });

  it("changes nothing, and sets no flag, where no clip runs across the position", () => {
    const state = threeTracks({ anchorBeats: 0, focusBeats: 0 });
    expect(split(state, beats(8), counter())).toBe(state);
    expect(split(state, beats(0), counter())).toBe(state);
    expect(split(state, beats(12), counter())).toBe(state);
  });

  it("changes nothing without a selected track", () => {
    const state = project([track("t1", [clip("a", 0, 8)])], { anchorBeats: 4, focusBeats: 4 });
    expect(split(state, beats(4), counter())).toBe(state);
  });

  it("removes a selected clip creation intent instead of splitting", () => {
    const state = project(
      [
        track("t1", [clip("a", 0, 30)], {
          clipCreationIntents: [intent("i1", 10, 20), intent("i2", 24, 28)],
        }),
      ],
      { trackIds: ["t1"], anchorBeats: 12, focusBeats: 12 },
    );
    const next = split(state, beats(15), counter());
    expect(next.tracks[0]).toEqual({ ...state.tracks[0], clipCreationIntents: [intent("i2", 24, 28)] });
    expect(flags(next)).toEqual([]);
  });
});
