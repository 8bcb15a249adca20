// The upsells the create page opens instead of a feature the plan does not include. A self-hosted
// Tunesmith sells nothing: an administrator grants plans, so each upsell says to ask them rather
// than leading to a checkout page that does not exist.

import type { FeaturePermission } from "../../shared/song-menu/feature-permissions.ts";
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

/** What each paid feature's upsell says: its title, and what the feature does. */
export const FEATURE_UPSELLS: Record<FeaturePermission, { readonly title: string; readonly body: string }> = {
  Persona: {
    title: "Personas are for Pro and Premier",
    body: "Personas copy the voice and styles of a song. Upgrade to Pro or Premier to create with personas.",
  },
  DownloadWav: {
    title: "WAV downloads are for Pro and Premier",
    body: "Upgrade to Pro or Premier to download songs as WAV audio.",
  },
  AddVocalInstrumental: {
    title: "Add vocals and instrumentals with Pro or Premier",
    body: "Upgrade to Pro or Premier to sing over your songs or give them a new backing.",
  },
  EditMode: {
    title: "The editor is for Pro and Premier",
    body: "Upgrade to Pro or Premier to crop songs and replace sections.",
  },
  Studio: {
    title: "The studio is for Pro and Premier",
    body: "Upgrade to Pro or Premier to arrange your songs on the studio's timeline.",
  },
  GetStems: {
    title: "Stems are for Pro and Premier",
    body: "Upgrade to Pro or Premier to split songs into vocals and instruments.",
  },
  VariationRemaster: {
    title: "Variations are for Pro and Premier",
    body: "Upgrade to Pro or Premier to make variations of your songs.",
  },
  Remaster: {
    title: "Remaster is for Pro and Premier",
    body: "Upgrade to Pro or Premier to remaster your songs.",
  },
  GenerateSongVideo: {
    title: "Song videos are for Pro and Premier",
    body: "Upgrade to Pro or Premier to make new videos for your songs.",
  },
};

export const openPersonaUpsell = () =>
  openUpsell(FEATURE_UPSELLS.Persona.title, FEATURE_UPSELLS.Persona.body);

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
