import { type Kysely, sql } from "kysely";
import type { Clip, ReactionType, SetMetadataBody } from "../../shared/api/clips.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { CLIP_NOT_FOUND, type ClipViewRow, findVisibleClip, visibleTo } from "./clip-repository.ts";
import { clipView } from "./clip-view.ts";
import { ownImageKey, ownVideoCoverKey } from "./storage-keys.ts";

export const REACTION_ON_TRASHED = "Restore the song from the trash before reacting to it";

/**
 * The viewer's own clip. Someone else's is as missing as one that does not exist (404), even when
 * it is public: an owner's action never tells a stranger more than the song page does.
 */
export async function findOwnClip(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
): Promise<ClipViewRow> {
  const clip = await findVisibleClip(db, viewerId, clipId);
  if (clip.user_id !== viewerId) throw notFound(CLIP_NOT_FOUND);
  return clip;
}

const IMAGE_PROBLEM = "The cover image was not found: upload it again";
const VIDEO_PROBLEM = "The cover video was not found: upload it again";
const OWN_IMAGE_URL = /^\/api\/media\/clips\/([0-9a-f-]{36})\/image(\.[a-z0-9]+)?(\?.*)?$/i;

/** An image_url names one of this server's clip images; anything else is refused, never fetched. */
async function imageKeyFromUrl(db: Kysely<Database>, viewerId: string, url: string): Promise<string> {
  const match = OWN_IMAGE_URL.exec(url);
  if (!match) throw badRequest(IMAGE_PROBLEM);
  const source = await findVisibleClip(db, viewerId, match[1]).catch(() => null);
  if (!source?.image_key) throw badRequest(IMAGE_PROBLEM);
  return source.image_key;
}

/** POST /api/gen/{clip_id}/set_metadata/: changes only what the body names. */
export async function setClipMetadata(
  db: Kysely<Database>,
  storage: Storage,
  viewerId: string,
  clipId: string,
  body: SetMetadataBody,
): Promise<Clip & { prompt: string }> {
  const current = await findOwnClip(db, viewerId, clipId);
  let imageKey: string | null | undefined;
  if (body.remove_image_cover) imageKey = null;
  else if (body.image_s3_id) imageKey = await ownImageKey(storage, viewerId, body.image_s3_id, IMAGE_PROBLEM);
  else if (body.image_url) imageKey = await imageKeyFromUrl(db, viewerId, body.image_url);
  // The video cover is its own file: the song's rendered video (video_key) stays as it is.
  let videoCoverKey: string | null | undefined;
  if (body.remove_video_cover) videoCoverKey = null;
  else if (body.video_cover_upload_id)
    videoCoverKey = await ownVideoCoverKey(db, viewerId, body.video_cover_upload_id, VIDEO_PROBLEM);
  const metadata = {
    ...(body.lyrics !== undefined ? { prompt: body.lyrics } : {}),
    ...(body.is_audio_upload_tos_accepted !== undefined
      ? { is_audio_upload_tos_accepted: body.is_audio_upload_tos_accepted }
      : {}),
    ...(body.opt_out_video_cover_hook !== undefined
      ? { opt_out_video_cover_hook: body.opt_out_video_cover_hook }
      : {}),
    // The song's video shows its lyrics, title and cover: changing one leaves the video behind.
    ...(current.video_key !== null &&
    (body.lyrics !== undefined || body.title !== undefined || imageKey !== undefined)
      ? { video_is_stale: true }
      : {}),
  };
  await db
    .updateTable("clips")
    .set({
      ...(body.title !== undefined ? { title: body.title.trim() } : {}),
      ...(body.caption !== undefined ? { caption: body.caption } : {}),
      ...(body.caption_mentions !== undefined ? { caption_mentions: body.caption_mentions } : {}),
      ...(imageKey !== undefined ? { image_key: imageKey } : {}),
      ...(videoCoverKey !== undefined ? { video_cover_key: videoCoverKey } : {}),
      metadata: sql<Record<string, unknown>>`clips.metadata || ${JSON.stringify(metadata)}::jsonb`,
    })
    .where("id", "=", clipId)
    .execute();
  const clip = clipView(await findVisibleClip(db, viewerId, clipId), viewerId);
  return { ...clip, prompt: clip.metadata.prompt ?? "" };
}

/**
 * POST /api/gen/{clip_id}/set_visibility/: publishing needs a complete song out of the trash (001);
 * going private clears its contest entries.
 */
