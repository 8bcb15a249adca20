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

/** The form's texts cut to a model's limits, and whether anything was cut ('Inputs truncated'). */
export function truncateInputs(
  state: CreateFormState,
  lengths: ModelMaxLengths,
): { state: CreateFormState; truncated: boolean } {
  const custom = {
    ...state.custom,
    title: cutText(state.custom.title, lengths.title),
    styles: cutText(state.custom.styles, lengths.tags),
    excludeStyles: cutText(state.custom.excludeStyles, lengths.negative_tags),
    lyrics: cutText(state.custom.lyrics, lengths.prompt),
  };
  const simple = { ...state.simple, prompt: cutText(state.simple.prompt, lengths.gpt_description_prompt) };
  const truncated =
    custom.title !== state.custom.title ||
    custom.styles !== state.custom.styles ||
    custom.excludeStyles !== state.custom.excludeStyles ||
    custom.lyrics !== state.custom.lyrics ||
    simple.prompt !== state.simple.prompt;
  return truncated ? { state: { ...state, custom, simple }, truncated } : { state, truncated };
}
