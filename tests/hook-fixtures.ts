import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../src/server/db/schema.ts";
import type { HookStatus } from "../src/shared/api/hooks.ts";

/**
 * A hook row as a render leaves it, for tests of what reads hooks (the feed, likes, comments,
 * review, access) without rendering one: a 10 s range of video and song, the song heard.
 */
export async function newTestHook(
  db: Kysely<Database>,
  hook: {
    readonly userId: string;
    readonly clipId: string;
    readonly status?: HookStatus;
    readonly title?: string;
    readonly allowComments?: boolean;
    readonly moderationNote?: string | null;
    readonly uploadId?: string;
    readonly videoKey?: string;
    readonly thumbnailKey?: string;
    /** When it was made (the database's clock by default, which two quick inserts may share). */
    readonly createdAt?: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto("hooks")
    .values({
      id: randomUUID(),
      user_id: hook.userId,
      clip_id: hook.clipId,
      upload_id: hook.uploadId ?? null,
      status: hook.status ?? "rendered_passed_moderation",
      title: hook.title ?? "A hook",
      allow_comments: hook.allowComments ?? true,
      moderation_note: hook.moderationNote ?? null,
      video_key: hook.videoKey ?? null,
      thumbnail_key: hook.thumbnailKey ?? null,
      song_start_s: 0,
      song_end_s: 10,
      song_volume: 100,
      video_start_s: 0,
      video_end_s: 10,
      video_volume: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (hook.createdAt !== undefined)
    await sql`update hooks set created_at = ${hook.createdAt.toISOString()}::timestamptz where id = ${row.id}`.execute(
      db,
    );
  return row.id;
}
