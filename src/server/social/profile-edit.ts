import { type Kysely, sql } from "kysely";
import { type EditProfileBody, PROFILE_MESSAGES } from "../../shared/api/profiles.ts";
import { ownImageKey } from "../clips/storage-keys.ts";
import type { Database } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";

/** PostgreSQL's unique_violation: another account took the handle between the check and the write. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

/**
 * Changes the user's own profile: names, bio, avatar (one of their own re-encoded uploads, or
 * none), handle (free whatever its case; the unique index has the last word when two take it at
 * once). Everything changes in one statement, or nothing does.
 */
export async function editProfile(
  db: Kysely<Database>,
  storage: Storage,
  userId: string,
  body: EditProfileBody,
): Promise<void> {
  const handle = body.handle;
  if (handle !== undefined) {
    const taken = await db
      .selectFrom("users")
      .select("id")
      .where(sql<boolean>`lower(handle) = ${handle.toLowerCase()}`)
      .where("id", "!=", userId)
      .executeTakeFirst();
    if (taken !== undefined) throw conflict(PROFILE_MESSAGES.handleTaken);
  }
  const avatarKey =
    body.avatar_image_s3_id === undefined
      ? undefined
      : body.avatar_image_s3_id === null
        ? null
        : await ownImageKey(storage, userId, body.avatar_image_s3_id, PROFILE_MESSAGES.avatarMissing);
  const changes = {
    ...(body.display_name !== undefined ? { display_name: body.display_name } : {}),
    ...(body.bio !== undefined ? { bio: body.bio } : {}),
    ...(handle !== undefined ? { handle } : {}),
    ...(avatarKey !== undefined ? { avatar_key: avatarKey } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  try {
    await db.updateTable("users").set(changes).where("id", "=", userId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROFILE_MESSAGES.handleTaken);
    throw error;
  }
}
