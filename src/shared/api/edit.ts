import { z } from "zod";
import { CLIP_STATUSES, clipIdSchema, clipSchema } from "./clips.ts";
import { SPEED_MULTIPLIER_MAX, SPEED_MULTIPLIER_MIN } from "./generate.ts";

// The edit calls of edit mode: crop, fade-out and speed, each a job whose result is a new clip
// (the action clip) polled until it is complete; and the aligned-clip lookups that tell which
// versions of a song line up around a replaced section. Times are seconds of the song edited.

/** The page polls an action every 4 s, at most 10 times, then gives up with EDIT_ACTION_ERROR. */
export const EDIT_POLL_INTERVAL_MS = 4000;
export const EDIT_POLL_TRIES = 10;
/** The toast of a failed or abandoned edit action (shown 4 s). */
export const EDIT_ACTION_ERROR = "An error occurred. Please try again.";
export const EDIT_ACTION_ERROR_TOAST_MS = 4000;
/** Opening, or editing, a clip that is not complete. */
export const CLIP_NOT_COMPLETE = "Clip is not complete";
/** The fade-out length edit mode starts with. */
export const DEFAULT_FADE_OUT_MS = 5000;
/** An edit session is restored from local storage only when saved less than this long ago. */
export const EDIT_SESSION_RESTORE_MS = 900_000;

/** Speed factors: the range the stretcher keeps clean (the same as Adjust Speed's). */
export const EDIT_SPEED_MIN = SPEED_MULTIPLIER_MIN;
export const EDIT_SPEED_MAX = SPEED_MULTIPLIER_MAX;

/** A fade-out is at most this long (a minute). */
export const FADE_OUT_MAX_S = 60;

/**
 * Aligned-clip matching: a boundary matches within 0.08 s; an infill is full-context when its
 * context window is the whole song within 0.02 s.
 */
export const ALIGNMENT_MATCH_TOLERANCE_S = 0.08;
export const INFILL_FULL_CONTEXT_TOLERANCE_S = 0.02;

const seconds = z.number().finite().min(0, "Times must be 0 or more").max(86_400);
/** Client-made id of the edit session an action belongs to (kept for the session's owner only). */
export const editSessionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, "Edit session ids are letters, digits, - and _");
const sessionId = editSessionIdSchema.nullish();

export const editClipParamsSchema = z.object({ clip_id: clipIdSchema });

/** POST /api/edit/crop/{clip_id}/: keep [start, end) or remove it (is_crop_remove); optional fade-out at the new end. */
export const editCropBodySchema = z
  .object({
    crop_start_s: seconds,
    crop_end_s: seconds,
    is_crop_remove: z.boolean().nullish(),
    /** Seconds of fade-out at the end of the result; absent or 0: none. */
    fade_out_time: z.number().finite().min(0).max(FADE_OUT_MAX_S).nullish(),
    edit_session_id: sessionId,
  })
  .refine((body) => body.crop_end_s > body.crop_start_s, {
    message: "crop_end_s must be after crop_start_s",
    path: ["crop_end_s"],
  });
export type EditCropBody = z.infer<typeof editCropBodySchema>;

/** POST /api/edit/fade/{clip_id}/: a fade-out over the song's last fade_out_time seconds (default 5). */
export const editFadeBodySchema = z.object({
  fade_out_time: z
    .number()
    .finite()
    .positive("fade_out_time must be more than 0")
    .max(FADE_OUT_MAX_S)
    .default(DEFAULT_FADE_OUT_MS / 1000),
  edit_session_id: sessionId,
});
export type EditFadeBody = z.infer<typeof editFadeBodySchema>;

/**
 * POST /api/edit/speed/{clip_id}/: the song (or the range change_speed_start_time..end_time of it)
 * speed_factor times as fast; tempo_only keeps the pitch (time-stretch), otherwise the pitch moves
 * with the speed (resample).
 */
export const editSpeedBodySchema = z
  .object({
    speed_factor: z
      .number()
      .finite()
      .min(EDIT_SPEED_MIN, `speed_factor must be between ${EDIT_SPEED_MIN} and ${EDIT_SPEED_MAX}`)
      .max(EDIT_SPEED_MAX, `speed_factor must be between ${EDIT_SPEED_MIN} and ${EDIT_SPEED_MAX}`),
    tempo_only: z.boolean().default(true),
    change_speed_start_time: seconds.nullish(),
    change_speed_end_time: seconds.nullish(),
    edit_session_id: sessionId,
  })
  .refine(
    (body) =>
      body.change_speed_start_time == null ||
      body.change_speed_end_time == null ||
      body.change_speed_end_time > body.change_speed_start_time,
    {
      message: "change_speed_end_time must be after change_speed_start_time",
      path: ["change_speed_end_time"],
    },
  );
export type EditSpeedBody = z.infer<typeof editSpeedBodySchema>;

/** The answer of the three action calls: the new clip's id, to poll. */
export const editActionResponseSchema = z.object({ action_clip_id: z.string() });
export type EditActionResponse = z.infer<typeof editActionResponseSchema>;

export const editActionParamsSchema = z.object({ action_clip_id: clipIdSchema });

/** GET /api/edit/action/{action_clip_id}/: the action's state; its clip once complete; the error once failed. */
export const editActionStatusSchema = z.object({
  id: z.string(),
  status: z.enum(CLIP_STATUSES),
  clip: clipSchema.nullable(),
  error_message: z.string().nullable(),
});
export type EditActionStatus = z.infer<typeof editActionStatusSchema>;

/**
 * A clip that lines up with others: it follows history_clip_id up to history_end_seconds (where
 * its own clip_start_seconds is) and goes on into future_clip_id from future_start_seconds (at its
 * own clip_end_seconds).
 */
export const alignmentSchema = z.object({
  clip: clipSchema,
  history_clip_id: z.string().nullable(),
  history_end_seconds: z.number().nullable(),
  clip_start_seconds: z.number().nullable(),
  future_clip_id: z.string().nullable(),
  clip_end_seconds: z.number().nullable(),
  future_start_seconds: z.number().nullable(),
});
export type Alignment = z.infer<typeof alignmentSchema>;

export const alignmentsResponseSchema = z.object({ alignments: z.array(alignmentSchema) });
export type AlignmentsResponse = z.infer<typeof alignmentsResponseSchema>;

const querySeconds = z.coerce.number().finite().min(0).max(86_400).optional();

/** GET /api/clips/aligned_clips: clips after history_clip_id (ending in a window) and/or before future_clip_id. */
export const alignedClipsQuerySchema = z
  .object({
    history_clip_id: clipIdSchema.optional(),
    history_end_seconds_gte: querySeconds,
    history_end_seconds_lte: querySeconds,
    future_clip_id: clipIdSchema.optional(),
    future_start_seconds_gte: querySeconds,
    future_start_seconds_lte: querySeconds,
  })
  .refine((query) => query.history_clip_id !== undefined || query.future_clip_id !== undefined, {
    message: "Give history_clip_id or future_clip_id",
  });
export type AlignedClipsQuery = z.infer<typeof alignedClipsQuerySchema>;

/** GET /api/clips/aligned_clip_siblings: clips aligned the same way as clip_id. */
export const alignedClipSiblingsQuerySchema = z.object({ clip_id: clipIdSchema });
