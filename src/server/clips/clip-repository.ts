import { type Kysely, sql } from "kysely";
import type { ClipRow, Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

/** A clip with what its JSON needs: the owner's names and the viewer's reaction. */
export interface ClipViewRow extends ClipRow {
  owner_handle: string;
  owner_display_name: string;
  viewer_reaction: "L" | "D" | null;
  viewer_feedback_reason: string | null;
  /** The name of the clip's workspace (0011); null in the default one. */
  project_name: string | null;
  /** A base song of an active contest (0085). */
  is_contest_base: boolean;
  /** Its video (0115) is being made: a render was asked for and has neither finished nor failed. */
  is_video_pending: boolean;
  /** The clip's persona when the viewer may see it (public and not trashed, or their own); else null. */
  persona_name: string | null;
  persona_is_public: boolean | null;
  persona_root_clip_id: string | null;
  persona_image_s3_id: string | null;
}

/**
 * 001: a clip is visible if it is public and not trashed, or if it is the viewer's own. Everything
 * that reads a clip for someone goes through this rule.
 */
export const visibleTo = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`(clips.user_id = ${viewerId} or (clips.is_public and not clips.is_trashed))`
    : sql<boolean>`(clips.is_public and not clips.is_trashed)`;

/** Columns of Row, all of them: a list that lacks one fails to compile, naming it as `missing`. */
const everyColumn =
  <Row>() =>
  <const Columns extends readonly (keyof Row)[]>(
    columns: Columns &
      ([Exclude<keyof Row, Columns[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof Row, Columns[number]> }),
  ): Columns =>
    columns;

/** The columns of ClipRow, named: a clip's search column (0012) stays in the database. */
export const CLIP_COLUMNS = everyColumn<ClipRow>()([
  "id",
  "user_id",
  "title",
  "status",
  "caption",
  "audio_key",
  "image_key",
  "video_key",
  "video_cover_key",
  "is_public",
  "is_trashed",
  "is_pinned",
  "allow_comments",
  "play_count",
  "upvote_count",
  "model_name",
  "major_model_version",
  "root_clip_id",
  "project_id",
  "persona_id",
  "metadata",
  "created_at",
  "caption_mentions",
  "display_tags",
  "pinned_at",
]);

/**
 * The viewer may see workspace w: they own it, or it is shared and they accepted its invite (the
 * rule of workspaces/members.ts in SQL). Anonymous viewers see none.
 */
const seesWorkspace = (viewerId: string | null) => sql<boolean>`(w.user_id = ${viewerId}
  or (w.is_shared and not w.is_trashed and exists(select 1 from workspace_invites i
    where i.workspace_id = w.id and i.invited_user_id = ${viewerId} and i.status = 'accepted')))`;

/**
 * Clips with their owners and the viewer's reaction (alias vr), not yet filtered. The workspace's
 * name comes only when the viewer may see the workspace.
 */
export function selectClips(db: Kysely<Database>, viewerId: string | null) {
  return (
    db
      .selectFrom("clips")
      .innerJoin("users", "users.id", "clips.user_id")
      .leftJoin("clip_reactions as vr", (join) =>
        join.onRef("vr.clip_id", "=", "clips.id").on(sql<boolean>`vr.user_id = ${viewerId}`),
      )
      // A persona shows its name and avatar only to those who may open its page.
      .leftJoin("personas as vp", (join) =>
        join
          .onRef("vp.id", "=", "clips.persona_id")
          .on(sql<boolean>`((vp.is_public and not vp.is_trashed) or vp.user_id = ${viewerId})`),
      )
      .select(CLIP_COLUMNS.map((column) => `clips.${column}` as const))
      .select([
        "users.handle as owner_handle",
        "users.display_name as owner_display_name",
        "vr.reaction_type as viewer_reaction",
        "vr.feedback_reason as viewer_feedback_reason",
        "vp.name as persona_name",
        "vp.is_public as persona_is_public",
        "vp.root_clip_id as persona_root_clip_id",
        "vp.image_s3_id as persona_image_s3_id",
      ])
      .select(
        sql<string | null>`(select w.name from workspaces w where w.id = clips.project_id
        and ${seesWorkspace(viewerId)})`.as("project_name"),
      )
      .select(
        sql<boolean>`exists(select 1 from contest_base_clips b join contests c on c.id = b.contest_id
        where b.clip_id = clips.id and c.is_active)`.as("is_contest_base"),
      )
      .select(
        sql<boolean>`exists(select 1 from song_videos v
        where v.clip_id = clips.id and v.status = 'pending')`.as("is_video_pending"),
      )
  );
}

export const CLIP_NOT_FOUND = "Clip not found";

/**
 * A clip in a shared workspace the viewer belongs to (its owner or an accepted collaborator, the
 * rule of workspaces/members.ts in SQL): members play and open each other's songs there, private
 * or not, while it is not trashed.
 */
const inViewersSharedWorkspace = (viewerId: string) => sql<boolean>`(clips.project_id is not null
  and not clips.is_trashed
  and exists(select 1 from workspaces w where w.id = clips.project_id and w.is_shared and not w.is_trashed
    and ${seesWorkspace(viewerId)}))`;

/** The clip rule, widened to the songs of the shared workspaces the viewer belongs to. */
export const visibleToMember = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`(${visibleTo(viewerId)} or ${inViewersSharedWorkspace(viewerId)})`
    : visibleTo(null);

/**
 * The clip if the viewer may see it (or, opened one at a time, a song of a shared workspace they
 * belong to); otherwise (missing, private, trashed) a 404 that tells nothing more.
 */
export async function findVisibleClip(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
): Promise<ClipViewRow> {
  const row = await selectClips(db, viewerId)
    .where("clips.id", "=", clipId)
    .where(visibleToMember(viewerId))
    .executeTakeFirst();
  if (!row) throw notFound(CLIP_NOT_FOUND);
  return row;
}

/** The visible ones of these clips, in the order asked for; missing and hidden ones are left out. */
export async function findVisibleClips(
  db: Kysely<Database>,
  viewerId: string | null,
  ids: readonly string[],
): Promise<ClipViewRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectClips(db, viewerId)
    .where("clips.id", "in", [...new Set(ids)])
    .where(visibleTo(viewerId))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}
