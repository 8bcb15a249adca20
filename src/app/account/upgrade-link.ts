// Where every Upgrade and upsell button leads: the account page with the upgrade modal open (or
// the section named), however this server's operator has chosen upgrades to happen.

import { navigate } from "../router/history-router.ts";

export type AccountSection = "upgrade" | "credits" | "subscription";

export const accountSectionPath = (section: AccountSection): string => `/account?section=${section}`;

export const goToUpgrade = (): void => navigate(accountSectionPath("upgrade"));
