import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { AudioUpload, AudioUploadExtension, AudioUploadStatus } from "../../shared/api/uploads.ts";
import type { Database, UploadRow } from "../db/schema.ts";

/** Where an upload's files live: the file as sent, and the WAV made from it. */
export const uploadKeys = (userId: string, uploadId: string, extension: string) => ({
  original: `uploads/${userId}/${uploadId}/original.${extension}`,
  audio: `uploads/${userId}/${uploadId}/audio.wav`,
});

/** The upload a storage key belongs to, for keys made by uploadKeys. */
export const uploadIdOfKey = (key: string) =>
  /^uploads\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/original\.[a-z0-9]+$/.exec(key)?.[1];

export async function createUpload(
  db: Kysely<Database>,
  upload: { userId: string; extension: AudioUploadExtension; isStemMix: boolean },
): Promise<UploadRow> {
  const id = randomUUID();
  return db
    .insertInto("uploads")
    .values({
      id,
      user_id: upload.userId,
      extension: upload.extension,
      is_stem_mix: upload.isStemMix,
      original_key: uploadKeys(upload.userId, id, upload.extension).original,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findUpload(db: Kysely<Database>, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom("uploads").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Moves an upload from one status to another only if it is still in one of
 * `from`: concurrent calls (a replayed finish, a cancel racing the processor)
 * cannot both win. Undefined when the upload was not in such a status.
 */
export function transitionUpload(
  db: Kysely<Database>,
  id: string,
  from: readonly AudioUploadStatus[],
  change: Partial<Omit<UploadRow, "id" | "user_id" | "created_at" | "updated_at">> & {
    status: AudioUploadStatus;
  },
): Promise<UploadRow | undefined> {
  const { clip_context, ...rest } = change;
  return db
    .updateTable("uploads")
    .set({
      ...rest,
      ...(clip_context !== undefined ? { clip_context: sql`${JSON.stringify(clip_context)}::jsonb` } : {}),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("status", "in", from)
    .returningAll()
    .executeTakeFirst();
}

/** Uploads a stop left half processed: picked up again at start. */
export async function uploadsBeingInitialized(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("uploads")
    .select("id")
    .where("status", "=", "initializing")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.id);
}

/** An upload as the pages poll it. Uploads have no cover image of their own. */
export function uploadView(row: UploadRow): AudioUpload {
  return {
    id: row.id,
    status: row.status,
    error_message: row.error_message,
    title: row.title,
    image_url: null,
    has_vocal: row.has_vocal,
    duration: row.duration_s,
    clip_id: row.clip_id,
  };
}
