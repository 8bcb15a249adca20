import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { TRACK_HEIGHT_DEFAULT, TRACK_HEIGHT_MIN, TRACK_ICONS } from "../../src/shared/project/index.ts";
import { createTempoMap } from "../../src/shared/timing/tempo-map.ts";
import {
  addTrack,
  clipTempoMode,
  selectRange,
  selectTrack,
  setClipColor,
  setClipTempoMode,
  setLoopRange,
  setMasterAmplitude,
  setTempoBpm,
  setTrackAmplitude,
  setTrackBalance,
  setTrackEqStage,
  setTrackHeight,
  setTrackIcon,
  toggleLoop,
} from "../../src/studio/editing/index.ts";
import { eqResponseDb } from "../../src/studio/ui/panels/eq-response.ts";

const KICK = "demo-track-kick";
const ref = { trackId: KICK, clipId: "demo-track-kick-clip-1" };

describe("track edits", () => {
  it("clamps the fader, balance and height, and leaves no-ops alone", () => {
    const state = demoProject();
    expect(setTrackAmplitude(state, KICK, 3).tracks[0].amplitude).toBe(1);
    expect(setTrackAmplitude(state, KICK, -1).tracks[0].amplitude).toBe(0);
    expect(setTrackAmplitude(state, KICK, 1)).toBe(state);
    expect(setTrackAmplitude(state, KICK, Number.NaN)).toBe(state);
    expect(setTrackBalance(state, KICK, -4).tracks[0].balance).toBe(-1);
    expect(setTrackHeight(state, KICK, 10).tracks[0].height).toBe(32);
    expect(setTrackIcon(state, KICK, "Wicka Wicka").tracks[0].icon).toBe("Wicka Wicka");
  });

  it("offers the 20 track icons in its order, Audio first (the default)", () => {
    expect(TRACK_ICONS).toEqual([
      "Audio",
      "Synth",
      "Brass",
      "FX",
      "Backing Vocals",
      "Strings",
      "Bass",
      "Drums",
      "Woodwinds",
      "Percussion",
      "Keyboard",
      "Guitar",
      "Vocals",
      "Music",
      "Double Music",
      "Noggin",
      "Mirth",
      "Stun",
      "Twinkle",
      "Wicka Wicka",
    ]);
  });

  it("resizes tracks from the default height of 88 down to 32 at least", () => {
    const state = demoProject();
    expect([TRACK_HEIGHT_DEFAULT, TRACK_HEIGHT_MIN]).toEqual([88, 32]);
    expect(setTrackHeight(state, KICK, 140.4).tracks[0].height).toBe(140);
    expect(setTrackHeight(state, KICK, 31.9).tracks[0].height).toBe(32);
    expect(
      setTrackHeight(setTrackHeight(state, KICK, 200), KICK, TRACK_HEIGHT_DEFAULT).tracks[0].height,
    ).toBe(88);
  });

  it("changes EQ stages within their limits; pass filters have no gain", () => {
    const state = demoProject();
    const boosted = setTrackEqStage(state, KICK, "band2", { gain: 40, frequency: 5, q: 100 });
    expect(boosted.tracks[0].eq.band2).toMatchObject({ gain: 24, frequency: 20, q: 18 });
    const pass = setTrackEqStage(state, KICK, "highPassFilter", { gain: 6 });
    expect(pass).toBe(state);
    expect(setTrackEqStage(state, KICK, "band1", { enabled: true })).toBe(state);
  });

  it("adds a numbered track and selects it", () => {
    const state = addTrack(demoProject(), "t9");
    expect(state.tracks.at(-1)).toMatchObject({ id: "t9", name: "Track 9", height: 88, icon: "Audio" });
    expect(state.selection.trackIds).toEqual(["t9"]);
  });
});

describe("clip and project edits", () => {
  it("sets a clip's colour and tempo mode", () => {
    const state = setClipColor(demoProject(), ref, "#42a5f5");
    expect(state.tracks[0].clips[0].color).toBe("#42a5f5");
    const onBeat = setClipTempoMode(state, ref, "onBeat");
    expect(clipTempoMode(onBeat.tracks[0].clips[0])).toBe("onBeat");
    expect(setClipTempoMode(onBeat, ref, "onBeat")).toBe(onBeat);
  });

  it("toggles and sets the loop, the master fader and the tempo", () => {
    const state = demoProject();
    expect(toggleLoop(state).loop.enabled).toBe(false);
    expect(setLoopRange(state, 40, 8).loop).toMatchObject({ startBeats: 8, endBeats: 40 });
    expect(setMasterAmplitude(state, 2).amplitude).toBe(1);
    expect(setTempoBpm(state, 90).timing.bps).toBe(1.5);
    expect(setTempoBpm(state, 10_000).timing.bps).toBeCloseTo(400 / 60, 9);
  });
});

describe("selection", () => {
  it("quantises a range to 0.2 s and clears one narrower than 10 px", () => {
    const state = demoProject();
    const tempo = createTempoMap(state.timing);
    const range = selectRange(
      state,
      { trackIds: [KICK], focusedTrackId: KICK, anchorBeats: 0.97, focusBeats: 5.17 },
      tempo,
      100,
    );
    // 0.485 s and 2.585 s on the 0.2 s grid: 0.4 s and 2.6 s, beats 0.8 and 5.2 at 2 beats a second.
    expect(range.selection.trackIds).toEqual([KICK]);
    expect(range.selection.anchorBeats).toBeCloseTo(0.8, 9);
    expect(range.selection.focusBeats).toBeCloseTo(5.2, 9);
    const narrow = selectRange(
      state,
      { trackIds: [KICK], focusedTrackId: KICK, anchorBeats: 2, focusBeats: 2.06 },
      tempo,
      100,
    );
    expect(narrow.selection.focusBeats).toBe(narrow.selection.anchorBeats);
  });

  it("selects tracks from their headers, adding with a modifier", () => {
    const one = selectTrack(demoProject(), KICK, false);
    expect(one.selection).toMatchObject({ trackIds: [KICK], focusedTrackId: KICK, focusedArea: "tracks" });
    const two = selectTrack(one, "demo-track-bass", true);
    expect(two.selection.trackIds).toEqual([KICK, "demo-track-bass"]);
    expect(selectTrack(two, KICK, true).selection.trackIds).toEqual(["demo-track-bass"]);
  });
});

describe("the EQ panel's curve", () => {
  it("is flat when off and shows a band's boost at its frequency", () => {
    const eq = demoProject().tracks[0].eq;
    expect(eqResponseDb({ ...eq, enabled: false }, [100, 1000])).toEqual([0, 0]);
    const boosted = { ...eq, enabled: true, band2: { enabled: true, frequency: 1000, q: 1, gain: 6 } };
    const [low, at] = eqResponseDb(boosted, [50, 1000]);
    expect(at).toBeCloseTo(6, 1);
    expect(Math.abs(low)).toBeLessThan(0.5);
  });
});
