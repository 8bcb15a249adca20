// The song menu's settings of one song: comments, remixes, prompt, display tags. The owner's alone:
// anyone else gets the 404 of a song that is not there, and nothing changes.

import { type Kysely, sql } from "kysely";
import { NOT_A_PREVIEW, type RemixPermission } from "../../shared/api/clip-settings.ts";
import type { Clip, ClipMetadata } from "../../shared/api/clips.ts";
import { CONTEST_REMIXES_LOCKED } from "../../shared/song-menu/menu-context.ts";
import type { Database } from "../db/schema.ts";
import { conflict, notFound } from "../http/errors.ts";
import { CLIP_NOT_FOUND, type ClipViewRow, findVisibleClip } from "./clip-repository.ts";
import { clipView } from "./clip-view.ts";

/** The viewer's own song, or a 404 that says no more than a missing one would. */
export async function findOwnSong(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
): Promise<ClipViewRow> {
  const clip = await findVisibleClip(db, viewerId, clipId);
  if (clip.user_id !== viewerId) throw notFound(CLIP_NOT_FOUND);
  return clip;
}

type Change = {
  readonly metadata?: Partial<ClipMetadata>;
  readonly allow_comments?: boolean;
  readonly display_tags?: string;
};

/** Writes the change to the owner's song and answers it as the pages read it. */
async function changeOwnSong(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  change: Change,
): Promise<Clip> {
  await db
    .updateTable("clips")
    .set({
      ...(change.allow_comments !== undefined ? { allow_comments: change.allow_comments } : {}),
      ...(change.display_tags !== undefined ? { display_tags: change.display_tags } : {}),
      ...(change.metadata
        ? {
            metadata: sql<
              Record<string, unknown>
            >`clips.metadata || ${JSON.stringify(change.metadata)}::jsonb`,
          }
        : {}),
    })
    .where("id", "=", clipId)
    .where("user_id", "=", viewerId)
    .execute();
  return clipView(await findVisibleClip(db, viewerId, clipId), viewerId);
}

/** POST /api/gen/{clip_id}/toggle_comments/. */
export async function toggleComments(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  canComment: boolean,
) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { allow_comments: canComment });
}

/** POST /api/clips/{clip_id}/toggle_remixes/: a song in a contest keeps its remixes allowed. */
export async function toggleRemixes(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  canRemix: boolean,
) {
  const clip = await findOwnSong(db, viewerId, clipId);
  const metadata = clip.metadata as ClipMetadata;
  if ((metadata.contest_ids?.length ?? 0) > 0) throw conflict(CONTEST_REMIXES_LOCKED);
  return changeOwnSong(db, viewerId, clipId, { metadata: { can_remix: canRemix } });
}

/** POST /api/clips/{clip_id}/toggle_show_remixes. */
export async function toggleShowRemixes(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  show: boolean,
) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { metadata: { show_remix: show } });
}

/** POST /api/clips/{clip_id}/set_remix_type. */
export async function setRemixType(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  remix: RemixPermission,
) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { metadata: { remix } });
}

/** POST /api/gen/{clip_id}/set_clip_prompt/: the song's lyrics. */
export async function setClipPrompt(db: Kysely<Database>, viewerId: string, clipId: string, prompt: string) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { metadata: { prompt, lyrics_updated: true } });
}

/** POST /api/gen/{clip_id}/set_display_tags. */
export async function setDisplayTags(db: Kysely<Database>, viewerId: string, clipId: string, tags: string) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { display_tags: tags.trim() });
}

/** POST /api/gen/{clip_id}/set_configurations/: the settings the song was made with, replaced whole. */
export async function setConfigurations(
  db: Kysely<Database>,
  viewerId: string,
  clipId: string,
  configurations: Record<string, unknown>,
) {
  await findOwnSong(db, viewerId, clipId);
  return changeOwnSong(db, viewerId, clipId, { metadata: { configurations } });
}

/**
 * POST /api/gen/{clip_id}/unlock-preview: a preview becomes the full song (type gen), which the
 * pages' polling then sees. Only a preview can be unlocked; a second call finds none left.
 */
export async function unlockPreview(db: Kysely<Database>, viewerId: string, clipId: string) {
  const clip = await findOwnSong(db, viewerId, clipId);
  if ((clip.metadata as ClipMetadata).type !== "preview") throw conflict(NOT_A_PREVIEW);
  return changeOwnSong(db, viewerId, clipId, { metadata: { type: "gen" } });
}

/**
 * POST /api/clips/set_all_remix_permissions/: every song of the viewer's at once, except those in a
 * contest (their remixes stay allowed). Answers how many changed.
 */
export async function setAllRemixPermissions(db: Kysely<Database>, viewerId: string, canRemix: boolean) {
  const rows = await db
    .updateTable("clips")
    .set({
      metadata: sql<
        Record<string, unknown>
      >`clips.metadata || ${JSON.stringify({ can_remix: canRemix })}::jsonb`,
    })
    .where("user_id", "=", viewerId)
    .where(sql<boolean>`coalesce(jsonb_array_length(clips.metadata->'contest_ids'), 0) = 0`)
    .returning("id")
    .execute();
  return { updated: rows.length };
}
