import type { Kysely } from "kysely";
import type { SongRequest } from "../../generator/song-request.ts";
import { beatsResultSchema } from "../../shared/beats/beats-result.ts";
import type { Database } from "../db/schema.ts";

/**
 * A clip's finished beat analysis of its current audio, as the generator takes an analysed source;
 * undefined when there is none (never analysed, running, failed, for older audio, or no pulse).
 */
export async function storedClipBeats(
  db: Kysely<Database>,
  clipId: string,
): Promise<SongRequest["analysis"] | undefined> {
  const row = await db
    .selectFrom("clips")
    .innerJoin("clip_downbeats", "clip_downbeats.clip_id", "clips.id")
    .select([
      "clips.audio_key as clipAudioKey",
      "clip_downbeats.audio_key",
      "clip_downbeats.state",
      "clip_downbeats.result",
    ])
    .where("clips.id", "=", clipId)
    .executeTakeFirst();
  if (row?.state !== "complete" || row.audio_key !== row.clipAudioKey) return undefined;
  const result = beatsResultSchema.safeParse(row.result);
  if (!result.success || result.data.bpm === null) return undefined;
  return { bpm: result.data.bpm, key: null, downbeats: result.data.downbeats };
}
