// The create page's song-menu gates: Make Persona and the
// WAV download's plan gate, for owners, other users, plans, flags and clip kinds.

import { describe, expect, it } from "vitest";
import {
  adjustSpeedGate,
  makePersonaGate,
  PERSONA_FROM_UPLOAD_DISABLED,
  paintingGate,
  wavDownloadGate,
} from "../../src/app/create/song-menu-rules.ts";
import type { Session } from "../../src/shared/api/accounts.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { OWNER, testSession as session } from "../test-session.ts";
import { libraryClip } from "./library-fixtures.ts";

const free = (overrides: Partial<Session> = {}) =>
  session({
    userPlanKey: "free",
    roles: { pro: false },
    audioUploadLimits: { min: 6, max: 60 },
    ...overrides,
  });

function clip(overrides: Partial<Clip> = {}, metadata: Partial<Clip["metadata"]> = {}): Clip {
  return libraryClip(2, { user_id: OWNER, title: "Song", ...overrides }, { has_vocal: true, ...metadata });
}

const PERSONA = {
  id: "p1",
  name: "Voice",
  is_public: false,
  is_owned: true,
  root_clip_id: null,
  image_s3_id: null,
};

describe("Make Persona", () => {
  it("is offered on the owner's own songs with the persona feature", () => {
    expect(makePersonaGate(clip(), session())).toEqual({ kind: "allowed" });
  });

  it("opens the upsell for plans without personas", () => {
    expect(makePersonaGate(clip(), free())).toEqual({ kind: "upsell" });
    // Staff and the skip-paywall flag have it on any plan.
    expect(makePersonaGate(clip(), free({ isStaff: true }))).toEqual({ kind: "allowed" });
    expect(makePersonaGate(clip(), free({ flags: { "skip-paywall": true } }))).toEqual({ kind: "allowed" });
  });

  it("is not shown for others' songs, infill or stem clips, or songs that already have a persona", () => {
    expect(makePersonaGate(clip({ user_id: "someone-else" }), session()).kind).toBe("hidden");
    expect(makePersonaGate(clip({}, { infill: true }), session()).kind).toBe("hidden");
    expect(makePersonaGate(clip({}, { type: "stem" }), session()).kind).toBe("hidden");
    expect(makePersonaGate(clip({ persona: PERSONA }), session()).kind).toBe("hidden");
    // A crop of a persona song may found its own.
    expect(makePersonaGate(clip({ persona: PERSONA }, { type: "edit_crop" }), session()).kind).toBe(
      "allowed",
    );
  });

  it("keeps own uploads to staff and the personas-audio-upload flag, saying why", () => {
    for (const type of ["upload", "upload_extend"] as const) {
      expect(makePersonaGate(clip({}, { type }), session())).toEqual({
        kind: "disabled",
        reason: PERSONA_FROM_UPLOAD_DISABLED,
      });
      expect(makePersonaGate(clip({}, { type }), session({ isStaff: true })).kind).toBe("allowed");
      expect(
        makePersonaGate(clip({}, { type }), session({ flags: { "personas-audio-upload": true } })).kind,
      ).toBe("allowed");
    }
    expect(PERSONA_FROM_UPLOAD_DISABLED).toBe("Personas cannot be created from audio uploads.");
  });
});

describe("WAV download", () => {
  it("is for paid plans, staff and skip-paywall; the others get the upsell", () => {
    expect(wavDownloadGate(session()).kind).toBe("allowed");
    expect(wavDownloadGate(free()).kind).toBe("upsell");
    expect(wavDownloadGate(free({ isStaff: true })).kind).toBe("allowed");
    expect(wavDownloadGate(free({ flags: { "skip-paywall": true } })).kind).toBe("allowed");
  });
});

describe("Add Vocal and Add Instrumental", () => {
  it("are for paid plans, staff and skip-paywall; the others get the upsell", () => {
    expect(paintingGate(session()).kind).toBe("allowed");
    expect(paintingGate(free()).kind).toBe("upsell");
    expect(paintingGate(free({ isStaff: true })).kind).toBe("allowed");
    expect(paintingGate(free({ flags: { "skip-paywall": true } })).kind).toBe("allowed");
  });
});

describe("Adjust Speed", () => {
  const refused = { kind: "disabled", reason: "Cannot adjust speed of uploaded audio and its derivatives" };

  it("is offered on instrumental songs", () => {
    expect(adjustSpeedGate(clip({}, { has_vocal: false }))).toEqual({ kind: "allowed" });
  });

  it("is disabled, saying why, for songs with vocals, uploads and their extends", () => {
    expect(adjustSpeedGate(clip({}, { has_vocal: true }))).toEqual(refused);
    expect(adjustSpeedGate(clip({}, { type: "upload", has_vocal: false }))).toEqual(refused);
    expect(adjustSpeedGate(clip({}, { type: "upload_extend", has_vocal: false }))).toEqual(refused);
    expect(adjustSpeedGate(clip({}, { type: "extend", task: "upload_extend", has_vocal: false }))).toEqual(
      refused,
    );
  });
});
