// The theme: dark by default, light, or the system's. Kept in this browser.

import type { ThemeChoice } from "../store/studio-state.ts";

const KEY = "tunesmith:theme";

export function savedTheme(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value === "light" || value === "system" || value === "dark" ? value : "dark";
  } catch {
    return "dark";
  }
}

export function resolveTheme(choice: ThemeChoice): "dark" | "light" {
  if (choice !== "system") return choice;
  return globalThis.matchMedia?.("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

/** Applies a theme to the page (the canvas re-reads its colours from the same variables). */
export function applyTheme(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolveTheme(choice);
  try {
    globalThis.localStorage?.setItem(KEY, choice);
  } catch {
    // A browser that keeps nothing still shows the theme for this visit.
  }
}
