// Create a Persona's rules: which songs may be a persona's base, the Public
// toggle's default behind the privacy-mode gate, and when 'Make Persona Public?' asks first.

import { describe, expect, it } from "vitest";
import { PERSONA_CLIP_INELIGIBLE, PERSONA_UPLOADS_DISABLED } from "../../src/shared/api/personas.ts";
import {
  needsPublicConfirmation,
  personaBaseGate,
  personaPublicByDefault,
} from "../../src/shared/create/persona-rules.ts";
import { testSession as session } from "../test-session.ts";

const song = (type: string, has_vocal: boolean | null = true) => ({ metadata: { type, has_vocal } });

describe("a persona's base song", () => {
  it("is any own song with vocals", () => {
    expect(personaBaseGate(song("gen"), session())).toEqual({ selectable: true });
    // Unknown vocals are left to the server.
    expect(personaBaseGate(song("extend", null), session())).toEqual({ selectable: true });
  });

  it("is not an audio upload, with the required text in parentheses, unless staff or the flag", () => {
    for (const type of ["upload", "upload_extend"]) {
      expect(personaBaseGate(song(type), session())).toEqual({
        selectable: false,
        reason: "(Personas from audio uploads are disabled at this time.)",
      });
      expect(personaBaseGate(song(type), session({ isStaff: true }))).toEqual({ selectable: true });
      expect(personaBaseGate(song(type), session({ flags: { "personas-audio-upload": true } }))).toEqual({
        selectable: true,
      });
    }
    expect(PERSONA_UPLOADS_DISABLED).toBe("(Personas from audio uploads are disabled at this time.)");
  });

  it("is not a song without vocals", () => {
    expect(personaBaseGate(song("gen", false), session())).toEqual({
      selectable: false,
      reason: PERSONA_CLIP_INELIGIBLE,
    });
    expect(PERSONA_CLIP_INELIGIBLE).toBe("A Persona cannot be created from this clip.");
  });
});

describe("the Public toggle", () => {
  it("starts on, and off behind the privacy-mode gate", () => {
    expect(personaPublicByDefault(session())).toBe(true);
    expect(personaPublicByDefault(session({ flags: { "privacy-mode": true } }))).toBe(false);
  });

  it("asks before the first public persona, and while the user's personas are unknown", () => {
    expect(needsPublicConfirmation(true, false)).toBe(true);
    expect(needsPublicConfirmation(true, null)).toBe(true);
    expect(needsPublicConfirmation(true, true)).toBe(false);
    expect(needsPublicConfirmation(false, false)).toBe(false);
    expect(needsPublicConfirmation(false, null)).toBe(false);
  });
});
