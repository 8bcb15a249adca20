import { z } from "zod";

/** The languages the pages are written in; English is the default and the fallback for a missing text. */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const languageSchema = z.enum(LANGUAGES);

/** Each language's name in itself, as the language switch lists it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", es: "Español" };

/**
 * The texts come in namespaces, one per area of the pages, so a page loads only its own: `common`
 * (header, account menu, player bar, toasts), one per page area, and `messages` for what shared
 * rules say (the pages and the server both speak it).
 */
export const NAMESPACES = [
  "common",
  "auth",
  "account",
  "library",
  "create",
  "home",
  "playlist",
  "search",
  "hooks",
  "notifications",
  "admin",
  "radio",
  "song",
  "profile",
  "contest",
  "songMenu",
  "embed",
  "edit",
  "studio",
  "messages",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const namespaceSchema = z.enum(NAMESPACES);

/** The body that sets a signed-in person's language. */
export const languageBodySchema = z.object({ language: languageSchema }).strict();

/**
 * The language to show: the person's stored choice when there is one, else the first of the
 * browser's languages we have (matched on the primary subtag: "es-MX" is Spanish), else English.
 */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  const parsed = languageSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  for (const tag of browserLanguages) {
    const primary = languageSchema.safeParse(tag.toLowerCase().split("-")[0]);
    if (primary.success) return primary.data;
  }
  return DEFAULT_LANGUAGE;
}
