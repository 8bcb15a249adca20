import { z } from "zod";
import { beatsStreamFrameSchema, noBeatsReasonSchema, numberedBeatSchema } from "../beats/beats-result.ts";

// GET /api/gen/{clip_id}/downbeats and POST /api/gen/{clip_id}/downbeats_streaming/v2.
// The path parameter is clipIdParamsSchema (./clips.ts); the streaming call takes an empty JSON body.

export { clipIdParamsSchema as downbeatsParamsSchema } from "./clips.ts";

export const DOWNBEAT_JOB_STATES = ["running", "complete", "error"] as const;
export const downbeatJobStateSchema = z.enum(DOWNBEAT_JOB_STATES);
export type DownbeatJobState = z.infer<typeof downbeatJobStateSchema>;

/** Clients poll a running job every 2.5 s and give up after 5 minutes. */
export const DOWNBEAT_POLL_MS = 2500;
export const DOWNBEAT_TIMEOUT_MS = 300_000;

/** The streaming call's body: empty (an object, so `{}` and no body both do). */
export const downbeatsStreamingBodySchema = z.object({}).loose();

/** GET /api/gen/{clip_id}/downbeats: the job, and its result once complete. */
export const downbeatsJobResponseSchema = z.object({
  state: downbeatJobStateSchema,
  /** Every beat as [seconds, beat number in the bar] (1 is the downbeat), 4 decimals; null until complete. */
  downbeats: z.array(numberedBeatSchema).nullable(),
  /** Average tempo; null until complete, and for a clip without beats. */
  bpm: z.number().positive().nullable(),
  /** Why a complete clip has no beats. */
  no_beats_reason: noBeatsReasonSchema.nullable(),
  /** The reason of an error state, else null. */
  error: z.string().nullable(),
});
export type DownbeatsJobResponse = z.infer<typeof downbeatsJobResponseSchema>;

/**
 * One frame of the streaming call (and its JSON answer): a beats stream frame (see
 * beatsStreamFrameSchema and applyBeatsFrame) with the job's state, "complete" on the final frame.
 */
export const downbeatsStreamFrameSchema = beatsStreamFrameSchema.and(
  z.object({ state: downbeatJobStateSchema }),
);
export type DownbeatsStreamFrame = z.infer<typeof downbeatsStreamFrameSchema>;

/** The error event of a stream (`event: error`) when the analysis fails: the job's error text. */
export const downbeatsStreamErrorSchema = z.object({ detail: z.string() });
