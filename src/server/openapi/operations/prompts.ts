import {
  clipPromptsQuerySchema,
  clipPromptsResponseSchema,
  deletePromptBodySchema,
  deletePromptResponseSchema,
  savePromptBodySchema,
  savePromptResponseSchema,
} from "../../../shared/api/prompts.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/prompts.ts. */
export const promptsOperations: OperationGroup = {
  tag: "Prompts",
  operations: [
    {
      method: "POST",
      path: "/api/prompts/",
      summary: "Prompts",
      body: savePromptBodySchema,
      response: savePromptResponseSchema,
    },
    {
      method: "GET",
      path: "/api/clips/clip_prompts/",
      summary: "Clips clip prompts",
      query: clipPromptsQuerySchema,
      response: clipPromptsResponseSchema,
    },
    {
      method: "POST",
      path: "/api/prompts/delete/",
      summary: "Prompts delete",
      body: deletePromptBodySchema,
      response: deletePromptResponseSchema,
    },
  ],
};
