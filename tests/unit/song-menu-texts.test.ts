// The song menu's entries in the shown language: the pages speak each entry by the kind
// entryWording gives, and in English those words are exactly the entries' own labels.

import i18next from "i18next";
import { describe, expect, it } from "vitest";
import {
  type EntryWording,
  entryLabel,
  entryWording,
  MENU_ENTRIES,
} from "../../src/shared/song-menu/menu-entries.ts";
import { localeResources } from "../i18n/locale-texts.ts";

const texts = i18next.createInstance();
await texts.init({ lng: "en", resources: localeResources(), interpolation: { escapeValue: false } });

const speak = (wording: EntryWording, language: "en" | "es") =>
  texts.getFixedT(language, "songMenu")(
    `entries.${wording.kind}`,
    "name" in wording ? { name: wording.name } : {},
  );

const songs = [
  { is_public: false, persona: null },
  { is_public: true, persona: { name: "A persona with a long name" } },
];

describe("the song menu's words", () => {
  it("are the entries' own labels in English, variants included", () => {
    for (const row of MENU_ENTRIES)
      for (const song of songs)
        for (const studio of [false, true])
          expect(speak(entryWording(row, song, studio), "en")).toBe(entryLabel(row, song, studio));
  });

  it("are Spanish in Spanish, with the persona's short name kept", () => {
    const publish = MENU_ENTRIES.find((row) => row.id === "publish");
    const usePersona = MENU_ENTRIES.find((row) => row.id === "use_persona");
    if (publish === undefined || usePersona === undefined) throw new Error("entries missing");
    expect(speak(entryWording(publish, { is_public: true, persona: null }, false), "es")).toBe(
      "Dejar de publicar",
    );
    expect(speak(entryWording(usePersona, { is_public: true, persona: { name: "Vela" } }, false), "es")).toBe(
      "Usar Vela",
    );
    for (const row of MENU_ENTRIES)
      expect(texts.exists(`entries.${row.id}`, { lng: "es", ns: "songMenu" })).toBe(true);
  });
});
