import type { Kysely } from "kysely";
import type { GeneratedSong } from "../../generator/generator.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import { TITLE_MAX } from "../../shared/api/clips.ts";
import { updateClip } from "../clips/clip-store.ts";
import type { Database } from "../db/schema.ts";
import { moveGeneratedClip, UNFINISHED_STATES } from "./job-store.ts";

/** Lyrics without their section tags: what is actually sung. */
const sungWords = (lyrics: string) => lyrics.replace(/\[[^\]]*\]/g, " ").trim();

/**
 * The clip plays from this snapshot now (status streaming). False when the clip is already over
 * (failed by the crash sweep, or deleted), and nothing changes.
 */
export async function markStreaming(
  db: Kysely<Database>,
  clipId: string,
  audioKey: string,
  seconds: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveGeneratedClip(trx, clipId, "streaming", ["submitted", "streaming"]))) return false;
    await updateClip(trx, clipId, { status: "streaming", audioKey, metadata: { duration: seconds } });
    return true;
  });
}

/** The finished clip: its audio, image and what the generator decided (title, styles, lyrics, tempo). */
export async function markComplete(
  db: Kysely<Database>,
  clipId: string,
  song: Omit<GeneratedSong, "mix">,
  keys: { readonly audioKey: string; readonly imageKey: string | null },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveGeneratedClip(trx, clipId, "complete", UNFINISHED_STATES))) return false;
    const clip = await trx
      .selectFrom("clips")
      .select("title")
      .where("id", "=", clipId)
      .executeTakeFirstOrThrow();
    const metadata: ClipMetadata = {
      duration: song.durationSeconds,
      has_vocal: sungWords(song.lyrics) !== "",
      avg_bpm: song.avgBpm > 0 ? song.avgBpm : null,
      ...(song.tags ? { tags: song.tags.slice(0, 1000) } : {}),
      ...(song.lyrics ? { prompt: song.lyrics.slice(0, 5000) } : {}),
    };
    await updateClip(trx, clipId, {
      status: "complete",
      audioKey: keys.audioKey,
      imageKey: keys.imageKey,
      ...(clip.title === "" && song.title ? { title: song.title.slice(0, TITLE_MAX) } : {}),
      metadata,
    });
    return true;
  });
}