export async function setClipVisibility(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  isPublic: boolean,
): Promise<Clip> {
  const clip = await findOwnClip(db, viewerId, clipId);
  if (isPublic && clip.status !== "complete") throw conflict("Only complete songs can be published");
  if (isPublic && clip.is_trashed) throw conflict("Restore the song from the trash before publishing it");
  await db
    .updateTable("clips")
    .set({
      is_public: isPublic,
      ...(isPublic
        ? {}
        : { metadata: sql<Record<string, unknown>>`clips.metadata || '{"contest_ids": []}'::jsonb` }),
    })
    .where("id", "=", clipId)
    .execute();
  return clipView(await findVisibleClip(db, viewerId, clipId), viewerId);
}

/**
 * Locks the viewer's clips among ids for a change, all or none: any clip that is not theirs, public
 * or not, is a 404 and nothing changes.
 */
export async function lockOwnClips(db: Kysely<Database>, viewerId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom("clips")
    .selectAll()
    .where("id", "in", unique)
    .where("user_id", "=", viewerId)
    .forUpdate()
    .execute();
  if (rows.length !== unique.length) throw notFound(CLIP_NOT_FOUND);
  return rows;
}

/** POST /api/gen/trash: moves the viewer's clips to the trash, or back (trash false). */
export async function trashClips(
  db: Kysely<Database>,
  viewerId: string,
  ids: readonly string[],
  trash: boolean,
): Promise<{ clip_ids: string[]; is_trashed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const rows = await lockOwnClips(tx, viewerId, ids);
    await tx
      .updateTable("clips")
      .set({ is_trashed: trash })
      .where(
        "id",
        "in",
        rows.map((row) => row.id),
      )
      .execute();
    return { clip_ids: [...new Set(ids)], is_trashed: trash };
  });
}

/**
 * POST /api/gen/{clip_id}/update_reaction_type/: like, dislike or clear. The upvote count follows
 * likes (001: a like raises it; a dislike of a liked clip lowers it).
 */
export async function setReaction(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  reaction: ReactionType | null,
): Promise<{ reaction: Clip["reaction"]; upvote_count: number }> {
  return db.transaction().execute(async (tx) => {
    // The clip row lock orders concurrent reactions on it, so the count never drifts.
    const clip = await tx
      .selectFrom("clips")
      .select(["id", "is_trashed"])
      .where("id", "=", clipId)
      .where(visibleTo(viewerId))
      .forUpdate()
      .executeTakeFirst();
    if (!clip) throw notFound(CLIP_NOT_FOUND);
    if (clip.is_trashed) throw conflict(REACTION_ON_TRASHED);
    const previous = await tx
      .selectFrom("clip_reactions")
      .selectAll()
      .where("clip_id", "=", clipId)
      .where("user_id", "=", viewerId)
      .executeTakeFirst();
    let saved: Clip["reaction"] = null;
    if (reaction === null) {
      await tx
        .deleteFrom("clip_reactions")
        .where("clip_id", "=", clipId)
        .where("user_id", "=", viewerId)
        .execute();
    } else {
      const feedback = previous?.reaction_type === reaction ? previous.feedback_reason : null;
      await tx
        .insertInto("clip_reactions")
        .values({ clip_id: clipId, user_id: viewerId, reaction_type: reaction, feedback_reason: feedback })
        .onConflict((oc) =>
          oc
            .columns(["user_id", "clip_id"])
            .doUpdateSet({ reaction_type: reaction, feedback_reason: feedback }),
        )
        .execute();
      saved = { reaction_type: reaction, feedback_reason: feedback };
    }
    const delta = (reaction === "L" ? 1 : 0) - (previous?.reaction_type === "L" ? 1 : 0);
    const { upvote_count } = await tx
      .updateTable("clips")
      .set({ upvote_count: sql`greatest(0, upvote_count + ${delta})` })
      .where("id", "=", clipId)
      .returning("upvote_count")
      .executeTakeFirstOrThrow();
    return { reaction: saved, upvote_count };
  });
}

/**
 * POST /api/gen/{clip_id}/update_feedback_state/: the reasons (comma-separated) the viewer gives
 * about a song, kept on their reaction. Reasons given without a reaction (a report from the song
 * menu) are a dislike's: a dislike leaves the like count alone, so nothing else moves.
 */
export async function setFeedbackReason(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  feedbackReason: string | null,
): Promise<{ reaction: Clip["reaction"] }> {
  const clip = await findVisibleClip(db, viewerId, clipId);
  if (clip.is_trashed) throw conflict(REACTION_ON_TRASHED);
  const row = await db
    .insertInto("clip_reactions")
    .values({ clip_id: clipId, user_id: viewerId, reaction_type: "D", feedback_reason: feedbackReason })
    .onConflict((oc) => oc.columns(["user_id", "clip_id"]).doUpdateSet({ feedback_reason: feedbackReason }))
    .returning(["reaction_type", "feedback_reason"])
    .executeTakeFirstOrThrow();
  return { reaction: row };
}
