// The embed player's words in the language its visitor's browser asks for: one small locale file,
// /locales/{lang}/embed.json, read without i18next (which would outweigh the player itself). A
// language whose file cannot be read falls back to English's.

import { z } from "zod";
import { DEFAULT_LANGUAGE, type Language, pickLanguage } from "../../shared/i18n/languages.ts";
import { fetchTexts } from "../i18n/locale-files.ts";

const embedWordsSchema = z.object({
  missing: z.string(),
  open: z.string(),
  untitled: z.string(),
  play: z.string(),
  pause: z.string(),
  seek: z.string(),
  listen: z.string(),
});
export type EmbedWordKey = keyof z.infer<typeof embedWordsSchema>;

/** Speaks a word, its {{name}} placeholders filled from `values`. */
export type Say = (key: EmbedWordKey, values?: Readonly<Record<string, string>>) => string;

const readWords = async (language: Language) => embedWordsSchema.parse(await fetchTexts(language, "embed"));

/** The words for the browser's language (an iframe's own storage is not the visitor's choice). */
export async function loadEmbedWords(): Promise<Say> {
  const language = pickLanguage(null, navigator.languages ?? [navigator.language]);
  document.documentElement.lang = language;
  const words = await readWords(language).catch((error: unknown) => {
    if (language === DEFAULT_LANGUAGE) throw error;
    console.warn(`The ${language} texts could not be read: shown in English`, error);
    document.documentElement.lang = DEFAULT_LANGUAGE;
    return readWords(DEFAULT_LANGUAGE);
  });
  return (key, values = {}) => words[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}
