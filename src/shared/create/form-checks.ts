import { MODELS, type ModelMaxLengths } from "../api/billing.ts";
import { type Conditions, hasInspirationClips } from "./conditions.ts";
import type { CreateFormState } from "./form-state.ts";

/**
 * The spec calls the excluded-styles limit "shared" without its number: billing's negative-tags
 * limit, the same for every model.
 */
export const EXCLUDED_STYLES_MAX_LENGTH = MODELS[0].max_lengths.negative_tags;

export const FORM_CHECK_MESSAGES = {
  outOfCredits: "Out of credits.",
  insufficientCredits: "Insufficient credits.",
  noClipSelected: "No clip selected",
  enterStylesOrLyrics: "Enter styles or lyrics to create",
  excludedStylesTooLong: "Excluded styles are too long",
  stylesTooLong: "Styles are too long",
  lyricsTooLong: "Lyrics are too long",
  enterDescription: "Enter a description to create",
  descriptionTooLong: "Description is too long",
} as const;

export interface CreditStanding {
  readonly credits: number;
  /** Some users are exempt from credit checks (staff and skip-paywall here). */
  readonly exempt: boolean;
}

const blank = (text: string): boolean => text.trim() === "";

/** The conditions that let a custom song go without lyrics or styles. */
export function hasCreateCondition(conditions: Conditions): boolean {
  const { untimed, timed } = conditions;
  return (
    untimed.cover !== undefined ||
    untimed.persona !== undefined ||
    untimed.playlist !== undefined ||
    hasInspirationClips(conditions) ||
    timed?.type === "extend" ||
    timed?.type === "overpaint" ||
    timed?.type === "underpaint"
  );
}

/**
 * The checks before generating, in a fixed order: the first failing one's
 * message, or null when the form may generate. Lengths are UTF-16 units, as the server counts.
 */
export function formCheckProblem(
  state: CreateFormState,
  standing: CreditStanding,
  lengths: ModelMaxLengths,
): string | null {
  if (!standing.exempt) {
    if (standing.credits <= 0) return FORM_CHECK_MESSAGES.outOfCredits;
    if (standing.credits < 1) return FORM_CHECK_MESSAGES.insufficientCredits;
  }
  const mode = state.global.mode;
  if (mode === "adjust_speed") return state.adjustSpeed.clipId ? null : FORM_CHECK_MESSAGES.noClipSelected;
  if (mode === "simple") {
    if (blank(state.simple.prompt)) return FORM_CHECK_MESSAGES.enterDescription;
    if (state.simple.prompt.length > lengths.gpt_description_prompt)
      return FORM_CHECK_MESSAGES.descriptionTooLong;
    return null;
  }
  const custom = state.custom;
  const excludeStyles = state.other.excludeStylesEnabled ? custom.excludeStyles : "";
  if (
    [custom.lyrics, custom.lyricsPrompt, custom.styles, excludeStyles].every(blank) &&
    !hasCreateCondition(state.global.conditions)
  ) {
    return FORM_CHECK_MESSAGES.enterStylesOrLyrics;
  }
  if (excludeStyles.length > EXCLUDED_STYLES_MAX_LENGTH) return FORM_CHECK_MESSAGES.excludedStylesTooLong;
  if (custom.styles.length > lengths.tags) return FORM_CHECK_MESSAGES.stylesTooLong;
  if (custom.lyrics.length > lengths.prompt) return FORM_CHECK_MESSAGES.lyricsTooLong;
  return null;
}
