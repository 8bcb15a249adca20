// Notifications about songs beyond likes and comments: a remix of someone's song, people named in a
// song's caption, a followed person's newly published song, a song shared with friends, and a liked
// playlist.

import { type RaiseContext, raise, raiseAboutClip } from "./raise.ts";

/** Followers told per batch when a song is published: a popular person's followers come in turns. */
const FOLLOWERS_PER_BATCH = 200;

/** Someone made a song from another person's song (cover, extend, replace section, paint, stems). */
export const raiseClipRemix = (ctx: RaiseContext, actorId: string, sourceClipId: string) =>
  raiseAboutClip(ctx, { type: "clip_remix", actorId, clipId: sourceClipId });

/** The people a song's caption names hear of it, once each per song. */
export async function raiseCaptionMentions(
  ctx: RaiseContext,
  actorId: string,
  clipId: string,
  handles: readonly string[],
): Promise<void> {
  if (handles.length === 0) return;
  const clip = await ctx.db.selectFrom("clips").select("title").where("id", "=", clipId).executeTakeFirst();
  if (!clip) return;
  const mentioned = await ctx.db.selectFrom("users").select("id").where("handle", "in", handles).execute();
  for (const { id } of mentioned) {
    await raise(ctx, {
      recipientId: id,
      actorId,
      type: "caption_mention",
      subject: clipId,
      content: { clip_id: clipId, title: clip.title },
    });
  }
}

/**
 * A song was published: its author's followers hear of it, once per song however often it is
 * unpublished and published again. Runs after the answer, in batches, so publishing never waits on
 * a large following.
 */
export async function raiseFolloweeRelease(
  ctx: RaiseContext,
  actorId: string,
  clipId: string,
): Promise<void> {
  const clip = await ctx.db
    .selectFrom("clips")
    .select(["title", "is_public"])
    .where("id", "=", clipId)
    .executeTakeFirst();
  if (!clip?.is_public) return;
  let after: string | null = null;
  for (;;) {
    let batch = ctx.db.selectFrom("follows").select("follower_id").where("followee_id", "=", actorId);
    if (after !== null) batch = batch.where("follower_id", ">", after);
    const followers = await batch.orderBy("follower_id").limit(FOLLOWERS_PER_BATCH).execute();
    for (const { follower_id } of followers) {
      await raise(ctx, {
        recipientId: follower_id,
        actorId,
        type: "clip_create_followee",
        subject: clipId,
        content: { clip_id: clipId, title: clip.title },
      });
    }
    if (followers.length < FOLLOWERS_PER_BATCH) return;
    after = followers[followers.length - 1].follower_id;
  }
}

/** Share with friends: each person the sharer named hears of the song (once per sharer and song). */
export async function raiseShareClip(
  ctx: RaiseContext,
  actorId: string,
  clipId: string,
  recipientIds: readonly string[],
): Promise<void> {
  const clip = await ctx.db.selectFrom("clips").select("title").where("id", "=", clipId).executeTakeFirst();
  if (!clip) return;
  for (const recipientId of recipientIds) {
    await raise(ctx, {
      recipientId,
      actorId,
      type: "share_clip",
      subject: clipId,
      content: { clip_id: clipId, title: clip.title },
    });
  }
}

/** Someone liked a playlist: its owner hears of it. */
export async function raisePlaylistLike(
  ctx: RaiseContext,
  actorId: string,
  playlistId: string,
): Promise<void> {
  const playlist = await ctx.db
    .selectFrom("playlists")
    .select(["user_id", "name"])
    .where("id", "=", playlistId)
    .executeTakeFirst();
  if (!playlist) return;
  await raise(ctx, {
    recipientId: playlist.user_id,
    actorId,
    type: "playlist_like",
    subject: playlistId,
    content: { playlist_id: playlistId, title: playlist.name },
  });
}
