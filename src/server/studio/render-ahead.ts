// Context renders made ahead of Generate: while the studio's generate panel is open, each selection
// it settles on is rendered (render_ahead), so Generate finds its context ready. Each is a clip like
// any render, but most are never generated from, and they would pile up in the library (hidden by
// its default filter, still stored). A new one for a project removes the earlier ones of that
// project that no generation took as its source, with their audio; only those a minute old, so a
// Generate (or a second tab) that took one just now still finds it when its job is submitted.
import { type Kysely, sql } from "kysely";
import { deleteClipsAndMedia } from "../clips/clip-deletion.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";

/** A render ahead younger than this is kept: the Generate that asked for it may be under way. */
export const RENDER_AHEAD_KEPT_MS = 60_000;

/** The clip metadata flag of a render made ahead, cleared once a render is asked for in earnest. */
export const RENDER_AHEAD_FLAG = "render_ahead";

const flagged = sql<boolean>`coalesce((clips.metadata->'configurations'->>${RENDER_AHEAD_FLAG})::boolean, false)`;

/** Removes the project's earlier renders ahead that nothing was generated from (see above). */
export async function removeSupersededRendersAhead(
  db: Kysely<Database>,
  storage: Storage,
  userId: string,
  projectId: string,
  newest: string,
): Promise<void> {
  const rows = await db
    .selectFrom("clips")
    .selectAll()
    .where("user_id", "=", userId)
    .where("id", "!=", newest)
    .where(flagged)
    .where(sql<boolean>`clips.metadata->>'from_studio_project_id' = ${projectId}`)
    .where(sql<boolean>`clips.created_at < ${new Date(Date.now() - RENDER_AHEAD_KEPT_MS)}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("generation_jobs")
            .select(sql`1`.as("one"))
            .where(sql<boolean>`generation_jobs.plan->>'sourceClipId' = clips.id::text`),
        ),
      ),
    )
    .execute();
  await deleteClipsAndMedia(db, storage, rows);
}

/** A render asked for in earnest (an export, a Generate of its own) found a render ahead: it stays. */
export async function keepRender(db: Kysely<Database>, clipId: string): Promise<void> {
  await db
    .updateTable("clips")
    .set({
      metadata: sql`jsonb_set(metadata, '{configurations,${sql.raw(RENDER_AHEAD_FLAG)}}', 'false'::jsonb)`,
    })
    .where("id", "=", clipId)
    .where(flagged)
    .execute();
}
