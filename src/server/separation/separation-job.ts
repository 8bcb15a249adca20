import { z } from "zod";
import { SEPARATED_STEMS } from "./separate-audio.ts";

/** The queue job that separates a song into the stem clips made for it (separated-stems.ts). */
export const SEPARATE_STEMS_JOB = "separate_stems";

export const separateStemsPayloadSchema = z.object({
  songId: z.uuid(),
  userId: z.uuid(),
  /** The song's audio as it was when the stems were asked for. */
  audioKey: z.string().min(1),
  stems: z
    .array(z.object({ clipId: z.uuid(), name: z.enum(SEPARATED_STEMS) }))
    .length(SEPARATED_STEMS.length),
});
export type SeparateStemsPayload = z.infer<typeof separateStemsPayloadSchema>;
