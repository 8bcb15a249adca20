// The upsells the create page opens instead of a feature the plan does not include. A self-hosted
// Tunesmith sells nothing by card: upgrades are requested from staff or redeemed as codes on the
// account page, where each upsell's Upgrade button leads. Their words are app-wide (common), as any
// page may open one.

import type { FeaturePermission } from "../../shared/song-menu/feature-permissions.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { goToUpgrade } from "../account/upgrade-link.ts";
import { i18n } from "../i18n/i18n.ts";

/** How a user gets a paid plan here, in the shown language. */
export const askAdministrator = (): string => i18n.t("common:upsells.askAdministrator");

/**
 * An upsell: what the feature needs, then how to get it. A paid plan's upsell (the default) has an
 * Upgrade button to the account page's upgrade; a flag's upsell only says whom to ask.
 */
export function openUpsell(
  title: string,
  body: string,
  how = askAdministrator(),
  plan = how === askAdministrator(),
): void {
  openDialog({
    title,
    body: `${body} ${how}`,
    actions: [
      ...(plan
        ? [{ label: i18n.t("common:upsells.upgrade"), kind: "primary" as const, run: goToUpgrade }]
        : []),
      {
        label: i18n.t("common:upsells.gotIt"),
        kind: plan ? ("secondary" as const) : ("primary" as const),
        run: () => undefined,
      },
    ],
  });
}

interface Upsell {
  readonly title: string;
  readonly body: string;
}

/** An upsell whose words are read in the shown language each time they are read. */
const upsellOf = (name: string): Upsell => ({
  get title() {
    return i18n.t(`common:upsells.${name}.title`);
  },
  get body() {
    return i18n.t(`common:upsells.${name}.body`);
  },
});

/** What each paid feature's upsell says: its title, and what the feature does. */
export const FEATURE_UPSELLS: Record<FeaturePermission, Upsell> = {
  Persona: upsellOf("Persona"),
  DownloadWav: upsellOf("DownloadWav"),
  AddVocalInstrumental: upsellOf("AddVocalInstrumental"),
  EditMode: upsellOf("EditMode"),
  Studio: upsellOf("Studio"),
  GetStems: upsellOf("GetStems"),
  VariationRemaster: upsellOf("VariationRemaster"),
  Remaster: upsellOf("Remaster"),
  GenerateSongVideo: upsellOf("GenerateSongVideo"),
};

export const openPersonaUpsell = () =>
  openUpsell(FEATURE_UPSELLS.Persona.title, FEATURE_UPSELLS.Persona.body);

export const openPlaylistUpsell = () => {
  const playlist = upsellOf("playlist");
  openUpsell(playlist.title, playlist.body, i18n.t("common:upsells.playlist.how"));
};

export const openConcurrencyUpsell = () => {
  const concurrency = upsellOf("concurrency");
  openUpsell(concurrency.title, concurrency.body);
};
