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
});

export type TakeLane = z.infer<typeof takeLaneSchema>;
