// The pages' texts: one i18next instance for every page, its language picked from the stored choice
// or the browser's languages, its texts loaded per namespace from the locale files.

import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from "../../shared/i18n/languages.ts";
import { localeFilesBackend } from "./locale-files.ts";

/** Where a choice made while signed out (or before the account answers) is kept in this browser. */
export const LANGUAGE_STORAGE_KEY = "tunesmith.language";

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();

/** Starts the texts in the language to show, with the common namespace loaded; awaited before the first render. */
export async function startTexts(): Promise<void> {
  const language = pickLanguage(storedChoice(), navigator.languages ?? [navigator.language]);
  await i18n
    .use(localeFilesBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ["common"],
      defaultNS: "common",
      fallbackNS: "common",
      // React escapes what it renders; escaping here too would show "&amp;".
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
}

/** The language the pages show now. */
export const currentLanguage = (): Language => pickLanguage(i18n.language, []);

/** Shows the pages in `language` and remembers it in this browser. */
export async function showLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * A table entry whose label is read in the shown language each time it is read: tables of choices
 * are built once, when their module loads, and must still follow a switch of language.
 */
export function labelled<Entry extends object>(
  entry: Entry,
  label: () => string,
): Entry & { readonly label: string } {
  return Object.defineProperty({ ...entry }, "label", { get: label, enumerable: true }) as Entry & {
    readonly label: string;
  };
}
