import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";

/** The refusal of an edit session id another user already named. */
export const EDIT_SESSION_NOT_YOURS = "This edit session belongs to another user";

/**
 * Claims an edit session for the user: the page makes the id, and the first user to name it in a
 * call keeps it. Naming another user's session is refused (403), so one user's actions can never be
 * filed under another's session. Nothing to do without an id.
 */
export async function claimEditSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string | null | undefined,
): Promise<void> {
  if (!sessionId) return;
  await db
    .insertInto("edit_sessions")
    .values({ id: sessionId, user_id: userId })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  const owner = await db
    .selectFrom("edit_sessions")
    .select("user_id")
    .where("id", "=", sessionId)
    .executeTakeFirstOrThrow();
  if (owner.user_id !== userId) throw forbidden(EDIT_SESSION_NOT_YOURS);
}
