// The Remaster modal's request (sliders clamped and sent only when moved, styles and title only
// when typed), and the menu gates of Remaster, Create Variations, Get Full Song and Confirm Section.

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/app/account/api-request.ts";
import { REMASTER_FAILED, remasterErrorText } from "../../src/app/clip-actions/remaster.ts";
import {
  confirmSectionGate,
  fullSongGate,
  REMASTER_TOO_LONG,
  remasterGate,
  variationsGate,
} from "../../src/app/create/song-menu-rules.ts";
import type { Session } from "../../src/shared/api/accounts.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { REMASTER_NOT_ALLOWED, upsampleBodySchema } from "../../src/shared/api/generate.ts";
import {
  clampSlider,
  DEFAULT_REMASTER_SLIDERS,
  remasterPayload,
} from "../../src/shared/clip-actions/remaster-payload.ts";
import { OWNER, testSession } from "../test-session.ts";
import { libraryClip } from "./library-fixtures.ts";

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

describe("the Remaster entry", () => {
  const pro = (flags: Session["flags"] = { "remaster-modal": true }) => testSession({ flags });
  const free = () =>
    testSession({ flags: { "remaster-modal": true }, userPlanKey: "free", roles: { pro: false } });
  const clip = (overrides: Partial<Clip> = {}, metadata: Partial<Clip["metadata"]> = {}) =>
    libraryClip(1, { user_id: OWNER, ...overrides }, { duration: 120, ...metadata });

  it("is offered to the owner with the remaster-modal flag, and opens the upsell without a paid plan", () => {
    expect(remasterGate(clip(), pro())).toEqual({ kind: "allowed" });
    expect(remasterGate(clip(), free())).toEqual({ kind: "upsell" });
  });

  it("is hidden without the flag, for others' songs, trashed songs and replaced sections", () => {
    expect(remasterGate(clip(), pro({})).kind).toBe("hidden");
    expect(remasterGate(clip({ user_id: "someone-else" }), pro()).kind).toBe("hidden");
    expect(remasterGate(clip({ is_trashed: true }), pro()).kind).toBe("hidden");
    expect(remasterGate(clip({}, { infill: true }), pro()).kind).toBe("hidden");
  });

  it("is disabled with the reason past 16 minutes and for a contest's base song", () => {
    expect(remasterGate(clip({}, { duration: 961 }), pro())).toEqual({
      kind: "disabled",
      reason: REMASTER_TOO_LONG,
    });
    expect(remasterGate(clip({}, { duration: 960 }), pro()).kind).toBe("allowed");
    expect(remasterGate(clip({ is_contest_base_clip: true }), pro())).toEqual({
      kind: "disabled",
      reason: "Contest songs cannot be remastered",
    });
  });
});

describe("Create Variations, Get Full Song and Confirm Section", () => {
  const owner = () => testSession();
  const clip = (overrides: Partial<Clip> = {}, metadata: Partial<Clip["metadata"]> = {}) =>
    libraryClip(1, { user_id: OWNER, model_name: "chirp-v4-5", ...overrides }, metadata);
  const parent = { id: "5a0c1f4e-0000-4000-8000-0000000000d1", type: "gen", continue_at: 30 };

  it("offers variations of the owner's V4.5, V4.5+ and model-less songs, not of replaced sections", () => {
    expect(variationsGate(clip(), owner()).kind).toBe("allowed");
    expect(variationsGate(clip({ model_name: "chirp-bluejay" }), owner()).kind).toBe("allowed");
    expect(variationsGate(clip({ model_name: "" }), owner()).kind).toBe("allowed");
    expect(variationsGate(clip({ model_name: "chirp-crow" }), owner()).kind).toBe("hidden");
    expect(variationsGate(clip({}, { infill: true }), owner()).kind).toBe("hidden");
    expect(variationsGate(clip({ user_id: "someone-else" }), owner()).kind).toBe("hidden");
  });

  it("offers the full song of an extend, and Confirm Section of a replaced section only", () => {
    const extend = clip({}, { history: [parent] });
    const infill = clip({}, { infill: true, task: "infill", history: [{ ...parent, continue_at: null }] });
    expect(fullSongGate(extend, owner()).kind).toBe("allowed");
    expect(fullSongGate(clip(), owner()).kind).toBe("hidden");
    expect(fullSongGate(infill, owner()).kind).toBe("hidden");
    expect(fullSongGate(clip({}, { history: [parent], type: "stem" }), owner()).kind).toBe("hidden");
    expect(fullSongGate(clip({ user_id: "someone-else" }, { history: [parent] }), owner()).kind).toBe(
      "hidden",
    );
    expect(confirmSectionGate(infill, owner()).kind).toBe("allowed");
    expect(confirmSectionGate(extend, owner()).kind).toBe("hidden");
    expect(confirmSectionGate({ ...infill, user_id: "someone-else" }, owner()).kind).toBe("hidden");
  });
});
