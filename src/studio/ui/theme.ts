// The theme: dark by default, light, or the system's. Kept in this browser.

import type { ThemeChoice } from "../store/studio-state.ts";

const KEY = "tunesmith:theme";
const PREFERS_LIGHT = "(prefers-color-scheme: light)";

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
  return globalThis.matchMedia?.(PREFERS_LIGHT).matches ? "light" : "dark";
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

/** With "system", the page follows the system's light or dark setting as it changes; returns the stop. */
export function followSystemTheme(choice: ThemeChoice): () => void {
  const query = choice === "system" ? globalThis.matchMedia?.(PREFERS_LIGHT) : undefined;
  if (query === undefined) return () => undefined;
  const onChange = () => applyTheme("system");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
