// The locale files as the tests read them: every key of a namespace, nested keys joined with dots.

import { readFileSync } from "node:fs";
import type { Resource } from "i18next";
import { textKeys } from "../../src/app/i18n/locale-files.ts";
import { repoPath } from "../../src/platform/paths.ts";
import { LANGUAGES, type Language, NAMESPACES } from "../../src/shared/i18n/languages.ts";

export function localeTexts(language: Language, namespace: string): Map<string, string> {
  const tree = JSON.parse(readFileSync(repoPath(`locales/${language}/${namespace}.json`), "utf8"));
  const texts = new Map<string, string>();
  for (const key of textKeys(tree)) {
    const value = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    texts.set(key, String(value));
  }
  return texts;
}

/** Every namespace's texts in a language. */
export const allLocaleTexts = (language: Language): Map<string, Map<string, string>> =>
  new Map(NAMESPACES.map((namespace) => [namespace, localeTexts(language, namespace)]));

/** The locale files as i18next resources (language, then namespace), for tests that render texts. */
export const localeResources = (): Resource =>
  Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        NAMESPACES.map((namespace) => [
          namespace,
          JSON.parse(readFileSync(repoPath(`locales/${language}/${namespace}.json`), "utf8")),
        ]),
      ),
    ]),
  );
