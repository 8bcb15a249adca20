import { z } from "zod";
import { beatsPosition } from "./bounded-numbers.ts";

/**
 * The selected tracks and time range. The range runs from anchorBeats (where the drag started) to
 * focusBeats (where it is now), so either may be the larger.
 */
export const selectionSchema = z.object({
  trackIds: z.array(z.string().min(1)).default(() => []),
  focusedTrackId: z.string().min(1).nullable().default(null),
  anchorBeats: beatsPosition().default(0),
  focusBeats: beatsPosition().default(0),
  focusedArea: z.enum(["timeline", "tracks"]).default("timeline"),
});

export type Selection = z.infer<typeof selectionSchema>;
