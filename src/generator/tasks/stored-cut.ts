// Crop and fade straight from the source's stored bytes: when the song is kept as a 16-bit stereo
// WAV at the generator's rate (every generated song, and uploads stored so), the cut copies its
// samples and re-encodes only the windows it changes. Same rules (editCut) as the decoded path.
import { GENERATOR_SAMPLE_RATE, type GeneratedSong } from "../generator.ts";
import type { SongRequest } from "../song-request.ts";
import { editCut, song } from "./edit-tasks.ts";
import { pcm16Audio, pcm16Frames, splicePcm16 } from "./pcm16-splice.ts";
import { knownBeats, songDetails } from "./song-outputs.ts";

export interface StoredCut {
  /** The new song's audio: a complete 16-bit WAV. */
  readonly wav: Uint8Array;
  readonly song: Omit<GeneratedSong, "mix">;
}

/** Whether a crop or fade of these stored bytes can be cut from them without decoding. */
export function cuttable(task: SongRequest["task"], stored: Uint8Array): boolean {
  if (task !== "edit_crop" && task !== "edit_fade") return false;
  const audio = pcm16Audio(stored);
  return audio !== null && audio.sampleRate === GENERATOR_SAMPLE_RATE && audio.channelCount === 2;
}

/**
 * The crop or fade the request asks for, made from its source's stored bytes (`cuttable` ones), or
 * null when its beats would have to be analysed from the new audio (then the decoded path runs).
 */
export function storedCut(request: SongRequest, stored: Uint8Array): StoredCut | null {
  const audio = pcm16Audio(stored);
  if (!audio || !cuttable(request.task, stored)) return null;
  const cut = editCut(request, pcm16Frames(audio), audio.sampleRate);
  const parts = song(request, null, cut.score, cut.beats);
  const beats = knownBeats(parts);
  if (!beats) return null;
  const frames = cut.ranges.reduce((sum, range) => sum + (range.to - range.from), 0);
  return {
    wav: splicePcm16(audio, cut.ranges, cut.fadeOutFrames),
    song: songDetails(request, parts, frames / audio.sampleRate, beats),
  };
}
