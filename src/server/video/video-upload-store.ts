import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { VideoUpload, VideoUploadExtension, VideoUploadStatus } from "../../shared/api/video-uploads.ts";
import type { Database } from "../db/schema.ts";

/** The queue job that checks an uploaded video and makes its thumbnail (and sprite). */
export const PROCESS_VIDEO_UPLOAD_JOB = "process-video-upload";
export const videoUploadPayloadSchema = z.object({ uploadId: z.string().uuid() });

type Db = Kysely<Database> | Transaction<Database>;
export type VideoUploadRow = Awaited<ReturnType<typeof findVideoUpload>> & {};

/** Where a video upload's files live: the file as sent, its thumbnail and its sprite. */
export const videoUploadKeys = (userId: string, uploadId: string, extension: string) => ({
  original: `video-uploads/${userId}/${uploadId}/original.${extension}`,
  thumbnail: `video-uploads/${userId}/${uploadId}/thumbnail.jpg`,
  sprite: `video-uploads/${userId}/${uploadId}/sprite.jpg`,
});

/** The video upload a storage key belongs to, for keys made by videoUploadKeys. */
export const videoUploadIdOfKey = (key: string) =>
  /^video-uploads\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/original\.[a-z0-9]+$/.exec(key)?.[1];

export async function createVideoUpload(
  db: Kysely<Database>,
  userId: string,
  extension: VideoUploadExtension,
) {
  const id = randomUUID();
  return db
    .insertInto("video_uploads")
    .values({ id, user_id: userId, extension, original_key: videoUploadKeys(userId, id, extension).original })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findVideoUpload(db: Db, id: string) {
  return db.selectFrom("video_uploads").selectAll().where("id", "=", id).executeTakeFirst();
}

type Change = Partial<
  Omit<Selectable<Database["video_uploads"]>, "id" | "user_id" | "created_at" | "updated_at" | "status">
> & { status: VideoUploadStatus };

/** Moves an upload on only from one of `from`: a replayed finish or two workers cannot both win. */
export function transitionVideoUpload(
  db: Db,
  id: string,
  from: readonly VideoUploadStatus[],
  change: Change,
) {
  return db
    .updateTable("video_uploads")
    .set({ ...change, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returningAll()
    .executeTakeFirst();
}

/** The served address of one of an upload's files. */
const fileUrl = (uploadId: string, file: "thumbnail" | "sprite") =>
  `/api/uploads/video/${uploadId}/${file}.jpg`;

export function videoUploadView(row: VideoUploadRow): VideoUpload {
  const done = row.status === "complete";
  return {
    id: row.id,
    status: row.status,
    error_message: row.error_message,
    s3_id: done ? row.id : null,
    image_url: done && row.thumbnail_key ? fileUrl(row.id, "thumbnail") : null,
    sprite_url: done && row.sprite_key ? fileUrl(row.id, "sprite") : null,
    duration: row.duration_s,
    width: row.width,
    height: row.height,
    audio_alignment_timestamp: null,
  };
}

/** A form post to a video upload's key is taken only while the upload waits for its file. */
export async function refuseVideoKey(db: Db, uploadId: string): Promise<string | null> {
  const upload = await findVideoUpload(db, uploadId);
  if (!upload) return "This upload no longer exists";
  return upload.status === "uploading" ? null : "This upload is already finished";
}
