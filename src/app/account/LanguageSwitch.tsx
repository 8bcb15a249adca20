import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, languageSchema } from "../../shared/i18n/languages.ts";
import { currentLanguage } from "../i18n/i18n.ts";
import { chooseLanguage } from "./language-choice.ts";

/** The account menu's language switch: each language named in itself, the pages change at once. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="language-switch"
      aria-label={t("language.label")}
      value={currentLanguage()}
      data-language={i18n.language}
      data-testid="language-switch"
      onChange={(event) => {
        const chosen = languageSchema.safeParse(event.target.value);
        if (chosen.success) void chooseLanguage(chosen.data).catch((error) => console.warn(error));
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
