import { type Kysely, sql } from "kysely";
import type { GenerationTask } from "../../generator/song-request.ts";
import type { ModelDefinition } from "../../shared/api/billing.ts";
import type { GenerateBody } from "../../shared/api/generate.ts";
import { INSPIRATION_CLIPS_MAX } from "../../shared/create/conditions.ts";
import { modelShortfall } from "../../shared/create/model-rules.ts";
import { findReference, type Reference } from "../../shared/create/references.ts";
import { taskForReferences } from "../../shared/create/task-derivation.ts";
import { referenceOptionsFromWireBody, referencesFromWireBody } from "../../shared/create/wire-references.ts";
import { isPaywallExempt } from "../billing/entitlements.ts";
import type { Database, User } from "../db/schema.ts";
import { badRequest, forbidden, notFound } from "../http/errors.ts";
import { storedScore } from "./reference-audio.ts";
import { type UsableClip, usableClip } from "./usable-clips.ts";

export const NO_ORIGINAL_SONGS = "Please choose a playlist with at least one song you made.";
export const STEMS_NEED_SCORE = "Stems can be generated only for songs made by Tunesmith's generator";

/** Whether the clip has a score our generator kept that still reads (what a stem is rendered from). */
async function hasUsableScore(db: Kysely<Database>, clipId: string): Promise<boolean> {
  const row = await db
    .selectFrom("generated_clips")
    .select("score")
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  return storedScore(row?.score) !== null;
}

