import { z } from "zod";
import { beatsPosition } from "../project/bounded-numbers.ts";

/**
 * What each person in a live project shows the others (y-protocols awareness): who they are, their
 * colour, their selection and where their playhead is. The server checks that it describes the
 * sender.
 */
export const livePresenceSchema = z.object({
  user: z.object({ id: z.string().min(1), handle: z.string().min(1), color: z.string().min(1) }),
  selection: z.object({
    trackIds: z.array(z.string().min(1)).max(256),
    anchorBeats: beatsPosition(),
    focusBeats: beatsPosition(),
  }),
  /** Where their playhead is, in beats. */
  playheadBeats: beatsPosition(),
  playing: z.boolean(),
});

export type LivePresence = z.infer<typeof livePresenceSchema>;

/** Colours people are told apart by, chosen by user id so everyone sees one person in one colour. */
const PRESENCE_COLORS = [
  "#f97316",
  "#22c55e",
  "#3b82f6",
  "#e11d48",
  "#a855f7",
  "#eab308",
  "#14b8a6",
  "#ec4899",
];

export function presenceColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PRESENCE_COLORS[hash % PRESENCE_COLORS.length];
}
