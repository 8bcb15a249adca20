import { z } from "zod";
import { secondsPosition } from "./bounded-numbers.ts";

export const alignedLyricWordSchema = z.object({
  word: z.string(),
  start_s: secondsPosition(),
  end_s: secondsPosition(),
});

export type AlignedLyricWord = z.infer<typeof alignedLyricWordSchema>;

/** Lyrics re-aligned by the user over a time range of a clip's audio. */
export const lyricsCorrectionSchema = z.object({
  startSeconds: secondsPosition(),
  endSeconds: secondsPosition(),
  alignedLyrics: z.array(alignedLyricWordSchema),
});

export type LyricsCorrection = z.infer<typeof lyricsCorrectionSchema>;
