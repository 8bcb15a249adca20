// A song's settings kept in its configurations: the create form's Weirdness and Style influence
// (0..1 there, as the generation request's control sliders send them) that Use Styles & Lyrics
// puts back on the form. Its owner changes them in Song Details. Other keys of configurations (a
// studio render's key) belong to the server and are sent back unchanged, since
// set_configurations replaces the object whole.

import { SLIDER_DEFAULT_PERCENT } from "../create/form-state.ts";

/** The settings as the form shows them, in percent (0..100). */
export interface SongSettings {
  readonly weirdness: number;
  readonly styleInfluence: number;
}

const KEYS: Readonly<Record<keyof SongSettings, string>> = {
  weirdness: "weirdness_constraint",
  styleInfluence: "style_weight",
};

type Configurations = Readonly<Record<string, unknown>> | null | undefined;

/** One setting in percent; absent or unreadable values are the form's default. */
function percentOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1
    ? Math.round(value * 100)
    : SLIDER_DEFAULT_PERCENT;
}

export function songSettings(configurations: Configurations): SongSettings {
  return {
    weirdness: percentOf(configurations?.[KEYS.weirdness]),
    styleInfluence: percentOf(configurations?.[KEYS.styleInfluence]),
  };
}

export const sameSettings = (a: SongSettings, b: SongSettings): boolean =>
  a.weirdness === b.weirdness && a.styleInfluence === b.styleInfluence;

/** The configurations to send: every other key kept, the settings written as 0..1. */
export function withSongSettings(
  configurations: Configurations,
  settings: SongSettings,
): Record<string, unknown> {
  const clamp = (percent: number) => Math.min(100, Math.max(0, Math.round(percent))) / 100;
  return {
    ...(configurations ?? {}),
    [KEYS.weirdness]: clamp(settings.weirdness),
    [KEYS.styleInfluence]: clamp(settings.styleInfluence),
  };
}
