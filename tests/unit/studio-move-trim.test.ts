import { describe, expect, it } from "vitest";
import { beats } from "../../src/shared/time.ts";
import {
  MIN_TRIMMED_CLIP_BEATS,
  moveClip,
  trimClipEnd,
  trimClipStart,
} from "../../src/studio/editing/index.ts";
import { clip, counter, flags, project, track, withClips } from "./studio-fixtures.ts";

describe("moveClip", () => {
  const state = project([
    track("t1", [clip("a", 0, 4), clip("b", 8, 12, { readStartBeats: 2 })]),
    track("t2", [clip("c", 0, 20)]),
  ]);

  it("moves a clip with its audio along its track", () => {
    expect(moveClip(state, { trackId: "t1", clipId: "b" }, beats(6), "t1", counter())).toEqual(
      withClips(state, { t1: [clip("a", 0, 4), clip("b", 14, 18, { readStartBeats: 2 })] }),
    );
  });

  it("replaces what lies under it, and keeps the track's clips sorted", () => {
    expect(moveClip(state, { trackId: "t1", clipId: "b" }, beats(-6), "t1", counter())).toEqual(
      withClips(state, { t1: [clip("a", 0, 2), clip("b", 2, 6, { readStartBeats: 2 })] }),
    );
  });

  it("moves onto another track, splitting a clip it lands inside", () => {
    const next = moveClip(state, { trackId: "t1", clipId: "a" }, beats(5), "t2", counter());
    expect(next).toEqual(
      withClips(state, {
        t1: [clip("b", 8, 12, { readStartBeats: 2 })],
        t2: [clip("c", 0, 5), clip("a", 5, 9), clip("n1", 9, 20, { readStartBeats: 9 })],
      }),
    );
  });

  it("stops at the timeline's start", () => {
    const next = moveClip(state, { trackId: "t1", clipId: "b" }, beats(-100), "t1", counter());
    expect(next.tracks[0].clips).toEqual([clip("b", 0, 4, { readStartBeats: 2 })]);
  });

  it("returns the same state for no movement, an unknown clip or an unknown track", () => {
    expect(moveClip(state, { trackId: "t1", clipId: "a" }, beats(0), "t1", counter())).toBe(state);
    expect(moveClip(state, { trackId: "t1", clipId: "a" }, beats(-2), "t1", counter())).toBe(state);
    expect(moveClip(state, { trackId: "t1", clipId: "zz" }, beats(2), "t1", counter())).toBe(state);
    expect(moveClip(state, { trackId: "t1", clipId: "a" }, beats(2), "t9", counter())).toBe(state);
  });
});

describe("trimClipStart", () => {
  const state = project([
    track("t1", [
      clip("a", 0, 2),
      clip("b", 10, 20, { readStartBeats: 6, fadeInBeats: 2, fadeOutBeats: 3 }),
      clip("c", 30, 32),
    ]),
  ]);
  const b = { trackId: "t1", clipId: "b" };

  it("moves readStartBeats with the start so the audio stays in place, and sets usedCrop", () => {
    const next = trimClipStart(state, b, beats(12));
    expect(next).toEqual({
      ...withClips(state, {
        t1: [
          state.tracks[0].clips[0],
          clip("b", 12, 20, { readStartBeats: 8, fadeInBeats: 2, fadeOutBeats: 3 }),
          state.tracks[0].clips[2],
        ],
      }),
      metadata: { ...state.metadata, usedCrop: true },
    });
  });

  it(`keeps at least ${MIN_TRIMMED_CLIP_BEATS} beats`, () => {
    expect(trimClipStart(state, b, beats(19)).tracks[0].clips[1]).toMatchObject({
      startBeats: 16.5,
      endBeats: 20,
      readStartBeats: 12.5,
      fadeInBeats: 2,
      fadeOutBeats: 1.5,
    });
  });

  it("keeps a clip shorter than the minimum at its length", () => {
    const short = project([track("t1", [clip("s", 0, 2)])]);
    expect(trimClipStart(short, { trackId: "t1", clipId: "s" }, beats(1))).toBe(short);
    expect(trimClipEnd(short, { trackId: "t1", clipId: "s" }, beats(1))).toBe(short);
  });

  it("stops at the start of the clip's audio and at the clip before", () => {
    expect(trimClipStart(state, b, beats(2)).tracks[0].clips[1]).toMatchObject({
      startBeats: 4,
      readStartBeats: 0,
    });
    const late = project([track("t1", [clip("a", 0, 8), clip("b", 10, 20, { readStartBeats: 6 })])]);
    expect(trimClipStart(late, b, beats(2)).tracks[0].clips[1]).toMatchObject({
      startBeats: 8,
      readStartBeats: 4,
    });
  });

  it("stops at the timeline's start", () => {
    const first = project([track("t1", [clip("a", 2, 8, { readStartBeats: 10 })])]);
    expect(trimClipStart(first, { trackId: "t1", clipId: "a" }, beats(-5)).tracks[0].clips[0]).toMatchObject({
      startBeats: 0,
      readStartBeats: 8,
    });
  });
});

describe("trimClipEnd", () => {
  const state = project([
    track("t1", [clip("a", 0, 8, { fadeOutBeats: 2, readStartBeats: 4 }), clip("c", 12, 16)]),
  ]);
  const a = { trackId: "t1", clipId: "a" };

  it("moves the end, keeping the fade-out, and sets usedCrop", () => {
    const next = trimClipEnd(state, a, beats(6));
    expect(next.tracks[0].clips[0]).toEqual(clip("a", 0, 6, { fadeOutBeats: 2, readStartBeats: 4 }));
    expect(flags(next)).toEqual(["usedCrop"]);
  });

  it(`keeps at least ${MIN_TRIMMED_CLIP_BEATS} beats and stops at the next clip`, () => {
    expect(trimClipEnd(state, a, beats(1)).tracks[0].clips[0].endBeats).toBe(3.5);
    expect(trimClipEnd(state, a, beats(40)).tracks[0].clips[0].endBeats).toBe(12);
  });

  it("stops at the end of the clip's audio when its length is known, unless the clip loops", () => {
    // The audio starts at beat -4 (startBeats - readStartBeats), so 14 beats of it end at beat 10.
    expect(trimClipEnd(state, a, beats(11), beats(14)).tracks[0].clips[0].endBeats).toBe(10);
    const looped = project([
      track("t1", [clip("a", 0, 8, { loop: { enabled: true, startBeats: 0, endBeats: 4 } })]),
    ]);
    expect(trimClipEnd(looped, a, beats(30), beats(8)).tracks[0].clips[0].endBeats).toBe(30);
  });

  it("returns the same state when the end does not move", () => {
    expect(trimClipEnd(state, a, beats(8))).toBe(state);
    expect(trimClipEnd(state, { trackId: "t1", clipId: "zz" }, beats(4))).toBe(state);
  });
});
