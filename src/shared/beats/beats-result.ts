import { z } from "zod";

// The beat and downbeat analysis of a clip, as the engine computes it and the
// server serves it. Times are seconds from the start of the clip.

/** Most beats a bar holds (4/4); a number in the bar is at most this. */
export const BEATS_PER_BAR = 4;

/**
 * The bars the beats fall in: 2/4, 3/4 and 4/4 count beats; 6/8 counts two dotted beats a bar
 * (the beats a listener taps), so its numbers are 1 and 2.
 */
export const meterSchema = z.enum(["2/4", "3/4", "4/4", "6/8"]);

export type Meter = z.infer<typeof meterSchema>;

/** Position of a beat in its bar: 1 is the downbeat, up to the meter's beats per bar. */
export const beatNumberSchema = z.int().min(1).max(BEATS_PER_BAR);

/** A beat: [seconds, beat number in the bar]. */
export const numberedBeatSchema = z.tuple([z.number().nonnegative(), beatNumberSchema]);

export type NumberedBeat = z.infer<typeof numberedBeatSchema>;

/** Why a clip has no beats: every analysis that finds none says which of these it met. */
export const noBeatsReasonSchema = z.enum([
  /** Under MIN_ANALYSIS_SECONDS of audio: too little to tell a pulse. */
  "too_short",
  /** Nothing louder than -90 dB re full scale (silence, dither, or a constant offset). */
  "silence",
  /** Sound without a steady pulse: noise, a single hit, free-time playing. */
  "no_pulse",
]);

export type NoBeatsReason = z.infer<typeof noBeatsReasonSchema>;

/** Shortest clip analysed; shorter ones get no_beats_reason "too_short". */
export const MIN_ANALYSIS_SECONDS = 2;

/**
 * A metrical level the analysis considered (half, the tracked tempo, double): its tempo and the
 * confidence that it is the one a listener taps. The levels' confidences add up to 1.
 */
export const tempoCandidateSchema = z.object({
  bpm: z.number().positive(),
  confidence: z.number().min(0).max(1),
});

export type TempoCandidate = z.infer<typeof tempoCandidateSchema>;

/** The levels, most confident first: the first is the level the beats follow. */
const tempoCandidatesSchema = z.array(tempoCandidateSchema).min(1).optional();

function increasing(times: readonly number[]): boolean {
  return times.every((t, i) => i === 0 || t > times[i - 1]);
}

export const beatsResultSchema = z
  .object({
    /** Average tempo over the beats (beats per minute), or null with no beats. */
    bpm: z.number().positive().nullable(),
    /** Beat times, increasing. */
    beats: z.array(z.number().nonnegative()),
    /** The same beats, each with its number in the bar. */
    downbeats: z.array(numberedBeatSchema),
    /** Present exactly when there are no beats. */
    no_beats_reason: noBeatsReasonSchema.optional(),
    /** With beats: the metrical levels considered (results stored before it was added lack it). */
    tempo_candidates: tempoCandidatesSchema,
    /** With beats: the meter the numbers count in (results stored before it was added lack it: 4/4). */
    meter: meterSchema.optional(),
  })
  .superRefine((result, context) => {
    const none = result.beats.length === 0;
    if (none !== (result.bpm === null) || none !== (result.no_beats_reason !== undefined)) {
      context.addIssue({
        code: "custom",
        message: "bpm is null and no_beats_reason is given exactly when there are no beats",
      });
    }
    if (!increasing(result.beats))
      context.addIssue({ code: "custom", path: ["beats"], message: "beats must increase" });
    if (
      result.downbeats.length !== result.beats.length ||
      result.downbeats.some(([t], i) => t !== result.beats[i])
    ) {
      context.addIssue({
        code: "custom",
        path: ["downbeats"],
        message: "downbeats must number the beats, one each",
      });
    }
  });

export type BeatsResult = z.infer<typeof beatsResultSchema>;

/**
 * One step of a streamed analysis. Frames replace a suffix of what came before: a client
 * keeps the downbeats it holds that are earlier than seconds_missing_from_start and replaces
 * the rest with this frame's downbeats (the first frame, and the final one, have
 * seconds_missing_from_start 0 and so are complete). Frames before the final one are
 * provisional: they cover the audio analysed so far, and the beats near its end may move.
 */
export const beatsStreamFrameSchema = z
  .object({
    downbeats: z.array(numberedBeatSchema),
    /** Seconds at the start of the clip whose downbeats this frame leaves as they were. */
    seconds_missing_from_start: z.number().nonnegative(),
    /** Seconds of the clip analysed for this frame (the whole clip in the final one). */
    seconds_analysed: z.number().nonnegative(),
    /** Average tempo of the beats so far, or null while there are none. */
    bpm: z.number().positive().nullable(),
    /** In the final frame, when the clip has no beats. */
    no_beats_reason: noBeatsReasonSchema.optional(),
    /** With beats: the metrical levels considered, as in the result. */
    tempo_candidates: tempoCandidatesSchema,
    /** With beats: the meter, as in the result. */
    meter: meterSchema.optional(),
    final: z.boolean(),
  })
  .superRefine((frame, context) => {
    if (!increasing(frame.downbeats.map(([t]) => t))) {
      context.addIssue({ code: "custom", path: ["downbeats"], message: "downbeats must increase" });
    }
    if (frame.downbeats.some(([t]) => t < frame.seconds_missing_from_start)) {
      context.addIssue({
        code: "custom",
        path: ["downbeats"],
        message: "a frame holds no downbeats before its seconds_missing_from_start",
      });
    }
    if (frame.final && frame.seconds_missing_from_start !== 0) {
      context.addIssue({
        code: "custom",
        path: ["seconds_missing_from_start"],
        message: "the final frame is complete",
      });
    }
  });

export type BeatsStreamFrame = z.infer<typeof beatsStreamFrameSchema>;

/**
 * Applies a frame to the downbeats a client holds, as the frame's contract says: the
 * result is the analysis so far (the whole analysis after the final frame).
 */
export function applyBeatsFrame(held: readonly NumberedBeat[], frame: BeatsStreamFrame): NumberedBeat[] {
  return [...held.filter(([t]) => t < frame.seconds_missing_from_start), ...frame.downbeats];
}
