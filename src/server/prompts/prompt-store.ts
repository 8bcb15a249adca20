import { type Kysely, type Selectable, sql } from "kysely";
import { pageInfo } from "../../shared/api/paged.ts";
import {
  type ClipPromptsQuery,
  type ClipPromptsResponse,
  SAVED_PROMPT_NOT_FOUND,
  type SavedPrompt,
  type SavePromptBody,
  savedPromptSlidersSchema,
} from "../../shared/api/prompts.ts";
import type { Database, SavedPromptsTable } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

type SavedPromptRow = Selectable<SavedPromptsTable>;

const iso = (value: unknown) => (value as Date).toISOString();

export function savedPromptView(row: SavedPromptRow): SavedPrompt {
  // Stored JSON is read back through its schema: a row written by hand cannot reach a page malformed.
  const sliders = row.sliders === null ? null : savedPromptSlidersSchema.safeParse(row.sliders);
  return {
    id: row.id,
    saved_prompt_id: row.id,
    gpt_description_prompt: row.gpt_description_prompt,
    lyrics: row.lyrics,
    tags: row.tags,
    negative_tags: row.negative_tags,
    title: row.title,
    sliders: sliders?.success ? sliders.data : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Saves a new prompt, or rewrites the user's prompt `body.id` (404 when it is not theirs). */
export async function savePrompt(
  db: Kysely<Database>,
  userId: string,
  body: SavePromptBody,
): Promise<SavedPromptRow> {
  const values = {
    gpt_description_prompt: body.gpt_description_prompt ?? "",
    lyrics: body.lyrics ?? "",
    tags: body.tags ?? "",
    negative_tags: body.negative_tags ?? "",
    title: body.title ?? "",
    sliders: body.sliders ? JSON.stringify(body.sliders) : null,
  };
  if (body.id) {
    const updated = await db
      .updateTable("saved_prompts")
      // jsonb is written as text and cast: both drivers pass it through the same way.
      .set({ ...values, sliders: sql`${values.sliders}::jsonb`, updated_at: sql`now()` })
      .where("id", "=", body.id)
      .where("user_id", "=", userId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound(SAVED_PROMPT_NOT_FOUND);
    return updated;
  }
  return db
    .insertInto("saved_prompts")
    .values({ ...values, user_id: userId, sliders: sql`${values.sliders}::jsonb` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listPrompts(
  db: Kysely<Database>,
  userId: string,
  query: ClipPromptsQuery,
): Promise<ClipPromptsResponse> {
  let base = db.selectFrom("saved_prompts").where("user_id", "=", userId);
  if (query.filter_prompt_type === "lyrics") base = base.where("lyrics", "<>", "");
  if (query.filter_prompt_type === "tags") base = base.where("tags", "<>", "");
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { prompts: rows.map(savedPromptView), ...pageInfo(Number(total.count), query.page, query.per_page) };
}

export async function deletePrompt(db: Kysely<Database>, userId: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom("saved_prompts")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(SAVED_PROMPT_NOT_FOUND);
}
