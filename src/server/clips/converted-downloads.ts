// A song converted for download, WAV or Ogg Opus: made once beside the song's audio in the
// background while the page polls for its address, kept until the song goes. A PCM WAV original is
// its own WAV download.

import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { encodeWav, type PlanarAudio } from "../../shared/audio/wav.ts";
import type { Database, User } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { canDecode, decodeAudio, isPcmWav, readHead, readStored } from "./clip-audio.ts";
import { derivedKey } from "./media-urls.ts";
import { encodeOggOpus } from "./ogg-opus.ts";

export type ConvertedFormat = "wav" | "opus";

interface FormatRule {
  /** The converted file's name beside the song's audio. */
  readonly fileName: string;
  readonly contentType: string;
  readonly label: string;
  /** Whether the stored audio already is this format (no conversion). */
  readonly isSource: (head: Uint8Array) => boolean;
  readonly encode: (audio: PlanarAudio) => Promise<Uint8Array>;
}

export const CONVERTED_FORMATS: Readonly<Record<ConvertedFormat, FormatRule>> = {
  // Integer PCM is what every player reads; float WAVs from renders and compressed uploads convert.
  wav: {
    fileName: "download.wav",
    contentType: "audio/wav",
    label: "WAV",
    isSource: isPcmWav,
    encode: async (audio) => new Uint8Array(encodeWav(audio, "pcm16")),
  },
  opus: {
    fileName: "download.opus",
    contentType: "audio/ogg",
    label: "Opus",
    isSource: () => false,
    encode: encodeOggOpus,
  },
};

/** Every converted file's name, for deleting them with the song. */
export const CONVERTED_FILE_NAMES = Object.values(CONVERTED_FORMATS).map((rule) => rule.fileName);

interface ClipAudio {
  readonly id: string;
  readonly audio_key: string | null;
}

const running = new Map<string, Promise<void>>();
const failed = new Map<string, string>();

/** Where a clip's file in this format is, and whether it is the song's audio itself. */
async function conversionLocation(
  storage: Storage,
  clip: ClipAudio,
  format: ConvertedFormat,
): Promise<{ key: string; isSource: boolean; head: Uint8Array }> {
  if (!clip.audio_key) throw notFound("This song has no audio yet");
  const stored = await storage.stat(clip.audio_key);
  if (!stored) throw notFound("The song's audio is missing");
  const head = await readHead(storage, clip.audio_key, stored.size);
  const isSource = CONVERTED_FORMATS[format].isSource(head);
  return {
    key: isSource ? clip.audio_key : derivedKey(clip.id, clip.audio_key, CONVERTED_FORMATS[format].fileName),
    isSource,
    head,
  };
}

/**
 * POST /api/gen/{clip_id}/convert_wav/ and convert_opus: ready at once when the file exists; else
 * the conversion runs in the background while the page polls. Audio we cannot decode is a 422, known
 * before anything starts (or is charged).
 */
export async function planConversion(
  storage: Storage,
  clip: ClipAudio,
  format: ConvertedFormat,
): Promise<{ start(): "processing" | "complete" }> {
  const location = await conversionLocation(storage, clip, format);
  if (location.isSource || (await storage.stat(location.key))) return { start: () => "complete" };
  const rule = CONVERTED_FORMATS[format];
  if (!canDecode(location.head)) {
    throw new HttpError(422, `This song's audio cannot be converted to ${rule.label} yet`);
  }
  const audioKey = clip.audio_key as string;
  return {
    start() {
      if (running.has(location.key)) return "processing";
      failed.delete(location.key);
      const job = (async () => {
        const file = await rule.encode(await decodeAudio(await readStored(storage, audioKey)));
        await storage.put(location.key, Readable.from([Buffer.from(file)]), {
          contentType: rule.contentType,
        });
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

/** GET /api/gen/{clip_id}/wav_file/ and opus_file/: the file's key once it exists, else null (keep polling). */
export async function readyConvertedKey(
  storage: Storage,
  clip: ClipAudio,
  format: ConvertedFormat,
): Promise<string | null> {
  const location = await conversionLocation(storage, clip, format);
  if (location.isSource || (await storage.stat(location.key))) return location.key;
  if (failed.has(location.key)) {
    throw new HttpError(422, `The ${CONVERTED_FORMATS[format].label} conversion failed: try again`);
  }
  return null;
}

/**
 * Whether the user may fetch the clip's converted file: its owner and staff always; others once the
 * convert call granted (and counted) them the download, in any month.
 */
export async function hasConvertedDownload(
  db: Kysely<Database>,
  user: User,
  clip: { readonly id: string; readonly user_id: string },
  format: ConvertedFormat,
): Promise<boolean> {
  if (clip.user_id === user.id || user.is_staff) return true;
  const row = await db
    .selectFrom("clip_downloads")
    .select("clip_id")
    .where("user_id", "=", user.id)
    .where("clip_id", "=", clip.id)
    .where("format", "=", format)
    .executeTakeFirst();
  return row !== undefined;
}
