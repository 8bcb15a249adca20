import { type Kysely, sql } from "kysely";
import { type ClipMetadata, type ClipStatus, clipMetadataSchema, TITLE_MAX } from "../../shared/api/clips.ts";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import type { ClipRow, Database } from "../db/schema.ts";

/**
 * A clip to create. Media are storage keys (see clipMediaKey in media-urls.ts for the usual
 * naming): the server derives the URLs it serves them at. Pass `id` when the media are stored
 * under the clip's id before the row exists.
 */
export interface NewClip {
  readonly userId: string;
  readonly id?: string;
  readonly title?: string;
  readonly status?: ClipStatus;
  readonly caption?: string;
  readonly audioKey?: string | null;
  readonly imageKey?: string | null;
  readonly videoKey?: string | null;
  readonly isPublic?: boolean;
  readonly modelName?: string;
  readonly majorModelVersion?: string;
  readonly rootClipId?: string | null;
  readonly projectId?: string | null;
  readonly personaId?: string | null;
  /** Validated against clipMetadataSchema: an unknown or mistyped field throws. */
  readonly metadata?: ClipMetadata;
  /** When the clip was made, if not now (imports keep their original time). */
  readonly createdAt?: Date;
}

/** What a module may change on its clip later (a generator finishing, an upload being processed). */
export interface ClipUpdate {
  readonly title?: string;
  readonly status?: ClipStatus;
  readonly audioKey?: string | null;
  readonly imageKey?: string | null;
  readonly videoKey?: string | null;
  readonly modelName?: string;
  readonly majorModelVersion?: string;
  /** Merged into the stored metadata, field by field; a null value stores null. */
  readonly metadata?: ClipMetadata;
}

function validMetadata(metadata: ClipMetadata | undefined): string {
  const result = clipMetadataSchema.safeParse(metadata ?? {});
  if (!result.success) throw new Error(`Invalid clip metadata: ${summarizeIssues(result.error)}`);
  return JSON.stringify(result.data);
}

function validTitle(title: string | undefined): string | undefined {
  if (title !== undefined && title.length > TITLE_MAX) {
    throw new Error(`Clip titles are at most ${TITLE_MAX} characters`);
  }
  return title;
}

/**
 * Creates a clip in a user's library: the one way other modules (uploads, the generator, the
 * studio's exports, the demo seed) add clips. Throws on invalid metadata or an over-long title,
 * which are programming errors, not user input. New clips are private unless isPublic is set.
 */
export async function createClip(db: Kysely<Database>, clip: NewClip): Promise<ClipRow> {
  return db
    .insertInto("clips")
    .values({
      ...(clip.id ? { id: clip.id } : {}),
      user_id: clip.userId,
      title: validTitle(clip.title) ?? "",
      status: clip.status ?? "complete",
      caption: clip.caption ?? "",
      audio_key: clip.audioKey ?? null,
      image_key: clip.imageKey ?? null,
      video_key: clip.videoKey ?? null,
      is_public: clip.isPublic ?? false,
      model_name: clip.modelName ?? "",
      major_model_version: clip.majorModelVersion ?? "",
      root_clip_id: clip.rootClipId ?? null,
      project_id: clip.projectId ?? null,
      persona_id: clip.personaId ?? null,
      metadata: sql<Record<string, unknown>>`${validMetadata(clip.metadata)}::jsonb`,
      // schema.ts nests Timestamp in Generated, which hides that a Date is a valid insert.
      ...(clip.createdAt ? { created_at: clip.createdAt as never } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Applies a module's change to its clip; undefined if the clip is gone (deleted meanwhile). */
export async function updateClip(
  db: Kysely<Database>,
  clipId: string,
  update: ClipUpdate,
): Promise<ClipRow | undefined> {
  // New audio under a rendered video leaves the video behind: it is offered for regeneration.
  const replacesAudio = update.audioKey !== undefined && update.videoKey === undefined;
  const staleVideo = replacesAudio
    ? sql`case when clips.video_key is null then '{}'::jsonb else '{"video_is_stale": true}'::jsonb end`
    : sql`'{}'::jsonb`;
  const changes = {
    title: validTitle(update.title),
    status: update.status,
    audio_key: update.audioKey,
    image_key: update.imageKey,
    video_key: update.videoKey,
    model_name: update.modelName,
    major_model_version: update.majorModelVersion,
    metadata:
      update.metadata === undefined && !replacesAudio
        ? undefined
        : sql<
            Record<string, unknown>
          >`clips.metadata || ${validMetadata(update.metadata ?? {})}::jsonb || ${staleVideo}`,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) {
    return db.selectFrom("clips").selectAll().where("id", "=", clipId).executeTakeFirst();
  }
  return db.updateTable("clips").set(set).where("id", "=", clipId).returningAll().executeTakeFirst();
}
