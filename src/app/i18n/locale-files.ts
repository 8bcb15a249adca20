// Fetching one namespace's texts for one language: `/locales/{lang}/{namespace}.json?v=<hash of the
// locale files>`, so browsers keep each file until the texts change. The answer is checked with zod;
// a language's file with keys English has and it lacks is used anyway (English fills the gaps) and
// said once in the console.

import type { BackendModule, ResourceKey } from "i18next";
import { z } from "zod";
import { DEFAULT_LANGUAGE } from "../../shared/i18n/languages.ts";

type Texts = { readonly [key: string]: string | Texts };
const textsSchema: z.ZodType<Texts> = z.lazy(() => z.record(z.string(), z.union([z.string(), textsSchema])));

const version = typeof __LOCALES_VERSION__ === "string" ? __LOCALES_VERSION__ : "dev";

/** The address of a namespace's texts in a language. */
export const localeFileUrl = (language: string, namespace: string): string =>
  `/locales/${language}/${namespace}.json?v=${version}`;

/** One namespace's texts in a language, checked; a refused or malformed answer throws. */
export async function fetchTexts(language: string, namespace: string): Promise<Texts> {
  const response = await fetch(localeFileUrl(language, namespace));
  if (!response.ok) throw new Error(`The texts ${language}/${namespace} answered ${response.status}`);
  return textsSchema.parse(await response.json());
}

/** Every key of a texts tree, nested keys joined with dots. */
export function textKeys(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : textKeys(value, `${prefix}${key}.`),
  );
}

const warned = new Set<string>();

async function warnMissing(language: string, namespace: string, texts: Texts): Promise<void> {
  const id = `${language}/${namespace}`;
  if (language === DEFAULT_LANGUAGE || warned.has(id)) return;
  warned.add(id);
  const english = await fetchTexts(DEFAULT_LANGUAGE, namespace);
  const have = new Set(textKeys(texts));
  const missing = textKeys(english).filter((key) => !have.has(key));
  if (missing.length > 0) console.warn(`Texts ${id} lack ${missing.join(", ")}: shown in English`);
}

/** The i18next backend that reads the locale files. */
export const localeFilesBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, namespace, callback) {
    fetchTexts(language, namespace).then(
      (texts) => {
        void warnMissing(language, namespace, texts).catch(() => undefined);
        callback(null, texts as ResourceKey);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
