import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type ClipPromptsResponse,
  clipPromptsQuerySchema,
  type DeletePromptResponse,
  deletePromptBodySchema,
  type SavePromptResponse,
  savePromptBodySchema,
} from "../../shared/api/prompts.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { deletePrompt, listPrompts, savedPromptView, savePrompt } from "../prompts/prompt-store.ts";

/** Saved styles and lyrics prompts: each user's own. */
export function registerPromptRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/prompts/", async (request): Promise<SavePromptResponse> => {
    const user = requireUser(request);
    const body = parseInput(savePromptBodySchema, request.body);
    const row = await savePrompt(db, user.id, body);
    return { id: row.id, saved_prompt: savedPromptView(row) };
  });

  app.get("/api/clips/clip_prompts/", async (request): Promise<ClipPromptsResponse> => {
    const user = requireUser(request);
    return listPrompts(db, user.id, parseInput(clipPromptsQuerySchema, request.query, "query"));
  });

  app.post("/api/prompts/delete/", async (request): Promise<DeletePromptResponse> => {
    const user = requireUser(request);
    const { id } = parseInput(deletePromptBodySchema, request.body);
    await deletePrompt(db, user.id, id);
    return { id, deleted: true };
  });
}
