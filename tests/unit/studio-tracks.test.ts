import { describe, expect, it } from "vitest";
import {
  isOneTrackMode,
  moveSelectedTracks,
  muteAll,
  toggleMetronome,
} from "../../src/studio/editing/index.ts";
import { project, track } from "./studio-fixtures.ts";

const ids = (state: { tracks: { id: string }[] }) => state.tracks.map((each) => each.id);

const fiveTracks = (trackIds: string[]) =>
  project([track("a"), track("b"), track("c"), track("d"), track("e")], { trackIds });

describe("moveSelectedTracks (Ctrl+Up, Ctrl+Down)", () => {
  it("moves a selected track up and sets usedReorder", () => {
    const state = fiveTracks(["c"]);
    const next = moveSelectedTracks(state, "up");
    expect(next).toEqual({
      ...state,
      tracks: [state.tracks[0], state.tracks[2], state.tracks[1], state.tracks[3], state.tracks[4]],
      metadata: { ...state.metadata, usedReorder: true },
    });
  });

  it("moves a block and scattered tracks one place each, keeping their order", () => {
    expect(ids(moveSelectedTracks(fiveTracks(["b", "c"]), "up"))).toEqual(["b", "c", "a", "d", "e"]);
    expect(ids(moveSelectedTracks(fiveTracks(["b", "c"]), "down"))).toEqual(["a", "d", "b", "c", "e"]);
    expect(ids(moveSelectedTracks(fiveTracks(["b", "d"]), "down"))).toEqual(["a", "c", "b", "e", "d"]);
  });

  it("moves nothing when a selected track is at the edge already, or none is selected", () => {
    const top = fiveTracks(["a", "c"]);
    expect(moveSelectedTracks(top, "up")).toBe(top);
    const bottom = fiveTracks(["e"]);
    expect(moveSelectedTracks(bottom, "down")).toBe(bottom);
    const none = fiveTracks([]);
    expect(moveSelectedTracks(none, "up")).toBe(none);
  });
});

describe("muteAll (0)", () => {
  it("mutes every track, then unmutes them all", () => {
    const state = project([track("a", [], { mute: true }), track("b")]);
    const muted = muteAll(state);
    expect(muted).toEqual({ ...state, tracks: [state.tracks[0], { ...state.tracks[1], mute: true }] });
    expect(muted.tracks[0]).toBe(state.tracks[0]);
    expect(muteAll(muted).tracks.map((each) => each.mute)).toEqual([false, false]);
  });
});

describe("toggleMetronome (c)", () => {
  it("switches the metronome on and off, keeping its level", () => {
    const state = project([track("a")]);
    const on = toggleMetronome(state);
    expect(on).toEqual({ ...state, metronome: { enabled: true, amplitude: 0.5 } });
    expect(toggleMetronome(on)).toEqual(state);
  });
});

describe("isOneTrackMode", () => {
  it("is edit mode", () => {
    expect(isOneTrackMode(project([track("a")]))).toBe(false);
    expect(isOneTrackMode(project([track("a")], {}, { editClipId: "song" }))).toBe(true);
  });
});
