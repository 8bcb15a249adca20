// The hook form's rules at their boundaries: the video's range from 10 s to 241 s (9.9 and 241.1
// refused with the spec's titles and messages), the song's range inside the song, at most
// 241,000 ms and within 100 ms of the video's; the volumes that follow the video sound toggle; the
// thumbnail frame inside the video's range, and where it falls in the rendered hook.

import { describe, expect, it } from "vitest";
import { hookThumbnailTime } from "../../src/server/video/video-rules.ts";
import {
  HOOK_MESSAGES,
  type HookForm,
  hookFormProblem,
  hookVolumes,
} from "../../src/shared/hooks/hook-rules.ts";

const form = (videoS: number, audioS = videoS, change: Partial<HookForm> = {}): HookForm => ({
  videoDurationS: 300,
  songDurationS: 300,
  videoRange: { startS: 0, endS: videoS },
  audioRange: { startS: 5, endS: 5 + audioS },
  ...hookVolumes(false),
  ...change,
});

describe("hook form rules", () => {
  it("asks for a video, then a song", () => {
    expect(hookFormProblem(form(20, 20, { videoDurationS: null, songDurationS: null }))?.message).toBe(
      "Please select a video.",
    );
    expect(hookFormProblem(form(20, 20, { songDurationS: null }))?.message).toBe("Please select a song.");
  });

  it("takes a video range from 10 s to 241 s and refuses 9.9 s and 241.1 s", () => {
    expect(hookFormProblem(form(9.9))).toEqual({
      title: "Video is too short",
      message: "Video duration must be at least 10 seconds.",
    });
    expect(hookFormProblem(form(10))).toBeNull();
    expect(hookFormProblem(form(241))).toBeNull();
    expect(hookFormProblem(form(241.1))).toEqual({
      title: "Video is too long",
      message: "Video duration must be less than 241 seconds.",
    });
  });

  it("keeps the song's range within 100 ms of the video's and at most 241,000 ms", () => {
    expect(hookFormProblem(form(20, 20.1))).toBeNull();
    expect(hookFormProblem(form(20, 19.9))).toBeNull();
    expect(hookFormProblem(form(20, 20.101))?.message).toBe(HOOK_MESSAGES.audioMismatch);
    expect(hookFormProblem(form(20, 19.899))?.message).toBe(HOOK_MESSAGES.audioMismatch);
    expect(hookFormProblem(form(241, 241))).toBeNull();
    expect(hookFormProblem(form(241, 241.05))?.message).toBe(HOOK_MESSAGES.audioTooLong);
  });

  it("refuses reversed ranges and ranges outside the media", () => {
    expect(hookFormProblem(form(20, 20, { videoRange: { startS: 30, endS: 10 } }))?.message).toBe(
      HOOK_MESSAGES.videoRange,
    );
    expect(hookFormProblem(form(20, 20, { videoDurationS: 19.9 }))?.message).toBe(HOOK_MESSAGES.videoRange);
    expect(hookFormProblem(form(20, 20, { audioRange: { startS: 25, endS: 5 } }))?.message).toBe(
      HOOK_MESSAGES.audioRange,
    );
    expect(hookFormProblem(form(20, 20, { songDurationS: 24.9 }))?.message).toBe(HOOK_MESSAGES.audioRange);
    expect(hookFormProblem(form(20, 20, { audioRange: { startS: -1, endS: 19 } }))?.message).toBe(
      HOOK_MESSAGES.audioRange,
    );
  });

  it("hears either the video or the song: video sound on means song 0 and video 100", () => {
    expect(hookVolumes(true)).toEqual({ songVolume: 0, videoVolume: 100 });
    expect(hookVolumes(false)).toEqual({ songVolume: 100, videoVolume: 0 });
    expect(hookFormProblem(form(20, 20, hookVolumes(true)))).toBeNull();
    expect(hookFormProblem(form(20, 20, { songVolume: 50, videoVolume: 50 }))?.message).toBe(
      HOOK_MESSAGES.volumes,
    );
  });

  it("takes a thumbnail frame inside the video's range, its ends included, and refuses one outside", () => {
    const framed = (at: number) =>
      hookFormProblem(form(20, 20, { videoRange: { startS: 2, endS: 22 }, thumbnailTimeS: at }));
    expect(framed(2)).toBeNull();
    expect(framed(22)).toBeNull();
    expect(framed(1.9)?.message).toBe(HOOK_MESSAGES.thumbnailFrame);
    expect(framed(22.1)?.message).toBe(HOOK_MESSAGES.thumbnailFrame);
    expect(hookFormProblem(form(20, 20, { thumbnailTimeS: null }))).toBeNull();
  });
});

describe("the thumbnail's moment in the rendered hook", () => {
  it("moves the chosen frame by the range's start, and defaults to a second in", () => {
    expect(hookThumbnailTime(9, 1, 10)).toBe(8);
    expect(hookThumbnailTime(null, 1, 10)).toBe(1);
    expect(hookThumbnailTime(null, 0, 1)).toBe(0.5);
  });

  it("keeps the frame inside the hook, before its end", () => {
    expect(hookThumbnailTime(11, 1, 10)).toBeCloseTo(9.9);
    expect(hookThumbnailTime(0, 1, 10)).toBe(0);
  });
});
