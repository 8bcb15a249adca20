import type { Kysely } from "kysely";
import { resamplePcm } from "../../engine/node.ts";
import { parseScore } from "../../generator/compose/score-schema.ts";
import { GENERATOR_SAMPLE_RATE } from "../../generator/generator.ts";
import type { Score } from "../../generator/score.ts";
import type { PcmAudio, ReferenceClip } from "../../generator/song-request.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { decodeAudio, readStored } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";

/** A reference that went away between the request and its job (deleted, audio gone). */
export class ReferenceGoneError extends Error {}

/** A clip a job builds on, as stored: its row and its audio's bytes. */
export async function storedReference(db: Kysely<Database>, storage: Storage, clipId: string) {
  const row = await db
    .selectFrom("clips")
    .leftJoin("generated_clips", "generated_clips.clip_id", "clips.id")
    .select(["clips.id", "clips.audio_key", "clips.metadata", "generated_clips.score"])
    .where("clips.id", "=", clipId)
    .executeTakeFirst();
  if (!row?.audio_key) throw new ReferenceGoneError(`The song ${clipId} this was made from is gone`);
  return { row, bytes: await readStored(storage, row.audio_key) };
}

type StoredReference = Awaited<ReturnType<typeof storedReference>>;

/**
 * The reference as the generator takes it, with `audio` as given: the decoded audio, or (for a task
 * made from the stored bytes, which never reads it) none.
 */
export function referenceClip({ row }: StoredReference, audio: PcmAudio): ReferenceClip {
  const metadata = row.metadata as ClipMetadata;
  return {
    clipId: row.id,
    audio,
    // Stored by an earlier generator version, a score that no longer reads is not built on.
    score: storedScore(row.score),
    tags: metadata.tags ?? "",
    lyrics: metadata.prompt ?? "",
  };
}

/**
 * A clip a job builds on, as the generator takes it: its audio decoded at the generator's rate (an
 * upload keeps its own rate in storage), and the score our generator kept for it, if any.
 */
export async function loadReferenceClip(
  db: Kysely<Database>,
  storage: Storage,
  clipId: string,
): Promise<ReferenceClip> {
  const stored = await storedReference(db, storage, clipId);
  const decoded = await decodeAudio(stored.bytes);
  if (decoded.channels.length === 0 || decoded.sampleRate <= 0) {
    throw new ReferenceGoneError(`The song ${clipId} this was made from has no audio`);
  }
  const channels =
    decoded.sampleRate === GENERATOR_SAMPLE_RATE
      ? decoded.channels
      : resamplePcm(newServerDsp(), decoded.channels, decoded.sampleRate, GENERATOR_SAMPLE_RATE);
  return referenceClip(stored, { sampleRate: GENERATOR_SAMPLE_RATE, channels });
}

/** A stored score that still reads, or null (none kept, or kept by an older generator version). */
export function storedScore(value: unknown): Score | null {
  if (value === null || value === undefined) return null;
  try {
    return parseScore(value);
  } catch {
    return null;
  }
}
