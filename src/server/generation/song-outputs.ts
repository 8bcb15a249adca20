import { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { GeneratedSong } from "../../generator/generator.ts";
import type { PcmAudio } from "../../generator/song-request.ts";
import { encodeWav } from "../../shared/audio/wav.ts";
import { BEATS_PER_BAR, type NumberedBeat } from "../../shared/beats/beats-result.ts";
import { claimBeatJob } from "../beats/beat-job-store.ts";
import { clipMediaKey } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";

/** Where a generated clip's files other than its audio and image are kept. */
export const generatedKey = (clipId: string, name: string) => `generated/${clipId}/${name}`;

/** generated_clips.stems, as written below. */
export const storedStemsSchema = z.array(z.object({ name: z.string(), key: z.string() }));
export type StoredStem = z.infer<typeof storedStemsSchema>[number];

/** generated_clips.aligned_words, as written below. */
export const storedAlignedWordsSchema = z.array(
  z.object({ word: z.string(), start_s: z.number(), end_s: z.number() }),
);

/**
 * The mix as clips keep generated audio: 16-bit WAV (mastered, so nothing is lost to clipping).
 * Samples on the 16-bit grid are kept undithered: an extend or an infill, whose audio outside the
 * new part is its source's decoded samples, stores those bytes again exactly.
 */
export const mixWav = (audio: PcmAudio) => Buffer.from(encodeWav(audio, "pcm16", { keepGridSamples: true }));

export async function putBytes(storage: Storage, key: string, bytes: Uint8Array, contentType: string) {
  await storage.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    contentType,
  });
}

/** The song's downbeats as the clip's beat analysis: the generator knows them exactly. */
async function storeDownbeats(
  db: Kysely<Database>,
  clipId: string,
  audioKey: string,
  song: Omit<GeneratedSong, "mix">,
) {
  const numbered = song.downbeats
    .filter(([t, n]) => t >= 0 && Number.isInteger(n) && n >= 1 && n <= BEATS_PER_BAR)
    .map(([t, n]): NumberedBeat => [t, n])
    .filter(([t], i, all) => i === 0 || t > all[i - 1][0]);
  if (numbered.length < 2) return;
  await claimBeatJob(db, clipId, audioKey, {
    state: "complete",
    source: "supplied",
    result: {
      bpm: song.avgBpm > 0 ? song.avgBpm : null,
      beats: numbered.map(([t]) => t),
      downbeats: numbered,
      seconds_analysed: song.durationSeconds,
    },
  });
}

/**
 * Stores what the generator made for a clip: the mix (the clip's audio, as `wav`), the cover image, stems
 * (32-bit float: unmastered, they may pass full scale), MIDI, and in generated_clips the aligned
 * words and score; downbeats go where the studio reads them. Answers the audio and image keys.
 */
export async function storeSongOutputs(
  db: Kysely<Database>,
  storage: Storage,
  clipId: string,
  song: Omit<GeneratedSong, "mix">,
  wav: Uint8Array,
): Promise<{ audioKey: string; imageKey: string | null }> {
  const audioKey = clipMediaKey(clipId, "audio", "wav");
  await putBytes(storage, audioKey, wav, "audio/wav");
  let imageKey: string | null = null;
  if (song.image.byteLength > 0) {
    imageKey = clipMediaKey(clipId, "image", "png");
    await putBytes(storage, imageKey, song.image, "image/png");
  }
  const stems: StoredStem[] = [];
  for (const stem of song.stems) {
    const key = generatedKey(clipId, `stems/${stem.name}.wav`);
    await putBytes(storage, key, new Uint8Array(encodeWav(stem.audio, "float32")), "audio/wav");
    stems.push({ name: stem.name, key });
  }
  let midiKey: string | null = null;
  if (song.midi) {
    midiKey = generatedKey(clipId, "song.mid");
    await putBytes(storage, midiKey, song.midi, "audio/midi");
  }
  await db
    .updateTable("generated_clips")
    .set({
      aligned_words: sql<unknown>`${JSON.stringify(song.alignedWords)}::jsonb`,
      score: song.score ? sql<unknown>`${JSON.stringify(song.score)}::jsonb` : null,
      stems: sql<unknown>`${JSON.stringify(stems)}::jsonb`,
      midi_key: midiKey,
    })
    .where("clip_id", "=", clipId)
    .execute();
  await storeDownbeats(db, clipId, audioKey, song);
  return { audioKey, imageKey };
}
