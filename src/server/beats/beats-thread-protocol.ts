import type { BeatsResponse, StreamBeatsOptions } from "../../engine/node.ts";

/** What the analysis thread is given: a clip's stored audio file, as stored (WAV, MP3, FLAC, Ogg). */
export interface BeatsThreadRequest {
  readonly bytes: Uint8Array;
  readonly options?: StreamBeatsOptions;
}

/** Every frame as it is ready, then the result or an error: the page's beats Worker protocol. */
export type BeatsThreadResponse = BeatsResponse;

/** The texts a client sees in the job's error state. */
export const UNREADABLE_AUDIO = "The song's audio could not be read";
export const UNSUPPORTED_AUDIO = "Beat analysis for this song's audio format is not available yet";
