import { Readable } from "node:stream";
import { HttpError, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { runOneShotThread } from "../threads/one-shot-thread.ts";
import { canDecode, readHead, readStored } from "./clip-audio.ts";
import { derivedKey } from "./media-urls.ts";
import type { Mp3ThreadResponse } from "./mp3-thread.ts";

const ENTRY = new URL("./mp3-thread.mjs", import.meta.url);

export const MP3_DOWNLOAD_NAME = "download.mp3";

/** Ours: encoding a long song takes seconds; minutes means it has gone wrong. */
const ENCODE_TIMEOUT_MS = 3 * 60_000;

interface ClipAudio {
  readonly id: string;
  readonly audio_key: string | null;
}

/** Where a clip's MP3 download is kept, beside its audio (a new audio file gets a new one). */
export function mp3DownloadKey(clip: ClipAudio): string {
  if (!clip.audio_key) throw notFound("This song has no audio yet");
  return derivedKey(clip.id, clip.audio_key, MP3_DOWNLOAD_NAME);
}

const running = new Map<string, Promise<string>>();

/** The MP3 download's storage key once it is stored, else null. */
export async function storedMp3Key(storage: Storage, clip: ClipAudio): Promise<string | null> {
  const key = mp3DownloadKey(clip);
  return (await storage.stat(key)) ? key : null;
}

/**
 * The clip's audio as an MP3 (VBR, LAME -V2, with the Info header and LAME tag that give players its
 * true length), encoded on first request in a thread of its own and kept beside the audio. Requests
 * that arrive while it encodes wait for the same encoding. Audio we cannot decode is a 422.
 */
export async function ensureMp3Download(storage: Storage, clip: ClipAudio): Promise<string> {
  const key = mp3DownloadKey(clip);
  if (await storage.stat(key)) return key;
  const pending = running.get(key);
  if (pending) return pending;
  const audioKey = clip.audio_key as string;
  const job = (async () => {
    const stored = await storage.stat(audioKey);
    if (!stored) throw notFound("The song's audio is missing");
    if (!canDecode(await readHead(storage, audioKey, stored.size))) {
      throw new HttpError(422, "This song's audio cannot be converted to MP3 yet");
    }
    const bytes = new Uint8Array(await readStored(storage, audioKey));
    const mp3 = await runOneShotThread<Mp3ThreadResponse, Uint8Array>(ENTRY, bytes, [bytes.buffer], {
      name: "MP3 encoding",
      timeoutMs: ENCODE_TIMEOUT_MS,
      timeoutError: () => new Error("The MP3 encoding timed out"),
      onMessage: (response) =>
        response.type === "mp3"
          ? response.mp3
          : new HttpError(422, `The MP3 conversion failed: ${response.error}`),
    }).result;
    await storage.put(key, Readable.from([Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength)]), {
      contentType: "audio/mpeg",
    });
    return key;
  })().finally(() => running.delete(key));
  running.set(key, job);
  return job;
}
