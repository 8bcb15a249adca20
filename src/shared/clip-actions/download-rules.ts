// Whether a download may start, and what the download-file modal says first. The quota: the clip's
// owner, or a user with unlimited downloads, may always download; others need downloads_remaining
// above zero. A quota check that failed lets the download through as if 999 were left: a broken
// check must not stop people from getting their songs.

import type { DownloadUsage } from "../api/clip-media.ts";
import type { CommercialRightsReason } from "../api/create-support.ts";

export const QUOTA_CHECK_FAILED_REMAINING = 999;

export type DownloadDecision =
  | { readonly allowed: true; readonly remaining: number | null }
  | { readonly allowed: false; readonly limit: number | null };

export function downloadDecision(usage: DownloadUsage | null): DownloadDecision {
  if (usage === null) return { allowed: true, remaining: QUOTA_CHECK_FAILED_REMAINING };
  if (usage.clip_owned_by_user || usage.has_unlimited_downloads) return { allowed: true, remaining: null };
  const remaining = usage.downloads_remaining ?? 0;
  return remaining > 0 ? { allowed: true, remaining } : { allowed: false, limit: usage.downloads_limit };
}

export const NO_COMMERCIAL_RIGHTS =
  "This song is a remix of another user's song: no commercial rights come with it.";
export const OTHERS_SONG_RIGHTS = "This song belongs to another user: no commercial rights come with it.";
export const FREE_PLAN_RIGHTS =
  "Songs made on the free plan are for personal use. Upgrade to Pro or Premier for commercial use of the songs you make.";

/** What the download-file modal warns of; empty when the download can start without a word. */
export function downloadNotices(input: {
  /** Why the download has no commercial rights (the server's answer), or null when it has them. */
  readonly rights: CommercialRightsReason | null;
  readonly remaining: number | null;
}): string[] {
  const notices: string[] = [];
  if (input.rights === "remix_of_other") notices.push(NO_COMMERCIAL_RIGHTS);
  else if (input.rights === "not_owner") notices.push(OTHERS_SONG_RIGHTS);
  else if (input.rights === "free_plan") notices.push(FREE_PLAN_RIGHTS);
  if (input.remaining !== null && input.remaining !== QUOTA_CHECK_FAILED_REMAINING) {
    notices.push(
      `You have ${input.remaining} download${input.remaining === 1 ? "" : "s"} of other people's songs left this month.`,
    );
  }
  return notices;
}
