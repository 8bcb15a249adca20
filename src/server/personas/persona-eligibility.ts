import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  PERSONA_CLIP_INELIGIBLE,
  PERSONA_UPLOADS_DISABLED,
  PERSONA_VOCALS_NOT_PUBLISHABLE,
  PERSONAS_NEED_PAID_PLAN,
} from "../../shared/api/personas.ts";
import type { Entitled } from "../billing/entitlements.ts";
import { hasPaidPlan } from "../create-support/paid-plan.ts";
import type { ClipRow } from "../db/schema.ts";
import { badRequest, forbidden } from "../http/errors.ts";

/** Personas are a Pro and Premier feature. */
export function requirePersonaFeature(user: Entitled): void {
  if (!hasPaidPlan(user)) throw forbidden(PERSONAS_NEED_PAID_PLAN);
}

const UPLOAD_TYPES = new Set(["upload", "upload_extend"]);

/**
 * A persona copies a voice and style, so its root clip is one of the user's own finished songs
 * with audio and vocals. Own audio uploads need staff or the personas-audio-upload flag; a public
 * persona needs a song whose vocals may be published.
 */
export function checkPersonaRootClip(
  user: Entitled & { id: string },
  clip: ClipRow,
  isPublic: boolean,
): void {
  // Written only through clipMetadataSchema (clip-store.ts).
  const metadata = clip.metadata as ClipMetadata;
  const finished = clip.status === "complete" && clip.audio_key !== null && !clip.is_trashed;
  if (clip.user_id !== user.id || !finished || metadata.has_vocal === false) {
    throw badRequest(PERSONA_CLIP_INELIGIBLE);
  }
  const fromUpload = UPLOAD_TYPES.has(metadata.type ?? "");
  if (fromUpload && !user.is_staff && !user.flags.includes("personas-audio-upload")) {
    throw forbidden(PERSONA_UPLOADS_DISABLED);
  }
  if (isPublic && metadata.can_publish_with_vocal === false) {
    throw badRequest(PERSONA_VOCALS_NOT_PUBLISHABLE);
  }
}
