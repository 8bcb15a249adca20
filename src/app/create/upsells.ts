// The upsells the create page opens instead of a feature the plan does not include. A self-hosted
// Tunesmith sells nothing: an administrator grants plans, so each upsell says to ask them rather
// than leading to a checkout page that does not exist.

import { openDialog } from "../../studio/ui/dialog-queue.ts";

/** How a user gets a paid plan here. */
export const ASK_ADMINISTRATOR = "Ask your administrator to upgrade your account.";

/** An upsell: what the feature needs, then how to get it (by default, a paid plan). */
export function openUpsell(title: string, body: string, how = ASK_ADMINISTRATOR): void {
  openDialog({
    title,
    body: `${body} ${how}`,
    actions: [{ label: "Got it", kind: "primary", run: () => undefined }],
  });
}

export const openPersonaUpsell = () =>
  openUpsell(
    "Personas are for Pro and Premier",
    "Personas copy the voice and styles of a song. Upgrade to Pro or Premier to create with personas.",
  );

export const openPlaylistUpsell = () =>
  openUpsell(
    "Inspiration playlists are not available yet",
    "Shaping a song from a playlist of your own songs is rolling out, account by account.",
    "Ask your administrator to turn it on for yours.",
  );

export const openConcurrencyUpsell = () =>
  openUpsell(
    "Please wait for your other generations to finish.",
    "Upgrade to Pro or Premier to make more songs at the same time.",
  );

export const openWavUpsell = () =>
  openUpsell(
    "WAV downloads are for Pro and Premier",
    "Upgrade to Pro or Premier to download songs as WAV audio.",
  );

export const openPaintingUpsell = () =>
  openUpsell(
    "Add vocals and instrumentals with Pro or Premier",
    "Upgrade to Pro or Premier to sing over your songs or give them a new backing.",
  );

export const openRemasterUpsell = () =>
  openUpsell("Remaster is for Pro and Premier", "Upgrade to Pro or Premier to remaster your songs.");

export const openStemsUpsell = () =>
  openUpsell("Stems are for Pro and Premier", "Upgrade to Pro or Premier to get the stems of your songs.");
