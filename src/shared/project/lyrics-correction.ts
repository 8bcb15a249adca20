import { z } from "zod";

export const alignedLyricWordSchema = z.object({
  word: z.string(),
  start_s: z.number(),
  end_s: z.number(),
});

export type AlignedLyricWord = z.infer<typeof alignedLyricWordSchema>;

/** Lyrics re-aligned by the user over a time range of a clip's audio. */
export const lyricsCorrectionSchema = z.object({
  startSeconds: z.number(),
  endSeconds: z.number(),
  alignedLyrics: z.array(alignedLyricWordSchema),
});

export type LyricsCorrection = z.infer<typeof lyricsCorrectionSchema>;
