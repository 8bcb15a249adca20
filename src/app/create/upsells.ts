// The upsells the create page opens instead of a feature the plan does not include.

import { openDialog } from "../../studio/ui/dialog-queue.ts";
import { navigate } from "../router/history-router.ts";

function upsell(title: string, body: string): void {
  openDialog({
    title,
    body,
    actions: [
      { label: "Not now", kind: "secondary", run: () => undefined },
      { label: "Upgrade", kind: "primary", run: () => navigate("/account") },
    ],
  });
}

export const openPersonaUpsell = () =>
  upsell(
    "Personas are for Pro and Premier",
    "Personas copy the voice and styles of a song. Upgrade to Pro or Premier to create with personas.",
  );

export const openPlaylistUpsell = () =>
  upsell(
    "Inspiration playlists are not available yet",
    "Shaping a song from a playlist of your own songs is rolling out. Upgrade to get new features first.",
  );

export const openConcurrencyUpsell = () =>
  upsell(
    "Please wait for your other generations to finish.",
    "Upgrade to Pro or Premier to make more songs at the same time.",
  );

export const openWavUpsell = () =>
  upsell(
    "WAV downloads are for Pro and Premier",
    "Upgrade to Pro or Premier to download songs as WAV audio.",
  );

export const openPaintingUpsell = () =>
  upsell(
    "Add vocals and instrumentals with Pro or Premier",
    "Upgrade to Pro or Premier to sing over your songs or give them a new backing.",
  );
