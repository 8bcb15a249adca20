import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { encodeWav } from "../../shared/audio/wav.ts";
import type { Database, User } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { canDecode, decodeAudio, isPcmWav, readHead, readStored } from "./clip-audio.ts";
import { derivedKey } from "./media-urls.ts";

export const WAV_DOWNLOAD_NAME = "download.wav";

interface ClipAudio {
  readonly id: string;
  readonly audio_key: string | null;
}

const running = new Map<string, Promise<void>>();
const failed = new Map<string, string>();

/**
 * Where a clip's WAV is: its audio itself when stored as integer PCM WAV (what every player reads),
 * else a 16-bit conversion beside it (float WAVs from renders, compressed uploads).
 */
export async function wavLocation(
  storage: Storage,
  clip: ClipAudio,
): Promise<{ key: string; isSource: boolean; head: Uint8Array }> {
  if (!clip.audio_key) throw notFound("This song has no audio yet");
  const stored = await storage.stat(clip.audio_key);
  if (!stored) throw notFound("The song's audio is missing");
  const head = await readHead(storage, clip.audio_key, stored.size);
  const isSource = isPcmWav(head);
  return {
    key: isSource ? clip.audio_key : derivedKey(clip.id, clip.audio_key, WAV_DOWNLOAD_NAME),
    isSource,
    head,
  };
}

/**
 * POST /api/gen/{clip_id}/convert_wav/: a PCM WAV original is ready at once; other audio converts to
 * 16-bit WAV in the background while the page polls wav_file. Audio we cannot decode yet is a 422,
 * known before anything starts (or is charged).
 */
export async function planWavConversion(
  storage: Storage,
  clip: ClipAudio,
): Promise<{ start(): "processing" | "complete" }> {
  const location = await wavLocation(storage, clip);
  if (location.isSource || (await storage.stat(location.key))) return { start: () => "complete" };
  if (!canDecode(location.head)) {
    throw new HttpError(422, "This song's audio cannot be converted to WAV yet");
  }
  const audioKey = clip.audio_key as string;
  return {
    start() {
      if (running.has(location.key)) return "processing";
      failed.delete(location.key);
      const job = (async () => {
        const wav = encodeWav(await decodeAudio(await readStored(storage, audioKey)), "pcm16");
        await storage.put(location.key, Readable.from([Buffer.from(wav)]), { contentType: "audio/wav" });
      })()
        .catch((error: unknown) => {
          failed.set(location.key, error instanceof Error ? error.message : String(error));
        })
        .finally(() => running.delete(location.key));
      running.set(location.key, job);
      return "processing";
    },
  };
}

/** GET /api/gen/{clip_id}/wav_file/: the WAV's storage key once it exists, else null (keep polling). */
export async function readyWavKey(storage: Storage, clip: ClipAudio): Promise<string | null> {
  const location = await wavLocation(storage, clip);
  if (location.isSource || (await storage.stat(location.key))) return location.key;
  if (failed.has(location.key)) throw new HttpError(422, "The WAV conversion failed: try again");
  return null;
}

/**
 * Whether the user may fetch the clip's WAV: its owner and staff always; others once convert_wav
 * granted (and charged) them the download, in any month.
 */
export async function hasWavDownload(
  db: Kysely<Database>,
  user: User,
  clip: { readonly id: string; readonly user_id: string },
): Promise<boolean> {
  if (clip.user_id === user.id || user.is_staff) return true;
  const row = await db
    .selectFrom("clip_downloads")
    .select("clip_id")
    .where("user_id", "=", user.id)
    .where("clip_id", "=", clip.id)
    .where("format", "=", "wav")
    .executeTakeFirst();
  return row !== undefined;
}
