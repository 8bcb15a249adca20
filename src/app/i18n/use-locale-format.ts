import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { pickLanguage } from "../../shared/i18n/languages.ts";
import {
  formatDate,
  formatDateTime,
  formatDurationWords,
  formatNumber,
  formatTimeAgo,
} from "../../shared/i18n/locale-format.ts";

/** Dates, numbers, durations and times ago in the language the pages show; a component using it follows a switch. */
export function useLocaleFormat() {
  const { i18n, t } = useTranslation();
  const language = pickLanguage(i18n.language, []);
  return useMemo(
    () => ({
      date: (iso: string | Date) => formatDate(iso, language),
      dateTime: (iso: string | Date) => formatDateTime(iso, language),
      number: (value: number) => formatNumber(value, language),
      duration: (seconds: number) => formatDurationWords(seconds, language),
      timeAgo: (iso: string, now: number) => formatTimeAgo(iso, now, language, t("common:timeAgo.justNow")),
    }),
    [language, t],
  );
}
