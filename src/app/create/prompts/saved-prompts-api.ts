// The saved prompts calls, checked against the shared schemas.

import {
  clipPromptsResponseSchema,
  deletePromptResponseSchema,
  SAVED_PROMPTS_PAGE_SIZE,
  type SavedPrompt,
  type SavePromptBody,
  savePromptResponseSchema,
} from "../../../shared/api/prompts.ts";
import { apiRequest } from "../../account/api-request.ts";

export type SavedPromptKind = "lyrics" | "tags";

export async function listSavedPrompts(kind: SavedPromptKind, page = 1): Promise<SavedPrompt[]> {
  const query = new URLSearchParams({
    page: String(page),
    per_page: String(SAVED_PROMPTS_PAGE_SIZE),
    filter_prompt_type: kind,
  });
  const answer = await apiRequest(`/api/clips/clip_prompts/?${query}`, clipPromptsResponseSchema);
  return answer.prompts;
}

export const savePrompt = (body: SavePromptBody) =>
  apiRequest("/api/prompts/", savePromptResponseSchema, { body });

export const deleteSavedPrompt = (id: string) =>
  apiRequest("/api/prompts/delete/", deletePromptResponseSchema, { body: { id } });
