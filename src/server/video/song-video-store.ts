import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { SongVideo } from "../../shared/api/video.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { enqueueJobs } from "../jobs/job-queue.ts";

/** The queue job that renders a song's video. */
export const RENDER_SONG_VIDEO_JOB = "render-song-video";
export const songVideoPayloadSchema = z.object({ clipId: z.string().uuid() });
export type SongVideoPayload = z.infer<typeof songVideoPayloadSchema>;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Asks for a song's video: the row goes pending and its job is queued in one transaction. A render
 * already pending is not queued twice.
 */
export async function requestSongVideo(db: Kysely<Database>, clipId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("song_videos")
      .select("status")
      .where("clip_id", "=", clipId)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.status === "pending") return;
    await trx
      .insertInto("song_videos")
      .values({ clip_id: clipId, user_id: userId, status: "pending" })
      .onConflict((conflict) =>
        conflict
          .column("clip_id")
          .doUpdateSet({ status: "pending", error_message: null, updated_at: sql`now()` }),
      )
      .execute();
    const payload: SongVideoPayload = { clipId };
    await enqueueJobs(trx, [{ kind: RENDER_SONG_VIDEO_JOB, payload, maxAttempts: 2 }]);
  });
}

/** The render failed for good: the status poll shows its message. */
export async function failSongVideo(db: Db, clipId: string, message: string): Promise<void> {
  await db
    .updateTable("song_videos")
    .set({ status: "error", error_message: message.slice(0, 500), updated_at: sql`now()` })
    .where("clip_id", "=", clipId)
    .execute();
}

/** The new video is the clip's: its key set, the stale flag cleared, the row complete, together. */
export async function completeSongVideo(
  db: Kysely<Database>,
  clipId: string,
  videoKey: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("clips")
      .set({
        video_key: videoKey,
        metadata: sql<Record<string, unknown>>`clips.metadata || '{"video_is_stale": false}'::jsonb`,
      })
      .where("id", "=", clipId)
      .execute();
    await trx
      .updateTable("song_videos")
      .set({ status: "complete", error_message: null, updated_at: sql`now()` })
      .where("clip_id", "=", clipId)
      .execute();
  });
}

const songVideoRows = (db: Kysely<Database>) =>
  db
    .selectFrom("clips")
    .leftJoin("song_videos", "song_videos.clip_id", "clips.id")
    .select([
      "clips.id as clip_id",
      "clips.video_key",
      sql<boolean>`coalesce((clips.metadata->>'video_is_stale')::boolean, false)`.as("is_stale"),
      "song_videos.status",
      "song_videos.error_message",
      "song_videos.updated_at",
    ]);

type SongVideoRow = Awaited<ReturnType<ReturnType<typeof songVideoRows>["execute"]>>[number];

function songVideoView(row: SongVideoRow): SongVideo {
  return {
    clip_id: row.clip_id,
    status: row.status ?? (row.video_key ? "complete" : "none"),
    video_url: clipMediaUrl(row.clip_id, "video", row.video_key),
    is_stale: row.is_stale,
    error_message: row.error_message ?? null,
    updated_at: row.updated_at ? (row.updated_at as unknown as Date).toISOString() : null,
  };
}

/** A clip's video state (the clip's visibility is the caller's to check). */
export async function songVideoOf(db: Kysely<Database>, clipId: string): Promise<SongVideo> {
  return songVideoView(await songVideoRows(db).where("clips.id", "=", clipId).executeTakeFirstOrThrow());
}

/** The user's song videos asked for, newest first. */
export async function songVideosOf(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<SongVideo[]> {
  const rows = await songVideoRows(db)
    .innerJoin("song_videos as mine", "mine.clip_id", "clips.id")
    .where("mine.user_id", "=", userId)
    .where("clips.user_id", "=", userId)
    .orderBy("mine.updated_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(songVideoView);
}

/** What the render reads of the song. */
export async function songVideoSource(db: Kysely<Database>, clipId: string) {
  return db
    .selectFrom("clips")
    .innerJoin("users", "users.id", "clips.user_id")
    .leftJoin("generated_clips", "generated_clips.clip_id", "clips.id")
    .select([
      "clips.title",
      "clips.audio_key",
      "clips.image_key",
      "clips.video_key",
      "users.handle",
      "generated_clips.aligned_words",
    ])
    .where("clips.id", "=", clipId)
    .executeTakeFirst();
}
