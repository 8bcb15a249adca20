// What the trim stage's Save sends: the chosen file itself when the
// whole of it is kept, otherwise the selection as a 16-bit WAV.

import { encodeWav } from "../../../shared/audio/wav.ts";
import type { TrimRange } from "../../../shared/create/upload-trim-rules.ts";

/** Within a sample of the file's own ends counts as untrimmed. */
export const isWholeRange = (range: TrimRange, duration: number, sampleRate: number): boolean =>
  range.startSeconds <= 1 / sampleRate && range.endSeconds >= duration - 1 / sampleRate;

const fileNameFor = (title: string): string =>
  `${title.replace(/[\\/:*?"<>|]+/g, "_").trim() || "Untitled Song"}.wav`;

export function trimmedFile(
  buffer: AudioBuffer,
  range: TrimRange,
  title: string,
  original: File | null,
): File {
  if (original !== null && isWholeRange(range, buffer.duration, buffer.sampleRate)) return original;
  const from = Math.max(0, Math.floor(range.startSeconds * buffer.sampleRate));
  const to = Math.min(buffer.length, Math.ceil(range.endSeconds * buffer.sampleRate));
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, channel) =>
    buffer.getChannelData(channel).slice(from, to),
  );
  const wav = encodeWav({ sampleRate: buffer.sampleRate, channels }, "pcm16");
  return new File([wav], fileNameFor(title), { type: "audio/wav" });
}

/** A recording's title: its length in seconds and when it was made. */
export function recordingTitle(seconds: number, at: Date): string {
  return `Recording ${Math.round(seconds)}s ${at.toLocaleDateString()} ${at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
}
