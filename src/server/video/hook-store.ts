import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { CreateHookBody, Hook, HookStatus } from "../../shared/api/hooks.ts";
import { songPath } from "../../shared/song-link.ts";
import type { Database } from "../db/schema.ts";
import { enqueueJobs } from "../jobs/job-queue.ts";

/** The queue job that renders a hook and runs its automatic moderation. */
export const RENDER_HOOK_JOB = "render-hook";
export const hookPayloadSchema = z.object({ hookId: z.string().uuid() });
export type HookPayload = z.infer<typeof hookPayloadSchema>;

type Db = Kysely<Database> | Transaction<Database>;

/** Where a hook's files live. */
export const hookKeys = (hookId: string) => ({
  video: `hooks/${hookId}/hook-${randomUUID().slice(0, 8)}.mp4`,
  thumbnail: `hooks/${hookId}/thumbnail.jpg`,
});

/** The hook's row (rendering) and its render job, in one transaction; answers its id. */
export async function insertHook(
  db: Kysely<Database>,
  userId: string,
  body: CreateHookBody,
  customThumbnailKey: string | null,
): Promise<string> {
  const id = randomUUID();
  const [video] = body.video_render.videos;
  const { song } = body.video_render;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("hooks")
      .values({
        id,
        user_id: userId,
        clip_id: body.clip_id,
        upload_id: video.upload_id,
        title: body.hook_publish.title,
        caption: body.hook_publish.caption,
        allow_comments: body.hook_publish.allow_comments,
        show_lyrics: body.hook_publish.show_lyrics,
        custom_thumbnail_key: customThumbnailKey,
        thumbnail_time_s: body.hook_publish.thumbnail_time_s,
        song_start_s: song.clip_start_time,
        song_end_s: song.clip_end_time,
        song_volume: song.volume,
        video_start_s: video.source_start_time,
        video_end_s: video.source_end_time,
        video_volume: video.volume,
      })
      .execute();
    const payload: HookPayload = { hookId: id };
    await enqueueJobs(trx, [{ kind: RENDER_HOOK_JOB, payload, maxAttempts: 2 }]);
  });
  return id;
}

export function findHook(db: Db, id: string) {
  return db.selectFrom("hooks").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The render is done: the file, its thumbnail and automatic moderation's verdict, together. */
export async function finishHook(
  db: Db,
  id: string,
  done: {
    videoKey: string;
    thumbnailKey: string;
    durationS: number;
    problems: readonly string[];
  },
): Promise<void> {
  await db
    .updateTable("hooks")
    .set({
      status: done.problems.length === 0 ? "rendered_passed_moderation" : "rendered_failed_moderation",
      video_key: done.videoKey,
      thumbnail_key: done.thumbnailKey,
      duration_s: done.durationS,
      moderation_note: done.problems.length === 0 ? null : done.problems.join("; "),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .where("status", "=", "rendering")
    .execute();
}

/** The render failed for good: the poll shows its message. */
export async function failHook(db: Db, id: string, message: string): Promise<void> {
  await db
    .updateTable("hooks")
    .set({ status: "error", error_message: message.slice(0, 500), updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "=", "rendering")
    .execute();
}

/** The served address of one of a hook's files. */
const hookFileUrl = (hookId: string, file: "video.mp4" | "thumbnail.jpg", key: string | null) =>
  key === null ? null : `/api/video/hooks/${hookId}/${file}?v=${encodeURIComponent(key.slice(-12))}`;

/**
 * Hooks as a viewer sees them: the owner's own in any state, staff every hook (to review it);
 * anyone else's only once posted (passed moderation) and while its song is public and not trashed.
 */
export function visibleHooks(db: Kysely<Database>, viewer: { id: string; is_staff: boolean } | null) {
  const viewerId = viewer?.id ?? null;
  return db
    .selectFrom("hooks")
    .innerJoin("clips", "clips.id", "hooks.clip_id")
    .innerJoin("users", "users.id", "hooks.user_id")
    .select([
      "hooks.id",
      "hooks.kind",
      "hooks.user_id",
      "hooks.status",
      "hooks.error_message",
      "hooks.clip_id",
      "clips.title as clip_title",
      "clips.is_public as clip_is_public",
      "users.handle",
      "hooks.title",
      "hooks.caption",
      "hooks.allow_comments",
      "hooks.show_lyrics",
      "hooks.video_key",
      "hooks.thumbnail_key",
      "hooks.duration_s",
      "hooks.created_at",
      sql<number>`(select count(*)::int from hook_likes l where l.hook_id = hooks.id)`.as("like_count"),
      sql<number>`(select count(*)::int from hook_comments c where c.hook_id = hooks.id)`.as("comment_count"),
      sql<boolean>`exists (select 1 from hook_likes l where l.hook_id = hooks.id and l.user_id = ${viewerId})`.as(
        "is_liked",
      ),
    ])
    .where((eb) =>
      eb.or([
        ...(viewerId ? [eb("hooks.user_id", "=", viewerId)] : []),
        ...(viewer?.is_staff ? [eb.val(true)] : []),
        eb.and([
          eb("hooks.status", "=", "rendered_passed_moderation" satisfies HookStatus),
          eb("clips.is_public", "=", true),
          eb("clips.is_trashed", "=", false),
        ]),
      ]),
    );
}

type HookViewRow = Awaited<ReturnType<ReturnType<typeof visibleHooks>["execute"]>>[number];

export function hookView(row: HookViewRow): Hook {
  const rendered = row.status === "rendered_passed_moderation" || row.status === "rendered_failed_moderation";
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    error_message: row.error_message,
    clip_id: row.clip_id,
    clip_title: row.clip_title,
    clip_url: row.clip_is_public ? songPath(row.clip_id) : null,
    handle: row.handle,
    title: row.title,
    caption: row.caption,
    allow_comments: row.allow_comments,
    show_lyrics: row.show_lyrics,
    video_url: rendered ? hookFileUrl(row.id, "video.mp4", row.video_key) : null,
    thumbnail_url: rendered ? hookFileUrl(row.id, "thumbnail.jpg", row.thumbnail_key) : null,
    duration: row.duration_s,
    like_count: row.like_count,
    comment_count: row.comment_count,
    is_liked: row.is_liked,
    created_at: (row.created_at as unknown as Date).toISOString(),
  };
}

/** What the render reads: the hook, its upload's file and the song's audio and words. */
export async function hookSource(db: Kysely<Database>, hookId: string) {
  return db
    .selectFrom("hooks")
    .innerJoin("clips", "clips.id", "hooks.clip_id")
    .leftJoin("video_uploads", "video_uploads.id", "hooks.upload_id")
    .leftJoin("generated_clips", "generated_clips.clip_id", "clips.id")
    .select([
      "hooks.id",
      "hooks.status",
      "hooks.show_lyrics",
      "hooks.song_start_s",
      "hooks.song_end_s",
      "hooks.song_volume",
      "hooks.video_start_s",
      "hooks.video_end_s",
      "hooks.video_volume",
      "hooks.video_key",
      "clips.audio_key",
      "video_uploads.original_key",
      "video_uploads.extension",
      "hooks.custom_thumbnail_key",
      "hooks.thumbnail_time_s",
      "generated_clips.aligned_words",
    ])
    .where("hooks.id", "=", hookId)
    .executeTakeFirst();
}
