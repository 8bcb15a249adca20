// Get Full Song: a clip's history joined at its continue points. Every clip of the history is in
// the song's own timeline, so each plays from where it continues the one before. An extend made
// here already holds the audio before its continue point, bit-identical, and its own crossfade
// after it: it is taken as is from there; other clips are crossfaded in after the join.
import type { PcmAudio, SongRequest } from "../song-request.ts";
import { frameAt, frameCount, JOIN_FADE_SECONDS, joinAt, toStereo } from "./splice.ts";

/** Whether b starts with a's first `frames` frames, bit for bit. */
function startsWith(b: PcmAudio, a: PcmAudio, frames: number): boolean {
  if (frameCount(a) < frames || frameCount(b) < frames) return false;
  return a.channels.every((channel, c) => {
    const other = b.channels[c];
    return Buffer.from(channel.buffer, channel.byteOffset, frames * 4).equals(
      Buffer.from(other.buffer, other.byteOffset, frames * 4),
    );
  });
}

export function concatHistory(history: SongRequest["history"]): PcmAudio {
  const [first, ...rest] = history;
  if (!first) throw new Error("Get Full Song needs a clip with history");
  let song = toStereo(first.clip.audio);
  for (const { clip, continueAt } of rest) {
    const next = toStereo(clip.audio);
    if (next.sampleRate !== song.sampleRate) throw new Error("The history's clips differ in sample rate");
    const at = continueAt === null ? 0 : Math.min(frameAt(song, continueAt), frameCount(song));
    const fade = startsWith(next, song, at) ? 0 : frameAt(song, JOIN_FADE_SECONDS);
    song = joinAt(song, next, at, fade);
  }
  return song;
}
