// The feature permissions the pages check before offering a paid feature. Paid plans (Pro and
// Premier) have them all; staff and the skip-paywall flag pass every paywall; a few need a flag.

import type { Session } from "../api/accounts.ts";

const paidOrExempt = (session: Session): boolean =>
  session.roles.pro || session.isStaff || session.flags["skip-paywall"] === true;

/** The permissions the song menu and the create page check, by the names the product gives them. */
export type FeaturePermission =
  | "EditMode"
  | "Studio"
  | "GetStems"
  | "Persona"
  | "VariationRemaster"
  | "GenerateSongVideo"
  | "DownloadWav"
  | "Remaster"
  | "AddVocalInstrumental";

/** Every paid feature is a paid plan's; the studio also opens with the studio flag. */
export function hasFeature(session: Session, feature: FeaturePermission): boolean {
  if (feature === "Studio" && session.flags.studio === true) return true;
  return paidOrExempt(session);
}

export const hasPersonaFeature = (session: Session): boolean => hasFeature(session, "Persona");
export const mayUploadOwnAudio = paidOrExempt;
export const hasPlaylistCondition = (session: Session): boolean =>
  session.flags["playlist-condition"] === true;
/** The vox persona needs its flag. */
export const hasVoxPersona = (session: Session): boolean => session.flags["vox-persona"] === true;
