import type { Kysely } from "kysely";
import { z } from "zod";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { CONTEST_MESSAGES } from "../../shared/api/contests.ts";
import { othersMayRemix } from "../../shared/clip-actions/remix-rules.ts";
import type { ClipRow, Database } from "../db/schema.ts";
import { conflict, forbidden, notFound } from "../http/errors.ts";

const uuid = z.uuid();

/** A clip a request builds on, with what the checks and the job read of it. */
export interface UsableClip {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly audioKey: string;
  readonly metadata: ClipMetadata;
  /** Seconds, when known. */
  readonly duration: number | null;
}

const asUsable = (row: ClipRow, audioKey: string): UsableClip => {
  const metadata = row.metadata as ClipMetadata;
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    audioKey,
    metadata,
    duration: metadata.duration ?? null,
  };
};

/** Someone else's public song whose owner turned Allow Remixes off. */
export const REMIXES_NOT_ALLOWED = "The owner does not allow remixes of this song";

export const ONLY_OWN_SONGS = "You can only build on your own songs";

/**
 * The clip, when the user may build on it: theirs; with `remix`, also someone else's public song
 * that allows remixes and is no contest entry (a cover, an extend, a replaced section); with
 * `allowPublicOf`, that owner's public song (a public persona's root). Not trashed, complete and with
 * audio. Otherwise a 4xx saying which of these it is not; someone else's private clip answers as
 * missing. Everything else done to a song (edits, remaster, stems, downloads) is its owner's alone.
 */
export async function usableClip(
  db: Kysely<Database>,
  userId: string,
  clipId: string,
  options: {
    readonly allowPublicOf?: string;
    readonly remix?: boolean;
    readonly notCompleteMessage?: string;
  } = {},
): Promise<UsableClip> {
  const missing = notFound(`Clip ${clipId} not found`);
  if (!uuid.safeParse(clipId).success) throw missing;
  const row = await db.selectFrom("clips").selectAll().where("id", "=", clipId).executeTakeFirst();
  if (!row) throw missing;
  const own = row.user_id === userId;
  const allowedOther = options.allowPublicOf !== undefined && row.user_id === options.allowPublicOf;
  if (!own && !allowedOther) {
    if (!row.is_public || row.is_trashed) throw missing;
    if (!options.remix) throw forbidden(ONLY_OWN_SONGS);
    const metadata = row.metadata as ClipMetadata;
    if (!othersMayRemix(metadata)) throw forbidden(REMIXES_NOT_ALLOWED);
    if ((metadata.contest_ids?.length ?? 0) > 0) throw forbidden(CONTEST_MESSAGES.entriesLocked);
  }
  if (row.is_trashed) throw conflict(`Clip ${clipId} is in the trash`);
  if (row.status !== "complete") {
    throw conflict(options.notCompleteMessage ?? `Clip ${clipId} is not finished yet`);
  }
  if (!row.audio_key) throw conflict(`Clip ${clipId} has no audio`);
  return asUsable(row, row.audio_key);
}
