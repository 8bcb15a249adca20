import { describe, expect, it } from "vitest";
import {
  artistRangeValid,
  canAdjustSpeed,
  continuePointValid,
  INFILL_MIN_SECONDS,
  infillValid,
  promptTextAccepted,
  remixSelection,
  searchTerm,
} from "../../src/shared/create/form-validity.ts";

describe("continue point", () => {
  it("is valid without a continue clip, or set above 0 and within the clip", () => {
    expect(
      continuePointValid({ continueClipId: null, continueAtSeconds: null, clipDurationSeconds: null }),
    ).toBe(true);
    const clip = { continueClipId: "c", clipDurationSeconds: 100 };
    expect(continuePointValid({ ...clip, continueAtSeconds: null })).toBe(false);
    expect(continuePointValid({ ...clip, continueAtSeconds: 0 })).toBe(false);
    expect(continuePointValid({ ...clip, continueAtSeconds: 0.04 })).toBe(true);
    expect(continuePointValid({ ...clip, continueAtSeconds: 100 })).toBe(true);
    expect(continuePointValid({ ...clip, continueAtSeconds: 100.01 })).toBe(false);
  });
});

describe("artist range", () => {
  it("is valid without an artist clip, or start at least 0 and not after end", () => {
    expect(artistRangeValid({ artistClipId: null, artistStartSeconds: null, artistEndSeconds: null })).toBe(
      true,
    );
    expect(artistRangeValid({ artistClipId: "a", artistStartSeconds: null, artistEndSeconds: 5 })).toBe(
      false,
    );
    expect(artistRangeValid({ artistClipId: "a", artistStartSeconds: -1, artistEndSeconds: 5 })).toBe(false);
    expect(artistRangeValid({ artistClipId: "a", artistStartSeconds: 6, artistEndSeconds: 5 })).toBe(false);
    expect(artistRangeValid({ artistClipId: "a", artistStartSeconds: 5, artistEndSeconds: 5 })).toBe(true);
    expect(artistRangeValid({ artistClipId: "a", artistStartSeconds: 0, artistEndSeconds: 60 })).toBe(true);
  });
});

describe("infill", () => {
  const base = {
    continueClipId: "c",
    infillFromSeconds: 10,
    infillToSeconds: 10 + INFILL_MIN_SECONDS,
    task: "infill",
    editModeIntroFlag: false,
    hasEditMode: true,
  };

  it("needs both bounds, different, at least the minimum, and edit mode", () => {
    expect(infillValid({ ...base, continueClipId: null, infillFromSeconds: null })).toBe(true);
    expect(infillValid(base)).toBe(true);
    expect(infillValid({ ...base, infillToSeconds: null })).toBe(false);
    expect(infillValid({ ...base, infillToSeconds: 10 })).toBe(false);
    expect(infillValid({ ...base, infillToSeconds: 11.99 })).toBe(false);
    expect(infillValid({ ...base, hasEditMode: false })).toBe(false);
  });

  it("intro, outro and the edit-mode-intro flag lift the minimum length", () => {
    const short = { ...base, infillToSeconds: 11 };
    expect(infillValid({ ...short, task: "infill_intro" })).toBe(true);
    expect(infillValid({ ...short, task: "infill_outro" })).toBe(true);
    expect(infillValid({ ...short, editModeIntroFlag: true })).toBe(true);
  });
});

describe("small rules", () => {
  it("the extend selection is a timed type or an error", () => {
    for (const value of ["cover", "extend", "underpaint", "overpaint"])
      expect(remixSelection(value)).toBe(value);
    expect(() => remixSelection("infill")).toThrow('Invalid extend selection "infill"');
  });

  it("prompt text up to 200 characters; search terms trimmed and cut to 256", () => {
    expect(promptTextAccepted("x".repeat(200))).toBe(true);
    expect(promptTextAccepted("x".repeat(201))).toBe(false);
    expect(searchTerm("  lo-fi  ")).toBe("lo-fi");
    expect(searchTerm(` ${"y".repeat(300)} `)).toHaveLength(256);
  });

  it("adjust speed is not for uploads or clips with vocals", () => {
    expect(canAdjustSpeed({ metadata: { type: "gen", has_vocal: false } })).toBe(true);
    expect(canAdjustSpeed({ metadata: { type: "upload", has_vocal: false } })).toBe(false);
    expect(canAdjustSpeed({ metadata: { type: "upload_extend", has_vocal: false } })).toBe(false);
    expect(canAdjustSpeed({ metadata: { type: "gen", has_vocal: true } })).toBe(false);
    expect(canAdjustSpeed({ metadata: { type: "extend", task: "upload_extend", has_vocal: false } })).toBe(
      false,
    );
    expect(canAdjustSpeed({ metadata: { type: "extend", has_vocal: null } })).toBe(true);
  });
});
