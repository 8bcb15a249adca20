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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored file of one of the viewer's own finished video uploads, to use as a song's video cover. */
export async function ownVideoCoverKey(
  db: Kysely<Database>,
  viewerId: string,
  uploadId: string,
  problem: string,
): Promise<string> {
  // Anything but an upload id of the viewer's (a storage key, someone else's upload) is as missing.
  if (!UUID.test(uploadId)) throw badRequest(problem);
  const upload = await db
    .selectFrom("video_uploads")
    .select("original_key")
    .where("id", "=", uploadId)
    .where("user_id", "=", viewerId)
    .where("status", "=", "complete")
    .executeTakeFirst();
  if (!upload) throw badRequest(problem);
  return upload.original_key;
}
