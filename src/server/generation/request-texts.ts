import type { ModelDefinition } from "../../shared/api/billing.ts";
import type { GenerateBody } from "../../shared/api/generate.ts";
import { FORM_CHECK_MESSAGES } from "../../shared/create/form-checks.ts";
import { badRequest } from "../http/errors.ts";

const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

/** Simple mode: a description, no lyrics of its own (000 "Prompt forms: ... one-box"). */
export const isSimpleMode = (body: GenerateBody) =>
  body.metadata?.create_mode === "simple" || (!blank(body.gpt_description_prompt) && blank(body.prompt));

/**
 * The create form's text checks before generating on the wire body,
 * with the form's messages and in its order, against the chosen model's limits. `hasCondition` says
 * whether a reference (cover, persona, playlist, extend, ...) lets a custom song go without lyrics or
 * styles.
 */
export function checkRequestTexts(body: GenerateBody, model: ModelDefinition, hasCondition: boolean): void {
  const limits = model.max_lengths;
  const simple = isSimpleMode(body);
  if (
    !simple &&
    !hasCondition &&
    blank(body.prompt) &&
    blank(body.tags) &&
    blank(body.negative_tags) &&
    blank(body.gpt_description_prompt)
  ) {
    throw badRequest(FORM_CHECK_MESSAGES.enterStylesOrLyrics);
  }
  if ((body.negative_tags ?? "").length > limits.negative_tags)
    throw badRequest(FORM_CHECK_MESSAGES.excludedStylesTooLong);
  if ((body.tags ?? "").length > limits.tags) throw badRequest(FORM_CHECK_MESSAGES.stylesTooLong);
  if ((body.prompt ?? "").length > limits.prompt) throw badRequest(FORM_CHECK_MESSAGES.lyricsTooLong);
  if (simple) {
    if (blank(body.gpt_description_prompt)) throw badRequest(FORM_CHECK_MESSAGES.enterDescription);
    if ((body.gpt_description_prompt ?? "").length > limits.gpt_description_prompt) {
      throw badRequest(FORM_CHECK_MESSAGES.descriptionTooLong);
    }
  }
  if ((body.title ?? "").length > limits.title) throw badRequest("Title is too long");
}
