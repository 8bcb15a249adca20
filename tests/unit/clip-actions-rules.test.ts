// The Remaster modal's request (sliders clamped and sent only when moved, styles and title only
// when typed) and its refusals. The entries' availability is the song menu's table
// (song-menu-rules.test.ts).

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/app/account/api-request.ts";
import { remasterErrorText } from "../../src/app/clip-actions/remaster.ts";
import { REMASTER_FAILED, REMASTER_NOT_ALLOWED, upsampleBodySchema } from "../../src/shared/api/generate.ts";
import { mergeOrder } from "../../src/shared/clip-actions/merge-rules.ts";
import {
  clampSlider,
  DEFAULT_REMASTER_SLIDERS,
  remasterPayload,
} from "../../src/shared/clip-actions/remaster-payload.ts";

const CLIP_ID = "5a0c1f4e-0000-4000-8000-0000000000c1";
const choice = (overrides: Partial<Parameters<typeof remasterPayload>[0]> = {}) => ({
  clipId: CLIP_ID,
  modelName: null,
  title: "",
  tags: "",
  sliders: DEFAULT_REMASTER_SLIDERS,
  ...overrides,
});

describe("the remaster request", () => {
  it("sends only the clip when nothing was changed", () => {
    expect(remasterPayload(choice())).toEqual({ clip_id: CLIP_ID });
  });

  it("sends each moved slider under its field, and leaves the others to their defaults", () => {
    const body = remasterPayload(
      choice({ sliders: { ...DEFAULT_REMASTER_SLIDERS, freedom: 0.3, stereoWidth: 1, tone: 0.5 } }),
    );
    expect(body).toEqual({ clip_id: CLIP_ID, freedom: 0.3, stereo_width: 1 });
    expect(upsampleBodySchema.safeParse(body).success).toBe(true);
  });

  it("clamps sliders to 0..1, and a slider clamped back to its default is not sent", () => {
    expect(clampSlider(1.7, 0.5)).toBe(1);
    expect(clampSlider(-2, 0.5)).toBe(0);
    expect(clampSlider(Number.NaN, 0.5)).toBe(0.5);
    const body = remasterPayload(
      choice({ sliders: { freedom: -1, tone: 3, clarity: 0.5, strength: Number.NaN, stereoWidth: -0.2 } }),
    );
    expect(body).toEqual({ clip_id: CLIP_ID, tone: 1, stereo_width: 0 });
  });

  it("sends styles and title only when not blank, trimmed, and the model when one is chosen", () => {
    expect(remasterPayload(choice({ tags: "   ", title: "\t" }))).toEqual({ clip_id: CLIP_ID });
    expect(remasterPayload(choice({ tags: " lofi ", title: " New ", modelName: "chirp-v4-5" }))).toEqual({
      clip_id: CLIP_ID,
      tags: "lofi",
      title: "New",
      model_name: "chirp-v4-5",
    });
  });
});

describe("a refused remaster", () => {
  it("says the plan lacks Remaster, that the title is too long, or that it failed", () => {
    expect(remasterErrorText(new ApiError(400, REMASTER_NOT_ALLOWED, null))).toBe(REMASTER_NOT_ALLOWED);
    expect(remasterErrorText(new ApiError(422, "anything", null))).toBe("Title too long.");
    expect(remasterErrorText(new ApiError(400, "Replaced sections cannot be remastered", null))).toBe(
      REMASTER_FAILED,
    );
    expect(remasterErrorText(new TypeError("Failed to fetch"))).toBe("Remaster failed.");
  });
});

describe("the songs a merge joins", () => {
  it("joins them oldest first, whatever order they were picked in; ties keep the pick's order", () => {
    const song = (id: string, created_at: string) => ({ id, created_at });
    expect(
      mergeOrder([
        song("c", "2026-03-01T10:00:00Z"),
        song("a", "2026-01-01T10:00:00Z"),
        song("b2", "2026-02-01T10:00:00Z"),
        song("b1", "2026-02-01T10:00:00Z"),
      ]),
    ).toEqual(["a", "b2", "b1", "c"]);
  });
});
