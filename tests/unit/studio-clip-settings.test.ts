import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  doubleClipSpeed,
  halveClipSpeed,
  parseTransposition,
  setClipPreserveFormants,
  setClipSpeed,
  setClipTransposition,
  setClipVolume,
  setFadeIn,
  setFadeOut,
} from "../../src/studio/editing/index.ts";
import { clip, project, track, withClips } from "./studio-fixtures.ts";

const ref = { trackId: "t1", clipId: "a" };
const state = project([track("t1", [clip("a", 0, 8, { fadeOutBeats: 3 }), clip("b", 8, 16)])]);
const clipOf = (next: typeof state) => next.tracks[0].clips[0];

describe("fades", () => {
  it("sets the fade-in, leaving the other clips alone", () => {
    const next = setFadeIn(state, ref, beats(2));
    expect(next).toEqual(
      withClips(state, {
        t1: [clip("a", 0, 8, { fadeInBeats: 2, fadeOutBeats: 3 }), state.tracks[0].clips[1]],
      }),
    );
    expect(next.tracks[0].clips[1]).toBe(state.tracks[0].clips[1]);
  });

  it("clamps fades to the clip, never overlapping each other", () => {
    expect(clipOf(setFadeIn(state, ref, beats(7)))).toMatchObject({ fadeInBeats: 5, fadeOutBeats: 3 });
    expect(clipOf(setFadeIn(state, ref, beats(-1)))).toMatchObject({ fadeInBeats: 0 });
    expect(clipOf(setFadeOut(state, ref, beats(20)))).toMatchObject({ fadeInBeats: 0, fadeOutBeats: 8 });
    expect(clipOf(setFadeOut(setFadeIn(state, ref, beats(6)), ref, beats(4)))).toMatchObject({
      fadeInBeats: 5,
      fadeOutBeats: 3,
    });
  });

  it("ignores NaN and unchanged values", () => {
    expect(setFadeIn(state, ref, beats(Number.NaN))).toBe(state);
    expect(setFadeOut(state, ref, beats(3))).toBe(state);
  });
});

describe("transposition", () => {
  it("is clamped to whole semitones in -24..24", () => {
    expect(clipOf(setClipTransposition(state, ref, 5))).toEqual(
      clip("a", 0, 8, { fadeOutBeats: 3, transposition: 5 }),
    );
    expect(clipOf(setClipTransposition(state, ref, 30)).transposition).toBe(24);
    expect(clipOf(setClipTransposition(state, ref, -30)).transposition).toBe(-24);
    expect(clipOf(setClipTransposition(state, ref, 2.6)).transposition).toBe(3);
    expect(setClipTransposition(state, ref, Number.NaN)).toBe(state);
    expect(setClipTransposition(state, ref, 0)).toBe(state);
  });

  it("keeps the formants on request, and returns the same state when nothing changes", () => {
    expect(clipOf(state).preserveFormants).toBe(false);
    const kept = setClipPreserveFormants(state, ref, true);
    expect(clipOf(kept).preserveFormants).toBe(true);
    expect(kept.tracks[0].clips[1]).toBe(state.tracks[0].clips[1]);
    expect(setClipPreserveFormants(kept, ref, true)).toBe(kept);
    expect(clipOf(setClipPreserveFormants(kept, ref, false)).preserveFormants).toBe(false);
  });

  it("parses manual entry with a leading plus or minus, ignoring what is not a number", () => {
    expect(parseTransposition("+5")).toBe(5);
    expect(parseTransposition(" -7 ")).toBe(-7);
    expect(parseTransposition("12")).toBe(12);
    expect(parseTransposition("+99")).toBe(24);
    expect(parseTransposition("-99")).toBe(-24);
    expect(parseTransposition("1.6")).toBe(2);
    expect(parseTransposition("abc")).toBeNull();
    expect(parseTransposition("5x")).toBeNull();
    expect(parseTransposition("++5")).toBeNull();
    expect(parseTransposition("+")).toBeNull();
    expect(parseTransposition("")).toBeNull();
  });
});

describe("speed", () => {
  it("is clamped to 1/128..128", () => {
    expect(clipOf(setClipSpeed(state, ref, 1.5)).warp).toEqual({
      enabled: false,
      markers: [],
      speed: 1.5,
      awaitingAnalysis: false,
    });
    expect(clipOf(setClipSpeed(state, ref, 1000)).warp.speed).toBe(128);
    expect(clipOf(setClipSpeed(state, ref, 0)).warp.speed).toBe(1 / 128);
    expect(setClipSpeed(state, ref, Number.NaN)).toBe(state);
  });

  it("halves and doubles within the range", () => {
    expect(clipOf(halveClipSpeed(state, ref)).warp.speed).toBe(0.5);
    expect(clipOf(doubleClipSpeed(doubleClipSpeed(state, ref), ref)).warp.speed).toBe(4);
    const fastest = setClipSpeed(state, ref, 128);
    expect(doubleClipSpeed(fastest, ref)).toBe(fastest);
    const slowest = setClipSpeed(state, ref, 1 / 128);
    expect(halveClipSpeed(slowest, ref)).toBe(slowest);
  });
});

describe("clip volume", () => {
  it("is clamped to 0..1", () => {
    expect(clipOf(setClipVolume(state, ref, 0.25)).amplitude).toBe(0.25);
    expect(clipOf(setClipVolume(state, ref, 2)).amplitude).toBe(1);
    expect(clipOf(setClipVolume(state, ref, -1)).amplitude).toBe(0);
    expect(setClipVolume(state, ref, 1)).toBe(state);
    expect(setClipVolume(state, ref, Number.NaN)).toBe(state);
  });
});
