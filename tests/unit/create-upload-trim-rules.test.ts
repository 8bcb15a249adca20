import { describe, expect, it } from "vitest";
import type { Session } from "../../src/shared/api/accounts.ts";
import {
  canSaveTrim,
  clampTrimRange,
  defaultTrimRange,
  pickUploadFile,
  trimLimits,
} from "../../src/shared/create/upload-trim-rules.ts";

const session = (plan: Session["userPlanKey"], limits: { min: number; max: number }): Session => ({
  user: { id: "u", handle: "h" },
  userId: "u",
  userEmail: null,
  username: "h",
  displayName: null,
  userPlanKey: plan,
  roles: { pro: plan !== "free" },
  isStaff: false,
  flags: {},
  audioUploadLimits: limits,
});

describe("trim limits", () => {
  it("free: the session's minimum plus 0.5 s, 1 minute, the hint and the Upgrade link", () => {
    const limits = trimLimits(session("free", { min: 6, max: 60 }), "upload");
    expect(limits).toEqual({
      minSeconds: 6.5,
      maxSeconds: 60,
      hint: "Trim your audio to between 6 seconds and 1 min long.",
      showUpgrade: true,
    });
  });

  it("long uploads: 8 minutes and their own hint, no Upgrade link", () => {
    const limits = trimLimits(session("pro", { min: 8, max: 480 }), "upload");
    expect(limits).toEqual({
      minSeconds: 8.5,
      maxSeconds: 480,
      hint: "8 min limit for audio uploads.",
      showUpgrade: false,
    });
  });

  it("without a session: 6 s minimum and 1 minute", () => {
    expect(trimLimits(null, "upload")).toMatchObject({ minSeconds: 6.5, maxSeconds: 60 });
  });

  it("persona uploads: 10 to 30 s", () => {
    const limits = trimLimits(session("pro", { min: 6, max: 480 }), "persona");
    expect(limits).toMatchObject({ minSeconds: 10, maxSeconds: 30 });
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 9.99 }, limits)).toBe(false);
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 10 }, limits)).toBe(true);
    expect(canSaveTrim({ startSeconds: 5, endSeconds: 35 }, limits)).toBe(true);
    expect(canSaveTrim({ startSeconds: 5, endSeconds: 35.01 }, limits)).toBe(false);
  });
});

describe("trim range", () => {
  const limits = trimLimits(session("free", { min: 6, max: 60 }), "upload");

  it("starts at 0 through min(duration, max)", () => {
    expect(defaultTrimRange(200, limits)).toEqual({ startSeconds: 0, endSeconds: 60 });
    expect(defaultTrimRange(20, limits)).toEqual({ startSeconds: 0, endSeconds: 20 });
  });

  it("edges stop at the maximum length and the audio's ends", () => {
    expect(clampTrimRange({ startSeconds: 10, endSeconds: 90 }, 200, limits, "end")).toEqual({
      startSeconds: 10,
      endSeconds: 70,
    });
    expect(clampTrimRange({ startSeconds: 5, endSeconds: 90 }, 200, limits, "start")).toEqual({
      startSeconds: 30,
      endSeconds: 90,
    });
    expect(clampTrimRange({ startSeconds: -3, endSeconds: 250 }, 40, limits, "end")).toEqual({
      startSeconds: 0,
      endSeconds: 40,
    });
    expect(clampTrimRange({ startSeconds: 30, endSeconds: 20 }, 40, limits, "start")).toEqual({
      startSeconds: 20,
      endSeconds: 20,
    });
  });

  it("moving the whole range keeps its length within the audio", () => {
    expect(clampTrimRange({ startSeconds: 170, endSeconds: 220 }, 200, limits, "range")).toEqual({
      startSeconds: 150,
      endSeconds: 200,
    });
    expect(clampTrimRange({ startSeconds: -10, endSeconds: 20 }, 200, limits, "range")).toEqual({
      startSeconds: 0,
      endSeconds: 30,
    });
  });

  it("Save needs the minimum trimmed length", () => {
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 6.4 }, limits)).toBe(false);
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 6.5 }, limits)).toBe(true);
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 60 }, limits)).toBe(true);
    expect(canSaveTrim({ startSeconds: 0, endSeconds: 60.5 }, limits)).toBe(false);
  });
});

describe("picking a file", () => {
  const wav = { type: "audio/wav", size: 1000 };

  it("takes one audio file", () => {
    expect(pickUploadFile([wav])).toEqual({ file: wav });
    expect(pickUploadFile([])).toBeNull();
  });

  it("refuses several files, other types and more than 500 MB", () => {
    expect(pickUploadFile([wav, wav])).toEqual({ message: "Please upload one file at a time." });
    expect(pickUploadFile([{ type: "image/png", size: 10 }])).toEqual({
      message: "Please upload audio files only.",
    });
    expect(pickUploadFile([{ type: "audio/mpeg", size: 524_288_000 }])).toEqual({
      file: { type: "audio/mpeg", size: 524_288_000 },
    });
    expect(pickUploadFile([{ type: "audio/mpeg", size: 524_288_001 }])).toHaveProperty("message");
  });
});
