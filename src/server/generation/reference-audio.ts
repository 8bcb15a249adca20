import type { Kysely } from "kysely";
import { resamplePcm } from "../../engine/node.ts";
import { parseScore } from "../../generator/compose/score-schema.ts";
import { GENERATOR_SAMPLE_RATE, type Generator } from "../../generator/generator.ts";
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
  const audio = await generatorAudio(stored.bytes);
  if (!audio) throw new ReferenceGoneError(`The song ${clipId} this was made from has no audio`);
  return referenceClip(stored, audio);
}

/** Stored audio as the generator takes it: decoded, at the generator's rate; null when it has none. */
export async function generatorAudio(bytes: Buffer): Promise<PcmAudio | null> {
  const decoded = await decodeAudio(bytes);
  if (decoded.channels.length === 0 || decoded.sampleRate <= 0) return null;
  const channels =
    decoded.sampleRate === GENERATOR_SAMPLE_RATE
      ? decoded.channels
      : resamplePcm(newServerDsp(), decoded.channels, decoded.sampleRate, GENERATOR_SAMPLE_RATE);
  return { sampleRate: GENERATOR_SAMPLE_RATE, channels };
}

/**
 * Hands the generator rendering in this process audio about to be a source (the studio's context
 * render), so it can start on it; none when no generator renders here (0: only `npm run worker`s).
 */
export function sourcePreparer(
  generator: Generator | null | undefined,
  concurrency: number | undefined,
): ((wav: Buffer) => void) | undefined {
  const prepare = generator?.prepare?.bind(generator);
  if (!prepare || concurrency === 0) return undefined;
  return (wav) => {
    // Only a head start: the generation decodes and analyses for itself if this fails.
    generatorAudio(wav)
      .then((audio) => audio && prepare(audio))
      .catch(() => {});
  };
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
