import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { userImageKey } from "../images/image-keys.ts";
import type { Storage } from "../storage/storage.ts";

const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The storage key of an image the viewer uploaded (POST /api/uploads/image/), by its id: the key is
 * made from the viewer's own id, so only their own re-encoded images can be named.
 */
export async function ownImageKey(
  storage: Storage,
  viewerId: string,
  imageId: string,
  problem: string,
): Promise<string> {
  if (!IMAGE_ID.test(imageId)) throw badRequest(problem);
  const key = userImageKey(viewerId, imageId);
  if (!(await storage.stat(key))) throw badRequest(problem);
  return key;
}

/** A video key the viewer may reuse as a cover: one of their own songs' videos, and nothing else. */
export async function ownVideoKey(
  db: Kysely<Database>,
  viewerId: string,
  key: string,
  problem: string,
): Promise<string> {
  const owned = await db
    .selectFrom("clips")
    .select("id")
    .where("user_id", "=", viewerId)
    .where("video_key", "=", key)
    .executeTakeFirst();
  if (!owned) throw badRequest(problem);
  return key;
}
