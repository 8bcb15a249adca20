// Automatic moderation of a rendered hook: the detectors' lines as ffmpeg prints them, and the
// verdicts on them (blank, frozen, silent, too loud, a length outside 10 to 241 s).

import { describe, expect, it } from "vitest";
import {
  type HookMeasures,
  MODERATION_PROBLEMS,
  moderationProblems,
  parseMeasures,
} from "../../src/server/video/hook-moderation.ts";

const fine: HookMeasures = { durationS: 12, blackS: 0, frozenS: 0, meanVolumeDb: -20, maxVolumeDb: -3 };

describe("hook moderation", () => {
  it("reads black, frozen and volume lines, an unfinished freeze lasting to the end", () => {
    const stderr = [
      "[blackdetect @ 0x1] black_start:0 black_end:2.5 black_duration:2.5",
      "[blackdetect @ 0x1] black_start:5 black_end:6 black_duration:1",
      "[freezedetect @ 0x2] lavfi.freezedetect.freeze_start: 1",
      "[freezedetect @ 0x2] lavfi.freezedetect.freeze_duration: 2",
      "[freezedetect @ 0x2] lavfi.freezedetect.freeze_end: 3",
      "[freezedetect @ 0x2] lavfi.freezedetect.freeze_start: 8",
      "[Parsed_volumedetect_3 @ 0x3] mean_volume: -21.1 dB",
      "[Parsed_volumedetect_3 @ 0x3] max_volume: -inf dB",
    ].join("\n");
    expect(parseMeasures(stderr, 12)).toEqual({
      durationS: 12,
      blackS: 3.5,
      frozenS: 6,
      meanVolumeDb: -21.1,
      maxVolumeDb: Number.NEGATIVE_INFINITY,
    });
    expect(parseMeasures("", 12)).toMatchObject({ blackS: 0, frozenS: 0, meanVolumeDb: null });
  });

  it("passes a moving, audible hook and names each problem otherwise", () => {
    expect(moderationProblems(fine)).toEqual([]);
    expect(moderationProblems({ ...fine, blackS: 11 })).toEqual([MODERATION_PROBLEMS.blank]);
    expect(moderationProblems({ ...fine, blackS: 10 })).toEqual([]);
    expect(moderationProblems({ ...fine, frozenS: 11.5 })).toEqual([MODERATION_PROBLEMS.frozen]);
    expect(moderationProblems({ ...fine, maxVolumeDb: -60 })).toEqual([MODERATION_PROBLEMS.silent]);
    expect(moderationProblems({ ...fine, maxVolumeDb: null, meanVolumeDb: null })).toEqual([
      MODERATION_PROBLEMS.silent,
    ]);
    expect(moderationProblems({ ...fine, meanVolumeDb: -2 })).toEqual([MODERATION_PROBLEMS.tooLoud]);
    expect(moderationProblems({ ...fine, durationS: 9.8 })).toEqual([MODERATION_PROBLEMS.duration]);
    expect(moderationProblems({ ...fine, durationS: 9.95 })).toEqual([]);
    expect(moderationProblems({ ...fine, durationS: 241.2 })).toContain(MODERATION_PROBLEMS.duration);
  });
});
