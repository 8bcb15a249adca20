import { z } from "zod";
import { beatsLength } from "./bounded-numbers.ts";
import { BPS_MAX, BPS_MIN, DEFAULT_BPS } from "./constants.ts";

/** A tempo in beats per second, within what the engine can turn into frames. */
const bpsSchema = z
  .number()
  .min(BPS_MIN, `tempos are at least ${BPS_MIN * 60} BPM`)
  .max(BPS_MAX, `tempos are at most ${BPS_MAX * 60} BPM`);

/** A tempo automation point: the tempo, in beats per second, at a beat of the timeline. */
export const tempoPointSchema = z.object({
  beats: beatsLength(),
  bps: bpsSchema,
});

export type TempoPoint = z.infer<typeof tempoPointSchema>;

/**
 * Tempo automation, sorted by beats. Between two points the tempo moves linearly in beats; before
 * the first point it holds the first point's tempo and after the last the last one's. Two points at
 * the same beat make an instant tempo change, the later point's tempo applying from that beat on; a
 * third point there could never be heard, so it is refused.
 */
export const bpsAutomationSchema = z.array(tempoPointSchema).superRefine((points, context) => {
  for (let index = 1; index < points.length; index++) {
    const previous = points[index - 1];
    const point = points[index];
    if (point.beats < previous.beats) {
      context.addIssue({
        code: "custom",
        path: [index, "beats"],
        message: `tempo points must be sorted by beats, but beat ${point.beats} follows beat ${previous.beats}`,
      });
    } else if (index >= 2 && point.beats === points[index - 2].beats) {
      context.addIssue({
        code: "custom",
        path: [index, "beats"],
        message: `at most two tempo points may share beat ${point.beats} (a tempo step)`,
      });
    }
  }
});

const tempoFields = {
  /** The tempo when there is no automation. */
  bps: bpsSchema.default(DEFAULT_BPS),
  bpsAutomation: bpsAutomationSchema.default(() => []),
};

/**
 * The project's tempo. "manual" tempo is set by the user; "track" tempo follows the track named by
 * trackId, whose tempo the studio writes into bps and bpsAutomation, so the tempo map reads the same
 * two fields either way.
 */
export const projectTimingSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("manual").default("manual"), ...tempoFields }),
    z.object({ type: z.literal("track"), trackId: z.string().min(1), ...tempoFields }),
  ],
  // zod's own message lists the default's "undefined" among the types.
  { error: (issue) => (issue.code === "invalid_union" ? 'type must be "manual" or "track"' : undefined) },
);

export type ProjectTiming = z.infer<typeof projectTimingSchema>;
