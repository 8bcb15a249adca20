// The upsells the create page opens instead of a feature the plan does not include. A self-hosted
// Tunesmith sells nothing by card: upgrades are requested from staff or redeemed as codes on the
// account page, where each upsell's Upgrade button leads.

import type { FeaturePermission } from "../../shared/song-menu/feature-permissions.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { goToUpgrade } from "../account/upgrade-link.ts";

/** How a user gets a paid plan here. */
export const ASK_ADMINISTRATOR = "Ask your administrator to upgrade your account.";

/**
 * An upsell: what the feature needs, then how to get it. A paid plan's upsell (the default) has an
 * Upgrade button to the account page's upgrade; a flag's upsell only says whom to ask.
 */
export function openUpsell(
  title: string,
  body: string,
  how = ASK_ADMINISTRATOR,
  plan = how === ASK_ADMINISTRATOR,
): void {
  openDialog({
    title,
    body: `${body} ${how}`,
    actions: [
      ...(plan ? [{ label: "Upgrade", kind: "primary" as const, run: goToUpgrade }] : []),
      { label: "Got it", kind: plan ? ("secondary" as const) : ("primary" as const), run: () => undefined },
    ],
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
