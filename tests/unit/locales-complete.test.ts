import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "../../src/shared/i18n/languages.ts";
import { allLocaleTexts } from "../i18n/locale-texts.ts";

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe("the locale files", () => {
  const english = allLocaleTexts("en");

  for (const language of LANGUAGES.filter((language) => language !== "en")) {
    it(`${language} has every English key, with the same placeholders`, () => {
      const translated = allLocaleTexts(language);
      for (const namespace of NAMESPACES) {
        const theirs = translated.get(namespace) ?? new Map<string, string>();
        for (const [key, text] of english.get(namespace) ?? []) {
          const their = theirs.get(key);
          expect(their, `${language}/${namespace}.json lacks ${key}`).toBeDefined();
          expect(their?.trim(), `${language}/${namespace}.json has ${key} empty`).not.toBe("");
          expect(placeholders(their ?? ""), `${language}/${namespace}.json ${key}`).toEqual(
            placeholders(text),
          );
        }
        const extra = [...theirs.keys()].filter((key) => !english.get(namespace)?.has(key));
        expect(extra, `${language}/${namespace}.json has keys English lacks`).toEqual([]);
      }
    });
  }

  it("has no empty English text", () => {
    for (const [namespace, texts] of english)
      for (const [key, text] of texts) expect(text.trim(), `en/${namespace}.json ${key}`).not.toBe("");
  });
});
