import type { Session } from "../api/accounts.ts";
import { PERSONA_CLIP_INELIGIBLE, PERSONA_UPLOADS_DISABLED } from "../api/personas.ts";
import { isUploadClip } from "./form-validity.ts";

// Create a Persona's rules, shared by the modal and its tests; the server
// checks the same in src/server/personas/persona-eligibility.ts.

/** A song offered as a persona's base: selectable, or shown disabled with the reason. */
export type PersonaBaseGate =
  | { readonly selectable: true }
  | { readonly selectable: false; readonly reason: string };

/** Staff and the personas-audio-upload flag may make personas of their own audio uploads. */
export const mayUsePersonaUploads = (session: Session): boolean =>
  session.isStaff || session.flags["personas-audio-upload"] === true;

/**
 * Own audio uploads only with staff or personas-audio-upload ('(Personas from audio uploads are
 * disabled at this time.)'); a song known to have no vocals has no voice to copy.
 */
export function personaBaseGate(
  clip: { readonly metadata: { readonly type?: string | null; readonly has_vocal?: boolean | null } },
  session: Session,
): PersonaBaseGate {
  if (isUploadClip(clip.metadata) && !mayUsePersonaUploads(session)) {
    return { selectable: false, reason: PERSONA_UPLOADS_DISABLED };
  }
  if (clip.metadata.has_vocal === false) return { selectable: false, reason: PERSONA_CLIP_INELIGIBLE };
  return { selectable: true };
}

/** The Public toggle starts on, off behind the privacy-mode gate. */
export const personaPublicByDefault = (session: Session): boolean => session.flags["privacy-mode"] !== true;

/**
 * Making the first persona public asks 'Make Persona Public?' first. `hasPublicPersona` is null
 * while the user's personas are unknown (not loaded, or failed): then it asks too.
 */
export const needsPublicConfirmation = (isPublic: boolean, hasPublicPersona: boolean | null): boolean =>
  isPublic && hasPublicPersona !== true;
