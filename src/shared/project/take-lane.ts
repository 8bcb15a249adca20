import { z } from "zod";
import { clipCreationIntentSchema } from "./clip-creation-intent.ts";
import { studioClipSchema } from "./studio-clip.ts";

/** The lane holding copies of the clips a multi-result generation overlapped. */
export const ORIGINAL_TAKE_LANE_NAME = "Original";

/** The lane holding a generation's result number `version` (from 1). */
export const versionTakeLaneName = (version: number): string => `Version ${version}`;

export const takeLaneSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  clips: z.array(studioClipSchema).default(() => []),
  clipCreationIntents: z.array(clipCreationIntentSchema).default(() => []),
  /**
   * The user this lane is still unheard for: the owner of the generated clips it holds, for the
   * results after the first. Only that user sees the marker; null once they have
   * played the lane (or for lanes that were never unheard).
   */
  unheardFor: z.string().min(1).nullable().default(null),
});

export type TakeLane = z.infer<typeof takeLaneSchema>;
