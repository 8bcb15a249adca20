import { type Kysely, sql } from "kysely";
import { type CreatePersonaBody, DEFAULT_PERSONA_NAME } from "../../shared/api/personas.ts";
import type { Database } from "../db/schema.ts";

/** Creates the persona; the caller has checked the plan, the root clip and the avatar. */
export async function insertPersona(
  db: Kysely<Database>,
  userId: string,
  body: CreatePersonaBody & { root_clip_id: string },
  image: { id: string; url: string } | null,
): Promise<string> {
  const row = await db
    .insertInto("personas")
    .values({
      user_id: userId,
      root_clip_id: body.root_clip_id,
      name: body.name || DEFAULT_PERSONA_NAME,
      description: body.description ?? "",
      image_s3_id: image?.id ?? null,
      image_url: image?.url ?? null,
      is_public: body.is_public ?? false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Loves the persona, or takes the love back; upvote_count is recounted in the same transaction,
 * so concurrent toggles never leave it off by one.
 */
export async function toggleLove(
  db: Kysely<Database>,
  userId: string,
  personaId: string,
): Promise<{ loved: boolean; upvote_count: number }> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("persona_loves")
      .where("user_id", "=", userId)
      .where("persona_id", "=", personaId)
      .executeTakeFirst();
    const loved = Number(removed.numDeletedRows) === 0;
    if (loved) {
      await trx
        .insertInto("persona_loves")
        .values({ user_id: userId, persona_id: personaId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const updated = await trx
      .updateTable("personas")
      .set({ upvote_count: sql`(select count(*) from persona_loves where persona_id = ${personaId})::int` })
      .where("id", "=", personaId)
      .returning("upvote_count")
      .executeTakeFirstOrThrow();
    return { loved, upvote_count: updated.upvote_count };
  });
}

/** Follows or unfollows; doing what is already done changes nothing. */
export async function setFollowing(
  db: Kysely<Database>,
  userId: string,
  personaId: string,
  follow: boolean,
): Promise<{ following: boolean; follower_count: number }> {
  if (follow) {
    await db
      .insertInto("persona_follows")
      .values({ user_id: userId, persona_id: personaId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("persona_follows")
      .where("user_id", "=", userId)
      .where("persona_id", "=", personaId)
      .execute();
  }
  const count = await db
    .selectFrom("persona_follows")
    .where("persona_id", "=", personaId)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return { following: follow, follower_count: Number(count.count) };
}
