import { z } from "zod";
import { beatsLength, beatsPosition } from "./bounded-numbers.ts";
import { DEFAULT_CLIP_NAME } from "./constants.ts";

/**
 * A range of a track waiting for generated audio: the clips a generation may produce and the queued
 * generations that will produce them. Intents with neither are dropped on load, not refused here.
 */
export const clipCreationIntentSchema = z.object({
  id: z.string().min(1),
  startBeats: beatsPosition(),
  endBeats: beatsPosition(),
  startTrimmedBeats: beatsLength().default(0),
  endTrimmedBeats: beatsLength().default(0),
  possibleClipIds: z.array(z.string().min(1)).default(() => []),
  queuedGenerationId: z.string().min(1).nullable().default(null),
  queuedGenerationIds: z.array(z.string().min(1)).default(() => []),
  name: z.string().default(DEFAULT_CLIP_NAME),
  /** Whether the name was chosen by the user, so the result keeps it rather than its own title. */
  namePersists: z.boolean().default(false),
});

export type ClipCreationIntent = z.infer<typeof clipCreationIntentSchema>;
