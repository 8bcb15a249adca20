import { z } from "zod";
import { beatsPosition } from "./bounded-numbers.ts";
import { DEFAULT_LOOP_END_BEATS } from "./constants.ts";

/**
 * A loop range in beats, used by the project transport and by clips. The order of start and end is
 * not checked here: while a loop is being dragged the ends may cross, and readers treat an end at or
 * before the start as an empty loop.
 */
export const loopRegionSchema = z.object({
  enabled: z.boolean().default(false),
  startBeats: beatsPosition().default(0),
  endBeats: beatsPosition().default(DEFAULT_LOOP_END_BEATS),
});

export type LoopRegion = z.infer<typeof loopRegionSchema>;
