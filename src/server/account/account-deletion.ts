import type { Kysely } from "kysely";
import { type DeleteAccountBody, PERSONA_ROOT_DELETE_DETAIL } from "../../shared/api/account.ts";
import { removeUnusedMedia } from "../clips/clip-deletion.ts";
import type { ClipRow, Database, User } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";

/**
 * Deletes an account. Removing everything deletes the user row (every table of theirs follows it).
 * Keeping songs or personas anonymised keeps the public ones under a scrubbed account that can never
 * sign in again (no email, no password, handle "deleted_..."), and removes the private ones. A kept
 * persona needs its song: removing the song of a kept persona is refused with the persona rule.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  storage: Storage,
  user: User,
  choice: Pick<DeleteAccountBody, "songs" | "personas">,
): Promise<void> {
  const removed = await db.transaction().execute(async (trx) => {
    let songs = trx.selectFrom("clips").selectAll().where("user_id", "=", user.id);
    if (choice.songs === "keep_anonymised")
      songs = songs.where((eb) => eb.or([eb("is_public", "=", false), eb("is_trashed", "=", true)]));
    const doomed = (await songs.execute()) as ClipRow[];
    if (choice.personas === "keep_anonymised" && doomed.length > 0) {
      const rooted = await trx
        .selectFrom("personas")
        .select("id")
        .where("user_id", "=", user.id)
        .where("is_public", "=", true)
        .where("is_trashed", "=", false)
        .where(
          "root_clip_id",
          "in",
          doomed.map((clip) => clip.id),
        )
        .executeTakeFirst();
      if (rooted) throw conflict(PERSONA_ROOT_DELETE_DETAIL);
    }
    if (choice.songs === "remove" && choice.personas === "remove") {
      await trx.deleteFrom("users").where("id", "=", user.id).execute();
      return doomed;
    }
    let personas = trx.deleteFrom("personas").where("user_id", "=", user.id);
    if (choice.personas === "keep_anonymised")
      personas = personas.where((eb) => eb.or([eb("is_public", "=", false), eb("is_trashed", "=", true)]));
    await personas.execute();
    if (doomed.length > 0)
      await trx
        .deleteFrom("clips")
        .where(
          "id",
          "in",
          doomed.map((clip) => clip.id),
        )
        .execute();
    const tag = user.id.replaceAll("-", "").slice(0, 12);
    await trx
      .updateTable("users")
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        handle: `deleted_${tag}`,
        display_name: "Former member",
        // No argon2 hash verifies against this: nobody signs in as a deleted account.
        password_hash: "!",
        bio: "",
        avatar_key: null,
        is_staff: false,
        flags: [],
        deleted_at: new Date(),
      })
      .where("id", "=", user.id)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await trx.deleteFrom("api_tokens").where("user_id", "=", user.id).execute();
    return doomed;
  });
  await removeUnusedMedia(db, storage, removed);
}
