import { z } from "zod";
import { LYRICS_MAX, TAGS_MAX, TITLE_MAX } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema } from "./paged.ts";

/** The page size for saved prompts. */
export const SAVED_PROMPTS_PAGE_SIZE = 100;
export const SAVED_PROMPT_NEEDS_CONTENT = "A saved prompt needs lyrics or styles";
export const SAVED_PROMPT_NOT_FOUND = "Saved prompt not found";

/** The create form's sliders as saved with a prompt (e.g. weirdness_constraint: 0.5). */
export const savedPromptSlidersSchema = z
  .record(z.string().min(1).max(64), z.number().finite())
  .refine((sliders) => Object.keys(sliders).length <= 20, "At most 20 sliders");

/** POST /api/prompts/: saves a new prompt, or updates the caller's prompt `id`. */
export const savePromptBodySchema = z
  .object({
    id: z.uuid("Saved prompt ids are UUIDs").nullish(),
    gpt_description_prompt: z.string().max(LYRICS_MAX).nullish(),
    lyrics: z.string().max(LYRICS_MAX).nullish(),
    tags: z.string().max(TAGS_MAX).nullish(),
    negative_tags: z.string().max(TAGS_MAX).nullish(),
    title: z.string().max(TITLE_MAX).nullish(),
    sliders: savedPromptSlidersSchema.nullish(),
  })
  .refine((body) => Boolean(body.lyrics?.trim() || body.tags?.trim()), {
    message: SAVED_PROMPT_NEEDS_CONTENT,
    path: ["lyrics"],
  });
export type SavePromptBody = z.infer<typeof savePromptBodySchema>;

export const savedPromptSchema = z.object({
  id: z.string(),
  /** The same as id, under the name clients use. */
  saved_prompt_id: z.string(),
  gpt_description_prompt: z.string(),
  lyrics: z.string(),
  tags: z.string(),
  negative_tags: z.string(),
  title: z.string(),
  sliders: z.record(z.string(), z.number()).nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedPrompt = z.infer<typeof savedPromptSchema>;

export const savePromptResponseSchema = z.object({ id: z.string(), saved_prompt: savedPromptSchema });
export type SavePromptResponse = z.infer<typeof savePromptResponseSchema>;

/**
 * GET /api/clips/clip_prompts/: the caller's saved prompts, last updated first. filter_prompt_type
 * keeps those with lyrics (lyrics) or with styles (tags).
 */
export const clipPromptsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  per_page: z.coerce.number().int().min(1).max(SAVED_PROMPTS_PAGE_SIZE).default(SAVED_PROMPTS_PAGE_SIZE),
  filter_prompt_type: z.enum(["lyrics", "tags"], "Use lyrics or tags").optional(),
});
export type ClipPromptsQuery = z.infer<typeof clipPromptsQuerySchema>;

export const clipPromptsResponseSchema = pageInfoSchema.extend({ prompts: z.array(savedPromptSchema) });
export type ClipPromptsResponse = z.infer<typeof clipPromptsResponseSchema>;

export const deletePromptBodySchema = z.object({ id: z.uuid("Saved prompt ids are UUIDs") });
export const deletePromptResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type DeletePromptResponse = z.infer<typeof deletePromptResponseSchema>;
