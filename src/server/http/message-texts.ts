// What shared rules say, in words: the `messages` locale file of each language, read once and
// checked, spoken by one i18next instance so the server and the pages fill in values alike.

import { readFileSync } from "node:fs";
import type { FastifyRequest } from "fastify";
import i18next, { type i18n as I18n, type ResourceKey } from "i18next";
import { z } from "zod";
import { repoPath } from "../../platform/paths.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from "../../shared/i18n/languages.ts";
import { acceptedLanguages, type Message } from "../../shared/i18n/messages.ts";

const textTreeSchema: z.ZodType<ResourceKey> = z.lazy(() =>
  z.record(z.string(), z.union([z.string().min(1), textTreeSchema])),
);

let speaker: I18n | null = null;

function messageSpeaker(): I18n {
  if (speaker) return speaker;
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => {
      const file = repoPath(`locales/${language}/messages.json`);
      return [language, { messages: textTreeSchema.parse(JSON.parse(readFileSync(file, "utf8"))) }];
    }),
  );
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ["messages"],
    defaultNS: "messages",
    // The words go out as JSON, not HTML: nothing to escape.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  speaker = instance;
  return instance;
}

/** A shared rule's message in words, in `language` (English where that language lacks it). */
export function sayMessage(said: Message, language: Language = DEFAULT_LANGUAGE): string {
  return messageSpeaker().getFixedT(language)(said.key, { ...said.values });
}

/**
 * The language to answer a request in: the signed-in person's saved choice, else the first
 * language of Accept-Language we have, else English (the pages' own rule).
 */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(
    request.auth?.user.language ?? null,
    acceptedLanguages(request.headers["accept-language"]),
  );
}
