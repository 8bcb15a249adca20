// A streaming song's audio, loaded while it grows: the media route answers a streaming clip with one
// growing WAV, read here chunk by chunk; the audio so far becomes the clip's source as soon as there
// is some, and again as it grows (about every second), so the clip plays while the song renders.
// The last read, when the response ends, is the whole song.

import { decodeWav } from "../../shared/audio/wav.ts";
import type { SourceLibrary } from "../audio/source-library.ts";

/** The first audio goes to the engine at once; later reads when this much wall time has passed. */
const REFRESH_MS = 1000;
/** A WAV header and a little audio: enough to decode a first part. */
const FIRST_BYTES = 4096;

const joined = (chunks: readonly Uint8Array[], length: number): ArrayBuffer => {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes.buffer;
};

/** Reads the growing audio of a song clip into the library; settles when it has all of it. */
export async function loadStreamingSource(
  sources: Pick<SourceLibrary, "add" | "markMissing">,
  clipId: string,
  now: () => number = () => performance.now(),
): Promise<void> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let lastAdded = Number.NEGATIVE_INFINITY;
  let addedLength = 0;
  const addSoFar = () => {
    if (length === addedLength) return;
    const audio = decodeWav(joined(chunks, length));
    if ((audio.channels[0]?.length ?? 0) === 0) return;
    sources.add(clipId, audio);
    addedLength = length;
    lastAdded = now();
  };
  try {
    const response = await fetch(`/api/media/clips/${encodeURIComponent(clipId)}/audio`);
    if (!response.ok || response.body === null) throw new Error(`clip audio: HTTP ${response.status}`);
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
      if (length >= FIRST_BYTES && now() - lastAdded >= REFRESH_MS) addSoFar();
    }
    addSoFar();
  } catch (error) {
    console.warn(`Could not stream the audio of clip ${clipId}`, error);
    if (addedLength === 0) sources.markMissing(clipId);
  }
}
