import type { ModelDefinition } from "../../shared/api/billing.ts";
import type { GenerateBody } from "../../shared/api/generate.ts";
import { badRequest } from "../http/errors.ts";

const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

/** Simple mode: a description, no lyrics of its own (000 "Prompt forms: ... one-box"). */
export const isSimpleMode = (body: GenerateBody) =>
  body.metadata?.create_mode === "simple" || (!blank(body.gpt_description_prompt) && blank(body.prompt));

/**
 * The create form's text checks (000 section 5, "Form checks before generating"), with its messages
 * and in its order, against the chosen model's limits. `hasCondition` says whether a reference
 * (cover, persona, playlist, extend, ...) lets a custom song go without lyrics or styles.
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
    throw badRequest("Enter styles or lyrics to create");
  }
  if ((body.negative_tags ?? "").length > limits.negative_tags)
    throw badRequest("Excluded styles are too long");
  if ((body.tags ?? "").length > limits.tags) throw badRequest("Styles are too long");
  if ((body.prompt ?? "").length > limits.prompt) throw badRequest("Lyrics are too long");
  if (simple) {
    if (blank(body.gpt_description_prompt)) throw badRequest("Enter a description to create");
    if ((body.gpt_description_prompt ?? "").length > limits.gpt_description_prompt) {
      throw badRequest("Description is too long");
    }
  }
  if ((body.title ?? "").length > limits.title) throw badRequest("Title is too long");
}
