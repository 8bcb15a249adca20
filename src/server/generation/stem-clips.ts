import { type Kysely, sql } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { TITLE_MAX } from "../../shared/api/clips.ts";
import { isPaywallExempt } from "../billing/entitlements.ts";
import { readStored } from "../clips/clip-audio.ts";
import { createClip } from "../clips/clip-store.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import type { Database, User } from "../db/schema.ts";
import { conflict, forbidden } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { putBytes, storedStemsSchema } from "./song-outputs.ts";
import { usableClip } from "./usable-clips.ts";

export const NO_STEMS = "Stems are available for songs made by Tunesmith's generator";

const stemTitle = (title: string, name: string) => {
  const suffix = ` (${name[0].toUpperCase()}${name.slice(1)})`;
  return `${(title || "Untitled").slice(0, TITLE_MAX - suffix.length)}${suffix}`;
};

/**
 * 001 Get Stems: the song's stems as clips of their own (type stem), made once; asking again
 * answers the same clips. Each stem clip has its own copy of the audio, so deleting one never
 * touches the song's files.
 */
export async function stemClipsFor(
  db: Kysely<Database>,
  storage: Storage,
  user: User,
  clipId: string,
): Promise<string[]> {
  if (!(user.plan_key === "pro" || user.plan_key === "premier" || isPaywallExempt(user))) {
    throw forbidden("Get Stems needs a Pro or Premier plan");
  }
  const clip = await usableClip(db, user.id, clipId);
  const existingStems = (query: Kysely<Database>) =>
    query
      .selectFrom("clips")
      .select("id")
      .where("user_id", "=", user.id)
      .where("is_trashed", "=", false)
      .where(sql<boolean>`clips.metadata->>'stem_from_id' = ${clipId}`)
      .where(sql<boolean>`clips.metadata->>'type' = 'stem'`)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  const existing = await existingStems(db);
  if (existing.length > 0) return existing.map((row) => row.id);
  const generated = await db
    .selectFrom("generated_clips")
    .select("stems")
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  const stems = storedStemsSchema.safeParse(generated?.stems ?? null);
  if (!stems.success || stems.data.length === 0) throw conflict(NO_STEMS);
  // The copies are made first, then the clips in one transaction that holds the song's row: of two
  // concurrent calls one makes the clips, the other finds them and drops its copies.
  const copies: { id: string; audioKey: string; name: string }[] = [];
  for (const stem of stems.data) {
    const id = crypto.randomUUID();
    const audioKey = clipMediaKey(id, "audio", "wav");
    await putBytes(storage, audioKey, await readStored(storage, stem.key), "audio/wav");
    copies.push({ id, audioKey, name: stem.name });
  }
  const made = await db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("generated_clips")
      .select("clip_id")
      .where("clip_id", "=", clipId)
      .forUpdate()
      .execute();
    const raced = await existingStems(trx);
    if (raced.length > 0) return { ids: raced.map((row) => row.id), fresh: false };
    const now = Date.now();
    for (const [i, copy] of copies.entries()) {
      const metadata: ClipMetadata = {
        type: "stem",
        task: "stem",
        stem_from_id: clipId,
        stem_type_group_name: copy.name,
        tags: clip.metadata.tags ?? null,
        duration: clip.duration,
        has_vocal: copy.name === "vocals",
      };
      await createClip(trx, {
        id: copy.id,
        userId: user.id,
        title: stemTitle(clip.title, copy.name),
        status: "complete",
        audioKey: copy.audioKey,
        rootClipId: clipId,
        metadata,
        // In the stems' order: the feed sorts by creation time.
        createdAt: new Date(now + i),
      });
    }
    return { ids: copies.map((copy) => copy.id), fresh: true };
  });
  if (!made.fresh) await Promise.all(copies.map((copy) => storage.delete(copy.audioKey)));
  return made.ids;
}
