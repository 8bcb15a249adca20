import { type BillingModel, type ModelMaxLengths, modelByKey } from "../api/billing.ts";
import type { CreateFormState } from "./form-state.ts";

/** The limits of a model key: the server's billing model when known, else our model table. */
export function maxLengthsFor(key: string, models: readonly BillingModel[]): ModelMaxLengths {
  const billing = models.find((model) => model.external_key === key);
  if (billing) return billing.max_lengths;
  const known = modelByKey(key);
  if (!known) throw new Error(`Unknown model ${key}`);
  return known.max_lengths;
}

/**
 * Cuts to at most `max` UTF-16 units, the measure the server checks with, never splitting a
 * character outside the BMP in half.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return splitsPair ? cut.slice(0, -1) : cut;
}

/** A text of the form and the model limit it is sent under. */
interface SentText {
  readonly limit: keyof ModelMaxLengths;
  read(state: CreateFormState): string;
  write(state: CreateFormState, text: string): CreateFormState;
}

const customText = (
  field: "title" | "styles" | "excludeStyles" | "lyrics",
  limit: keyof ModelMaxLengths,
) => ({
  limit,
  read: (state: CreateFormState) => state.custom[field],
  write: (state: CreateFormState, text: string) => ({ ...state, custom: { ...state.custom, [field]: text } }),
});

const SIMPLE_TEXTS: readonly SentText[] = [
  {
    limit: "gpt_description_prompt",
    read: (state) => state.simple.prompt,
    write: (state, text) => ({ ...state, simple: { ...state.simple, prompt: text } }),
  },
];
const CUSTOM_TEXTS: readonly SentText[] = [
  customText("title", "title"),
  customText("styles", "tags"),
  customText("lyrics", "prompt"),
];
const EXCLUDED_STYLES: SentText = customText("excludeStyles", "negative_tags");

/**
 * The texts a generation from this form sends: the description in simple mode; title, styles,
 * lyrics and (when turned on) excluded styles in the custom forms; none in adjust speed, which sends
 * its own title.
 */
function sentTexts(state: CreateFormState): readonly SentText[] {
  switch (state.global.mode) {
    case "simple":
      return SIMPLE_TEXTS;
    case "adjust_speed":
      return [];
    default:
      return state.other.excludeStylesEnabled ? [...CUSTOM_TEXTS, EXCLUDED_STYLES] : CUSTOM_TEXTS;
  }
}

/**
 * A form change's texts cut to the model's limits, and whether anything was cut ('Inputs
 * truncated'). Only texts the form will send are cut, and of those only the ones this change wrote
 * (a reused song's styles, a persona's) or all of them when the change picked another model: a text
 * the user typed past its limit stays whole for the form check to name, and a text the current
 * mode does not send (the description while in custom mode) is never cut.
 */
export function truncateInputs(
  before: CreateFormState,
  after: CreateFormState,
  lengths: ModelMaxLengths,
): { state: CreateFormState; truncated: boolean } {
  const modelChanged = before.global.model !== after.global.model;
  let state = after;
  let truncated = false;
  for (const text of sentTexts(after)) {
    const value = text.read(after);
    if (!modelChanged && value === text.read(before)) continue;
    const cut = cutText(value, lengths[text.limit]);
    if (cut === value) continue;
    truncated = true;
    state = text.write(state, cut);
  }
  return { state, truncated };
}
