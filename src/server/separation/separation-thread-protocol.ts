import type { SeparatedStem } from "./separate-audio.ts";

/** What the separation thread is given: a song's stored audio file, as stored (WAV, MP3, FLAC, Ogg). */
export interface SeparationThreadRequest {
  readonly bytes: Uint8Array;
}

/** Each stem as a 32-bit float WAV in the song's rate and length, or why there are none. */
export type SeparationThreadResponse =
  | {
      readonly type: "result";
      readonly stems: readonly { readonly name: SeparatedStem; readonly wav: Uint8Array }[];
    }
  | { readonly type: "error"; readonly error: string };

/** The texts a stem clip's error_message gives. */
export const UNREADABLE_SONG = "The song's audio could not be read, so it could not be separated into stems";