/** What a request's references come to once checked: the clips the job builds on, by id. */
export interface ResolvedReferences {
  readonly task: GenerationTask;
  readonly references: readonly Reference[];
  /** The clip the song is made from (extend, infill, cover, paint, stem, or a persona's root). */
  readonly source: UsableClip | null;
  /** Style drawn from these: playlist, samples, and a persona's root when another clip is the source. */
  readonly inspirations: readonly UsableClip[];
  readonly continueAt: number | null;
  /** The range replaced, and the context window it is made from when the request bounds one. */
  readonly infill: InfillRange | null;
  readonly personaId: string | null;
  /** Someone's song this one is made from (extend, replace, cover, paint, stems): its owner hears of the remix. */
  readonly remixOf: UsableClip | null;
  /** The persona root's part whose voice and style are taken (artist_start_s..artist_end_s), when sent. */
  readonly artistRange: { readonly start: number; readonly end: number } | null;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

function checkContinueAt(clip: UsableClip, at: number | null | undefined): number {
  if (at === null || at === undefined || at <= 0) {
    throw badRequest("Extend needs continue_at: the second of the song to continue from");
  }
  if (clip.duration !== null && at > clip.duration) {
    throw badRequest(
      `continue_at (${round(at)} s) is beyond the end of the clip (${round(clip.duration)} s)`,
    );
  }
  return at;
}

export interface InfillRange {
  readonly start: number;
  readonly end: number;
  /** Seconds of the source the new material is made from (end null: to the source's end). */
  readonly context?: { readonly start: number; readonly end: number | null };
}

function checkInfill(
  clip: UsableClip,
  reference: Extract<Reference, { type: "infill" }>,
  around: { readonly history: number | null; readonly future: number | null },
): InfillRange {
  const start = reference.startSeconds ?? (reference.variant === "infill_intro" ? 0 : undefined);
  const end =
    reference.endSeconds ?? (reference.variant === "infill_outro" ? (clip.duration ?? undefined) : undefined);
  if (start === undefined || end === undefined) {
    throw badRequest("Replace section needs infill_start_s and infill_end_s");
  }
  if (end <= start) throw badRequest("infill_end_s must be after infill_start_s");
  if (clip.duration !== null && end > clip.duration + 1e-6) {
    throw badRequest(
      `infill_end_s (${round(end)} s) is beyond the end of the clip (${round(clip.duration)} s)`,
    );
  }
  const context = checkInfillContext(clip, { start, end }, reference, around);
  return context ? { start, end, context } : { start, end };
}

/**
 * The context window of an infill: infill_context_start_s..infill_context_end_s, else
 * include_history_s before the range and include_future_s after it (the other side running to the
 * clip's start or end), else none (the whole clip). It holds the range and lies within the clip.
 */
function checkInfillContext(
  clip: UsableClip,
  range: { readonly start: number; readonly end: number },
  reference: Extract<Reference, { type: "infill" }>,
  around: { readonly history: number | null; readonly future: number | null },
): InfillRange["context"] {
  const { contextStartSeconds, contextEndSeconds } = reference;
  const { history, future } = around;
  if (
    contextStartSeconds === undefined &&
    contextEndSeconds === undefined &&
    history === null &&
    future === null
  ) {
    return undefined;
  }
  const start = contextStartSeconds ?? (history === null ? 0 : Math.max(0, range.start - history));
  let end = contextEndSeconds ?? (future === null ? null : range.end + future);
  if (start > range.start + 1e-6) {
    throw badRequest("infill_context_start_s must be at or before infill_start_s");
  }
  if (end !== null && end < range.end - 1e-6) {
    throw badRequest("infill_context_end_s must be at or after infill_end_s");
  }
  if (end !== null && clip.duration !== null && end > clip.duration + 1e-6) {
    if (contextEndSeconds !== undefined) {
      throw badRequest(
        `infill_context_end_s (${round(end)} s) is beyond the end of the clip (${round(clip.duration)} s)`,
      );
    }
    // include_future_s past the clip's end: the context runs to it.
    end = null;
  }
  return { start, end };
}

/** A reference range starts at least at 0 and before its end; the end lies within the clip (by default its end). */
function checkArtistRange(
  clip: UsableClip,
  start: number | null | undefined,
  end: number | null | undefined,
): { start: number; end: number } | null {
  if ((start === null || start === undefined) && (end === null || end === undefined)) return null;
  const from = start ?? 0;
  const to = end ?? clip.duration;
  if (to === null) throw badRequest("A persona's range needs artist_end_s");
  if (from < 0) throw badRequest("artist_start_s must be at least 0");
  if (to <= from) throw badRequest("artist_end_s must be after artist_start_s");
  if (clip.duration !== null && from >= clip.duration) {
    throw badRequest(
      `artist_start_s (${round(from)} s) is beyond the end of the clip (${round(clip.duration)} s)`,
    );
  }
  return { start: from, end: clip.duration === null ? to : Math.min(to, clip.duration) };
}

async function personaRoot(db: Kysely<Database>, user: User, personaId: string): Promise<UsableClip> {
  if (user.plan_key === "free" && !isPaywallExempt(user)) {
    throw forbidden("Personas need a Pro or Premier plan");
  }
  const persona = await db
    .selectFrom("personas")
    .select(["id", "user_id", "root_clip_id"])
    .where("id", "=", personaId)
    .where("is_trashed", "=", false)
    .where((eb) => eb.or([eb("user_id", "=", user.id), eb("is_public", "=", true)]))
    .executeTakeFirst();
  if (!persona) throw notFound(`Persona ${personaId} not found`);
  return usableClip(db, user.id, persona.root_clip_id, { allowPublicOf: persona.user_id });
}

/** The user's own finished songs in a playlist they may see, in playlist order. */
async function playlistClips(
  db: Kysely<Database>,
  userId: string,
  reference: Extract<Reference, { type: "playlist" }>,
): Promise<UsableClip[]> {
  const playlist = await db
    .selectFrom("playlists")
    .select(["id"])
    .where("id", "=", reference.playlistId)
    .where("is_trashed", "=", false)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("is_public", "=", true)]))
    .executeTakeFirst();
  if (!playlist) throw notFound(`Playlist ${reference.playlistId} not found`);
  let query = db
    .selectFrom("playlist_clips")
    .innerJoin("clips", "clips.id", "playlist_clips.clip_id")
    .select("clips.id")
    .where("playlist_clips.playlist_id", "=", playlist.id)
    .where("clips.user_id", "=", userId)
    .where("clips.status", "=", "complete")
    .where("clips.is_trashed", "=", false)
    .where("clips.audio_key", "is not", null)
    .orderBy("playlist_clips.position")
    .limit(INSPIRATION_CLIPS_MAX);
  if (reference.playlistClipIds.length > 0) {
    query = query.where(sql<boolean>`clips.id::text in (${sql.join(reference.playlistClipIds)})`);
  }
  const rows = await query.execute();
  if (rows.length === 0) throw badRequest(NO_ORIGINAL_SONGS);
  return Promise.all(rows.map((row) => usableClip(db, userId, row.id)));
}

