// Dates, numbers and durations as the reader's language writes them (Intl), so a page never builds
// them by hand: "1,234" in English is "1234" or "1.234" in Spanish, and month names follow suit.

import type { Language } from "./languages.ts";

/** A day: "Mar 5, 2026" / "5 mar 2026". */
export function formatDate(iso: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
}

/** A day and its time: "Mar 5, 2026, 2:07 PM" / "5 mar 2026, 14:07". */
export function formatDateTime(iso: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A count: "12,500" / "12.500". */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A length in words, hours, minutes and seconds with the zero parts left out: "1 hr, 2 min, 5 sec" /
 * "1 h, 2 min, 5 s". Under a second reads as zero seconds.
 */
export function formatDurationWords(seconds: number, language: Language): string {
  const whole = Math.max(0, Math.round(seconds));
  const parts: [number, "hour" | "minute" | "second"][] = [
    [Math.floor(whole / 3600), "hour"],
    [Math.floor((whole % 3600) / 60), "minute"],
    [whole % 60, "second"],
  ];
  const shown = parts.filter(([amount], index) => amount > 0 || (whole === 0 && index === 2));
  const words = shown.map(([amount, unit]) =>
    new Intl.NumberFormat(language, { style: "unit", unit, unitDisplay: "short" }).format(amount),
  );
  return new Intl.ListFormat(language, { style: "short", type: "unit" }).format(words);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/**
 * How long ago, as people say it: "5 minutes ago", "yesterday", "3 days ago" / "hace 5 minutos",
 * "ayer"; under a minute, `justNow` (the language's words for it); past a week, the date.
 */
export function formatTimeAgo(iso: string, now: number, language: Language, justNow: string): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < 60_000) return justNow;
  if (elapsed >= 7 * 86_400_000) return formatDate(iso, language);
  const [unit, size] = UNITS.find(([, length]) => elapsed >= length) ?? UNITS[UNITS.length - 1];
  return new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(-Math.floor(elapsed / size), unit);
}
