// The language switch's effect: the pages change at once, the browser remembers it, and a signed-in
// person's account keeps it so it follows them to other browsers.

import { LANGUAGES, type Language } from "../../shared/i18n/languages.ts";
import { currentLanguage, showLanguage } from "../i18n/i18n.ts";
import { apiSend } from "./api-request.ts";
import { accountStore } from "./session-store.ts";

/** Switches the pages to `language`, and stores it on the account when someone is signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  await showLanguage(language);
  if (accountStore.getState().session?.user == null) return;
  await apiSend("/api/account/language", { method: "POST", body: { language } });
  accountStore.setState((state) =>
    state.session === null ? state : { session: { ...state.session, language } },
  );
}

/** A signed-in account's stored language wins over this browser's: shown as soon as the session says it. */
export function followAccountLanguage(): () => void {
  return accountStore.subscribe((state) => {
    const stored = state.session?.language ?? null;
    if (stored !== null && LANGUAGES.includes(stored) && stored !== currentLanguage())
      void showLanguage(stored);
  });
}