/**
 * Checks a request's references against the combination and model rules and the clips they
 * name (the user's, finished, within range), and derives the task. Every problem is a 4xx with a
 * detail, found before any credit is taken.
 */
export async function resolveRequestReferences(
  db: Kysely<Database>,
  user: User,
  body: GenerateBody,
  model: ModelDefinition,
): Promise<ResolvedReferences> {
  const continueClip = body.continue_clip_id
    ? await usableClip(db, user.id, body.continue_clip_id, { remix: true })
    : null;
  const references = referencesFromWireBody(body, {
    continueClipIsUpload: continueClip?.metadata.type === "upload",
  });
  const resolution = taskForReferences(references, referenceOptionsFromWireBody(body));
  if (!resolution.ok) throw badRequest(resolution.message);
  const shortfall = modelShortfall(model.external_key, references);
  if (shortfall) {
    throw badRequest(
      `${shortfall.feature} needs the ${shortfall.tier} model or newer (${model.external_key} is ${model.tier})`,
    );
  }

  let source: UsableClip | null = null;
  const inspirations: UsableClip[] = [];
  let continueAt: number | null = null;
  let infill: InfillRange | null = null;
  const extend = findReference(references, "extend");
  const infillReference = findReference(references, "infill");
  if (continueClip && extend) {
    continueAt = checkContinueAt(continueClip, body.continue_at);
    source = continueClip;
  }
  if (continueClip && infillReference) {
    infill = checkInfill(continueClip, infillReference, {
      history: body.include_history_s ?? null,
      future: body.include_future_s ?? null,
    });
    source = continueClip;
  }
  const stemClipIds = [
    findReference(references, "gen_stem")?.clipId,
    findReference(references, "stem_condition")?.clipId,
  ];
  for (const clipId of [
    findReference(references, "cover")?.clipId,
    findReference(references, "underpaint")?.clipId,
    findReference(references, "overpaint")?.clipId,
    ...stemClipIds,
  ]) {
    if (!clipId) continue;
    const clip = await usableClip(db, user.id, clipId, { remix: true });
    // A stem is rendered from the song's score: an upload (or another model's song) has none.
    if (stemClipIds.includes(clipId) && !(await hasUsableScore(db, clip.id)))
      throw badRequest(STEMS_NEED_SCORE);
    if (source) inspirations.push(clip);
    else source = clip;
  }
  const remixOf = source;
  const persona = findReference(references, "persona");
  let personaId: string | null = null;
  let artistRange: { start: number; end: number } | null = null;
  if (persona) {
    personaId = body.persona_id ?? null;
    const root = personaId
      ? await personaRoot(db, user, personaId)
      : await usableClip(db, user.id, body.artist_clip_id ?? "");
    artistRange = checkArtistRange(root, body.artist_start_s, body.artist_end_s);
    if (source) inspirations.push(root);
    else source = root;
  }
  const playlist = findReference(references, "playlist");
  if (playlist) inspirations.push(...(await playlistClips(db, user.id, playlist)));
  const samples = findReference(references, "sample");
  if (samples) {
    for (const clipId of new Set(samples.sampleClipIds))
      inspirations.push(await usableClip(db, user.id, clipId, { remix: true }));
  }
  return {
    task: resolution.task ?? "create",
    references,
    source,
    inspirations,
    continueAt,
    infill,
    personaId,
    remixOf,
    artistRange,
  };
}
