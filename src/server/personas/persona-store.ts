import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { pageInfo } from "../../shared/api/paged.ts";
import {
  PERSONA_NOT_FOUND,
  PERSONA_PAGE_SIZE,
  type Persona,
  type PersonaListResponse,
} from "../../shared/api/personas.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

/**
 * A persona may be seen by its owner, and by everyone while it is public and not trashed: the
 * same rule as clips.
 */
export const personaVisibleTo = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`(personas.user_id = ${viewerId} or (personas.is_public and not personas.is_trashed))`
    : sql<boolean>`(personas.is_public and not personas.is_trashed)`;

/** clips.ts's visibility rule for the persona's songs (alias pc), beside its root clip (clips). */
const clipVisibleTo = (viewerId: string | null) =>
  viewerId
    ? sql<boolean>`(pc.user_id = ${viewerId} or (pc.is_public and not pc.is_trashed))`
    : sql<boolean>`(pc.is_public and not pc.is_trashed)`;

/** Personas with their owner, root clip and the viewer's marks, as personaView reads them. */
export function selectPersonas(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom("personas")
    .innerJoin("users", "users.id", "personas.user_id")
    .innerJoin("clips", "clips.id", "personas.root_clip_id")
    .selectAll("personas")
    .select([
      "users.handle as user_handle",
      "users.display_name as user_display_name",
      "clips.title as clip_title",
      "clips.image_key as clip_image_key",
      "clips.audio_key as clip_audio_key",
      "clips.major_model_version as clip_major_model_version",
      "clips.metadata as clip_metadata",
      sql<boolean>`exists (select 1 from persona_loves pl where pl.persona_id = personas.id and pl.user_id = ${viewerId})`.as(
        "is_loved",
      ),
      sql<boolean>`exists (select 1 from persona_follows pf where pf.persona_id = personas.id and pf.user_id = ${viewerId})`.as(
        "is_following",
      ),
      sql<number>`(select count(*) from persona_follows pf where pf.persona_id = personas.id)::int`.as(
        "follower_count",
      ),
      sql<number>`(select count(*) from clips pc where pc.persona_id = personas.id and ${clipVisibleTo(viewerId)})::int`.as(
        "clip_count",
      ),
    ]);
}

type PersonaQuery = ReturnType<typeof selectPersonas>;
export type PersonaViewRow =
  PersonaQuery extends SelectQueryBuilder<Database, never, infer Row> ? Row : never;

export function personaView(row: PersonaViewRow, viewerId: string | null): Persona {
  // Written only through clipMetadataSchema (clip-store.ts).
  const metadata = row.clip_metadata as ClipMetadata;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    root_clip_id: row.root_clip_id,
    image_s3_id: row.image_s3_id,
    image_url: row.image_url,
    clip: {
      id: row.root_clip_id,
      title: row.clip_title,
      image_url: clipMediaUrl(row.root_clip_id, "image", row.clip_image_key),
      audio_url: clipMediaUrl(row.root_clip_id, "audio", row.clip_audio_key),
      major_model_version: row.clip_major_model_version,
      metadata: {
        tags: metadata.tags ?? null,
        negative_tags: metadata.negative_tags ?? null,
        has_vocal: metadata.has_vocal ?? null,
        duration: metadata.duration ?? null,
      },
    },
    user_id: row.user_id,
    user_handle: row.user_handle,
    user_display_name: row.user_display_name,
    is_public: row.is_public,
    is_trashed: row.is_trashed,
    is_owned: viewerId === row.user_id,
    is_loved: row.is_loved,
    is_following: row.is_following,
    upvote_count: row.upvote_count,
    follower_count: row.follower_count,
    clip_count: row.clip_count,
    created_at: (row.created_at as unknown as Date).toISOString(),
  };
}

/** The persona if the viewer may see it; otherwise a 404 that tells nothing more. */
export async function findVisiblePersona(
  db: Kysely<Database>,
  viewerId: string | null,
  personaId: string,
): Promise<PersonaViewRow> {
  const row = await selectPersonas(db, viewerId)
    .where("personas.id", "=", personaId)
    .where(personaVisibleTo(viewerId))
    .executeTakeFirst();
  if (!row) throw notFound(PERSONA_NOT_FOUND);
  return row;
}

/**
 * The newest untrashed persona made from the clip that the viewer may see (
 * use_persona={clipId} names a song); otherwise a 404.
 */
export async function findVisiblePersonaByRootClip(
  db: Kysely<Database>,
  viewerId: string | null,
  clipId: string,
): Promise<PersonaViewRow> {
  const row = await selectPersonas(db, viewerId)
    .where("personas.root_clip_id", "=", clipId)
    .where("personas.is_trashed", "=", false)
    .where(personaVisibleTo(viewerId))
    .orderBy("personas.created_at", "desc")
    .orderBy("personas.id", "desc")
    .executeTakeFirst();
  if (!row) throw notFound(PERSONA_NOT_FOUND);
  return row;
}

/** One page of a persona list, with the total, for the pickers. */
export async function personaPage(
  db: Kysely<Database>,
  viewerId: string | null,
  page: number,
  narrow: (query: PersonaQuery) => PersonaQuery,
  order: (query: PersonaQuery) => PersonaQuery = (query) =>
    query.orderBy("personas.created_at", "desc").orderBy("personas.id", "desc"),
): Promise<PersonaListResponse> {
  const filtered = narrow(selectPersonas(db, viewerId));
  const [rows, total] = await Promise.all([
    order(filtered)
      .limit(PERSONA_PAGE_SIZE)
      .offset((page - 1) * PERSONA_PAGE_SIZE)
      .execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    personas: rows.map((row) => personaView(row, viewerId)),
    ...pageInfo(Number(total.count), page, PERSONA_PAGE_SIZE),
  };
}

/** Case-insensitive substring match on a persona's name or description. */
export const personaMatches = (term: string) =>
  sql<boolean>`(strpos(lower(personas.name), lower(${term})) > 0 or strpos(lower(personas.description), lower(${term})) > 0)`;
