// A finished song's compressed listening copy, AAC in MP4 ("m4a", spec 001 section 4: the player
// falls back from m4a to the original). Made once, on the first request for it, by the ffmpeg the
// project ships, in the background (the request that asked is told "not ready" and the player
// takes the original meanwhile), then kept beside the audio until the song goes.

import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { derivedKey, M4A_FILE_NAME } from "../clips/media-urls.ts";
import type { Storage } from "../storage/storage.ts";
import { runFfmpeg } from "./run-ffmpeg.ts";
import { copyIn } from "./video-job-service.ts";

/** Transparent for generated music at a tenth of a 16-bit WAV's size. */
const M4A_BITRATE = "160k";
/** One encoder thread: the machine serves the API and renders songs too. */
const M4A_THREADS = "1";
/** Ten minutes of audio encode in a few seconds; a run past this is stuck. */
const M4A_TIMEOUT_MS = 120_000;

interface ClipAudio {
  readonly id: string;
  readonly status: string;
  readonly audio_key: string | null;
}

/** Copies being made, by key: concurrent first requests share one run. */
const making = new Map<string, Promise<void>>();

/**
 * The key of the song's m4a copy once it is stored; else null, and (for a finished song with audio)
 * its making starts. A failed run is logged and tried again on a later request.
 */
export async function m4aRenditionKey(storage: Storage, clip: ClipAudio): Promise<string | null> {
  if (clip.status !== "complete" || clip.audio_key === null) return null;
  const key = derivedKey(clip.id, clip.audio_key, M4A_FILE_NAME);
  if (await storage.stat(key)) return key;
  if (!making.has(key)) {
    const run = makeM4a(storage, clip.audio_key, key)
      .catch((error: unknown) => console.warn(`The m4a copy of clip ${clip.id} failed`, error))
      .finally(() => making.delete(key));
    making.set(key, run);
  }
  return null;
}

/** Waits for the copies being made (tests wait for one before asking for it again). */
export async function m4aRenditionsSettled(): Promise<void> {
  await Promise.all(making.values());
}

async function makeM4a(storage: Storage, audioKey: string, key: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "tunesmith-m4a-"));
  try {
    await copyIn(storage, audioKey, join(dir, "in"));
    // faststart: the index goes first, so a player can start before the whole file is in.
    await runFfmpeg(
      [
        "-i",
        "in",
        "-vn",
        "-c:a",
        "aac",
        "-b:a",
        M4A_BITRATE,
        "-threads",
        M4A_THREADS,
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        "out.m4a",
      ],
      { cwd: dir, timeoutMs: M4A_TIMEOUT_MS },
    );
    await storage.put(key, createReadStream(join(dir, "out.m4a")), { contentType: "audio/mp4" });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
