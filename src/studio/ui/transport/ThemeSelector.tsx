import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ThemeChoice } from "../../store/studio-state.ts";
import { useSession, useStudio } from "../studio-context.ts";
import { applyTheme, followSystemTheme } from "../theme.ts";

/** Each choice's words are `studio:theme.{choice}`. */
const CHOICES: readonly ThemeChoice[] = ["dark", "light", "system"];

export function ThemeSelector() {
  const { t } = useTranslation("studio");
  const { controller } = useSession();
  const theme = useStudio((state) => state.ui.theme);
  useEffect(() => followSystemTheme(theme), [theme]);
  return (
    <label className="theme-selector">
      <span className="visually-hidden">{t("theme.label")}</span>
      <select
        aria-label={t("theme.label")}
        value={theme}
        onChange={(event) => {
          const choice = event.target.value as ThemeChoice;
          applyTheme(choice);
          controller.setUi({ theme: choice });
        }}
      >
        {CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(`theme.${choice}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
