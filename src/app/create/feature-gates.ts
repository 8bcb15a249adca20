// As the page gates its menus: paid plans (and staff, and the skip-paywall flag)
// have personas and own-audio uploads; the inspiration playlist needs its flag.

import type { Session } from "../../shared/api/accounts.ts";

const paidOrExempt = (session: Session): boolean =>
  session.roles.pro || session.isStaff || session.flags["skip-paywall"] === true;

export const hasPersonaFeature = paidOrExempt;
export const mayUploadOwnAudio = paidOrExempt;
export const hasPlaylistCondition = (session: Session): boolean =>
  session.flags["playlist-condition"] === true;
/** WAV downloads: the server's rule (paid plans, staff, skip-paywall). */
export const hasWavDownload = paidOrExempt;
/** Add vocals and add instrumental (Pro and Premier). */
export const hasPaintingFeature = paidOrExempt;
/** The vox persona needs its flag. */
export const hasVoxPersona = (session: Session): boolean => session.flags["vox-persona"] === true;
