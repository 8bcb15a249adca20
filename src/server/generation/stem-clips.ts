import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import { STEM_NAMES } from "../../generator/score.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { TITLE_MAX } from "../../shared/api/clips.ts";
import { type StemType, stemTypeId, stemTypeLabel } from "../../shared/api/stem-types.ts";
import { isPaywallExempt } from "../billing/entitlements.ts";
import { createClip } from "../clips/clip-store.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import type { ClipStatus, Database, User } from "../db/schema.ts";
import { conflict, forbidden } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { partStemType } from "./part-stem-types.ts";
import { storedScore } from "./reference-audio.ts";
import { storedStemsSchema } from "./song-outputs.ts";
import { type UsableClip, usableClip } from "./usable-clips.ts";

export const NO_STEMS = "Stems are available for songs made by Tunesmith's generator";

const generatorStemName = z.enum(STEM_NAMES);

/** The song's title with the stem's label: "Song (Backing Vocals)", cut to fit. */
const stemTitle = (title: string, label: string) => {
  const suffix = ` (${label})`;
  return `${(title || "Untitled").slice(0, TITLE_MAX - suffix.length)}${suffix}`;
};

/** The stem clips made of a song for its owner, in their order. */
export const existingStemClips = (query: Kysely<Database>, userId: string, clipId: string) =>
  query
    .selectFrom("clips")
    .select("id")
    .where("user_id", "=", userId)
    .where("is_trashed", "=", false)
    .where(sql<boolean>`clips.metadata->>'stem_from_id' = ${clipId}`)
    .where(sql<boolean>`clips.metadata->>'type' = 'stem'`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** One stem clip to make of a song: a type of STEM_TYPES, or a label of its own (the separation's Other). */
export interface NewStemClip {
  readonly id: string;
  readonly type: StemType | { readonly label: string };
  readonly status: ClipStatus;
  readonly audioKey: string | null;
}

/** Makes the stem clips of `song` in the transaction, in order (the feed sorts by creation time). */
export async function createStemClips(
  trx: Transaction<Database>,
  song: UsableClip,
  stems: readonly NewStemClip[],
): Promise<void> {
  const now = Date.now();
  const seen = new Map<string, number>();
  for (const [i, stem] of stems.entries()) {
    const typed = typeof stem.type === "string" ? stem.type : null;
    const base = typed ? stemTypeLabel(typed) : (stem.type as { label: string }).label;
    // Two parts of one type (a synth pad and a synth lead) are told apart by number.
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const label = count > 1 ? `${base} ${count}` : base;
    const metadata: ClipMetadata = {
      type: "stem",
      task: "stem",
      stem_from_id: song.id,
      stem_type_id: typed ? stemTypeId(typed) : null,
      stem_type_group_name: typed ?? label,
      tags: song.metadata.tags ?? null,
      duration: song.duration,
      has_vocal: typed === "Vocals" || typed === "Backing_Vocals",
    };
    await createClip(trx, {
      id: stem.id,
      userId: song.userId,
      title: stemTitle(song.title, label),
      status: stem.status,
      audioKey: stem.audioKey,
      rootClipId: song.id,
      metadata,
      createdAt: new Date(now + i),
    });
  }
}

/** Makes the stems of a song the generator's parts do not cover (src/server/separation). */
export type SeparateSong = (user: User, song: UsableClip) => Promise<string[]>;

/**
 * 001 Get Stems: the song's stems as clips of their own (type stem), made once; asking again
 * answers the same clips. A song of the built-in generator gets its own parts, which sum to the
 * song, each labelled with its stem type and with its own copy of the audio (deleting one never
 * touches the song's files); any other song is separated by `separate`.
 */
export async function stemClipsFor(
  db: Kysely<Database>,
  storage: Storage,
  user: User,
  clipId: string,
  separate: SeparateSong,
): Promise<string[]> {
  if (!(user.plan_key === "pro" || user.plan_key === "premier" || isPaywallExempt(user))) {
    throw forbidden("Get Stems needs a Pro or Premier plan");
  }
  const clip = await usableClip(db, user.id, clipId);
  const existing = await existingStemClips(db, user.id, clipId);
  if (existing.length > 0) return existing.map((row) => row.id);
  const generated = await db
    .selectFrom("generated_clips")
    .select(["stems", "score"])
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  const stems = storedStemsSchema.safeParse(generated?.stems ?? null);
  if (!stems.success || stems.data.length === 0) return separate(user, clip);
  const score = storedScore(generated?.score);
  // The copies are made first, then the clips in one transaction that holds the song's row: of two
  // concurrent calls one makes the clips, the other finds them and drops its copies.
  const copies = await Promise.all(
    stems.data.map(async (stem): Promise<NewStemClip> => {
      const name = generatorStemName.safeParse(stem.name);
      if (!name.success) throw conflict(NO_STEMS);
      const id = crypto.randomUUID();
      const audioKey = clipMediaKey(id, "audio", "wav");
      // Copied inside the store: a 3-minute float stem is tens of megabytes.
      await storage.copy(stem.key, audioKey);
      return { id, type: partStemType(name.data, score), status: "complete", audioKey };
    }),
  );
  const made = await db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("generated_clips")
      .select("clip_id")
      .where("clip_id", "=", clipId)
      .forUpdate()
      .execute();
    const raced = await existingStemClips(trx, user.id, clipId);
    if (raced.length > 0) return { ids: raced.map((row) => row.id), fresh: false };
    await createStemClips(trx, clip, copies);
    return { ids: copies.map((copy) => copy.id), fresh: true };
  });
  if (!made.fresh) {
    await Promise.all(copies.map((copy) => (copy.audioKey ? storage.delete(copy.audioKey) : undefined)));
  }
  return made.ids;
}
