// The eSpeak thread of this process: started on the first song that sings, and replaced by a fresh
// one after SONGS_PER_THREAD songs or once eSpeak's memory passes MAX_HEAP_BYTES (each instance
// holds about 30 MB and grows as it meets new words). A replacement speaks exactly as the old one
// did (see speech-thread.ts), so recycling never changes a song.
import { WorkerPool } from "../workers/worker-pool.ts";
import type { SpeechRequest, SpeechResult } from "./speech-protocol.ts";

const SONGS_PER_THREAD = 24;
const MAX_HEAP_BYTES = 96 * 1024 * 1024;
const ENTRY = new URL("./speech-thread.mjs", import.meta.url);

let pool: WorkerPool<SpeechRequest, SpeechResult> | null = null;
let songs = 0;
let running = 0;
let retiring = false;

function retire(): void {
  const old = pool;
  pool = null;
  songs = 0;
  retiring = false;
  void old?.close();
}

/** Starts the eSpeak thread now (if none runs), so that the first song to sing does not wait for it to load. */
export function prepareSpeech(): void {
  pool ??= new WorkerPool<SpeechRequest, SpeechResult>(ENTRY, 1, 1);
}

/** Speaks a song's words on the eSpeak thread (started or replaced as needed). */
export async function speakWords(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
  pool ??= new WorkerPool<SpeechRequest, SpeechResult>(ENTRY, 1);
  const current = pool;
  running++;
  try {
    const result = await current.run(request, [], signal);
    songs++;
    if (songs >= SONGS_PER_THREAD || result.heapBytes > MAX_HEAP_BYTES) retiring = true;
    return result;
  } finally {
    running--;
    if (retiring && running === 0 && pool === current) retire();
  }
}

/** Ends the eSpeak thread now (the next song starts a fresh one); a song in flight is let finish first. */
export function recycleSpeech(): void {
  if (running > 0) retiring = true;
  else retire();
}
