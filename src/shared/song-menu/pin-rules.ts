// Pinning songs to a profile: the limit, and the confirmation asked before a pin that replaces the
// oldest one or makes a private song public.

import type { Session } from "../api/accounts.ts";
import { ARTIST_PIN_LIMIT, PIN_LIMIT } from "../api/clip-settings.ts";

export const pinLimit = (flags: Session["flags"]): number =>
  flags["artist-profiles"] === true ? ARTIST_PIN_LIMIT : PIN_LIMIT;

export const PIN_LIMIT_TITLE = "Pin limit reached!";
export const PRIVATE_PIN_TITLE = "Pinning Private Song!";
export const PRIVATE_PIN_MESSAGE =
  "Pinning a private song will make it public. Are you sure you want to continue?";
export const PINNED_MESSAGE = "This song has been pinned to Profile.";
export const UNPINNED_MESSAGE = "This song has been unpinned from Profile.";
/** How long the pin toasts stay. */
export const PIN_TOAST_MS = 2000;

export function pinLimitMessage(limit: number, isPublic: boolean): string {
  const base = `You can only pin up to ${limit} songs to your Profile. Pinning this song will replace your oldest pinned song`;
  return isPublic ? base : `${base} and make this song Public`;
}

/**
 * What to ask before pinning: nothing for an unpin or a public song under the limit; at the limit
 * the limit warning (which also says a private song goes public); else for a private song the
 * private-song warning.
 */
export function pinConfirmation(
  song: { readonly is_pinned: boolean; readonly is_public: boolean },
  pinnedCount: number,
  limit: number,
): { readonly title: string; readonly message: string } | null {
  if (song.is_pinned) return null;
  if (pinnedCount >= limit)
    return { title: PIN_LIMIT_TITLE, message: pinLimitMessage(limit, song.is_public) };
  if (!song.is_public) return { title: PRIVATE_PIN_TITLE, message: PRIVATE_PIN_MESSAGE };
  return null;
}
