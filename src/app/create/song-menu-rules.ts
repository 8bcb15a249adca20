// Which song-menu actions a finished clip offers on the create page, and how each is gated
// by plan, flag and the song's state. Pure: the menu and its tests share it.

import type { Session } from "../../shared/api/accounts.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { CANNOT_ADJUST_SPEED, canAdjustSpeed, isUploadClip } from "../../shared/create/form-validity.ts";
import { mayUsePersonaUploads } from "../../shared/create/persona-rules.ts";
import { hasPaintingFeature, hasPersonaFeature, hasWavDownload } from "./feature-gates.ts";

/** Shown and usable; shown dimmed with an upsell; shown disabled with the reason; or not shown. */
export type MenuGate =
  | { readonly kind: "allowed" }
  | { readonly kind: "upsell" }
  | { readonly kind: "disabled"; readonly reason: string }
  | { readonly kind: "hidden" };

/** Why an action is unavailable (the Create a Persona modal's own text in parentheses). */
export const PERSONA_FROM_UPLOAD_DISABLED = "Personas cannot be created from audio uploads.";

const ALLOWED: MenuGate = { kind: "allowed" };
const HIDDEN: MenuGate = { kind: "hidden" };
const UPSELL: MenuGate = { kind: "upsell" };

const isOwn = (clip: Clip, session: Session) => session.user !== null && clip.user_id === session.user.id;

/**
 * Make Persona: the owner's songs, not infill or stem clips, not a song that already has a persona
 * (an edit_crop may); own uploads as the server allows them (staff or personas-audio-upload).
 */
export function makePersonaGate(clip: Clip, session: Session): MenuGate {
  const type = clip.metadata.type ?? "";
  if (!isOwn(clip, session) || clip.metadata.infill === true || type === "stem") return HIDDEN;
  if (clip.persona && type !== "edit_crop") return HIDDEN;
  if (!hasPersonaFeature(session)) return UPSELL;
  if (isUploadClip(clip.metadata) && !mayUsePersonaUploads(session)) {
    return { kind: "disabled", reason: PERSONA_FROM_UPLOAD_DISABLED };
  }
  return ALLOWED;
}

/** WAV needs a higher tier: the others see it with an upsell. */
export const wavDownloadGate = (session: Session): MenuGate => (hasWavDownload(session) ? ALLOWED : UPSELL);

/** Add Vocal and Add Instrumental: Pro and Premier; the others see an upsell. */
export const paintingGate = (session: Session): MenuGate => (hasPaintingFeature(session) ? ALLOWED : UPSELL);

/** Adjust Speed: not for uploads, their extends or songs with vocals, shown disabled with the reason. */
export const adjustSpeedGate = (clip: Clip): MenuGate =>
  canAdjustSpeed(clip) ? ALLOWED : { kind: "disabled", reason: CANNOT_ADJUST_SPEED };

const isInfillClip = (clip: Clip) =>
  clip.metadata.infill === true || (clip.metadata.task ?? "").includes("infill");

export const REMASTER_TOO_LONG = "Cannot remaster songs longer than 16 minutes";
export const CONTEST_REMASTER = "Contest songs cannot be remastered";

/**
 * Remaster: the owner's untrashed songs but replaced sections, with the remaster-modal flag; past
 * 960 s or for a contest's base song disabled with the reason; without a paid plan an upsell.
 */
export function remasterGate(clip: Clip, session: Session): MenuGate {
  if (!isOwn(clip, session) || clip.is_trashed || isInfillClip(clip)) return HIDDEN;
  if (session.flags["remaster-modal"] !== true) return HIDDEN;
  if ((clip.metadata.duration ?? 0) > 960) return { kind: "disabled", reason: REMASTER_TOO_LONG };
  if (clip.is_contest_base_clip) return { kind: "disabled", reason: CONTEST_REMASTER };
  return hasPaintingFeature(session) ? ALLOWED : UPSELL;
}

const hasExtendHistory = (clip: Clip) => (clip.metadata.history?.length ?? 0) > 0 && !isInfillClip(clip);

/** Create Variations: the owner's songs of V4.5 (auk), V4.5+ (bluejay) or no model, not replaced sections. */
export function variationsGate(clip: Clip, session: Session): MenuGate {
  if (!isOwn(clip, session) || isInfillClip(clip) || clip.is_trashed) return HIDDEN;
  const model = clip.model_name;
  const fits = model === "" || /v4-5|auk|bluejay/.test(model);
  return fits ? ALLOWED : HIDDEN;
}

/** Get Full Song: the owner's songs that extend another, not replaced sections nor stems. */
export const fullSongGate = (clip: Clip, session: Session): MenuGate =>
  isOwn(clip, session) && hasExtendHistory(clip) && clip.metadata.type !== "stem" ? ALLOWED : HIDDEN;

/** Confirm Section: the owner of a replaced section only. */
export const confirmSectionGate = (clip: Clip, session: Session): MenuGate =>
  isOwn(clip, session) && isInfillClip(clip) ? ALLOWED : HIDDEN;

/** Get Stems: the owner's finished songs but stems; without a paid plan an upsell. */
export function stemsGate(clip: Clip, session: Session): MenuGate {
  if (!isOwn(clip, session) || clip.status !== "complete" || clip.metadata.type === "stem") return HIDDEN;
  return hasPaintingFeature(session) ? ALLOWED : UPSELL;
}

/** The entry says "Get Stems / MIDI" where the studio is available (it reads the MIDI). */
export const stemsLabel = (session: Session) =>
  session.flags.studio === true || session.isStaff ? "Get Stems / MIDI" : "Get Stems";

/** Sample Pack: the owner's finished songs with the download-sample-pack flag. */
export const samplePackGate = (clip: Clip, session: Session): MenuGate =>
  isOwn(clip, session) && clip.status === "complete" && session.flags["download-sample-pack"] === true
    ? ALLOWED
    : HIDDEN;

export const DESCRIBE_OTHERS = "Only the song's owner can describe it";

/** Describe Clip: shown for every finished song, disabled for songs the user does not own. */
export const describeGate = (clip: Clip, session: Session): MenuGate =>
  isOwn(clip, session) ? ALLOWED : { kind: "disabled", reason: DESCRIBE_OTHERS };

/** Hire an Editor: the owner's finished, untrashed songs, with the enable-marketplace flag. */
export const hireEditorGate = (clip: Clip, session: Session): MenuGate =>
  isOwn(clip, session) &&
  !clip.is_trashed &&
  clip.status === "complete" &&
  session.flags["enable-marketplace"] === true
    ? ALLOWED
    : HIDDEN;
