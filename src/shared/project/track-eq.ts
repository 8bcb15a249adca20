import { z } from "zod";

// The stages and their fields are fixed; their values are ours, common studio choices.
// Every stage has its own switch so one can be bypassed without losing its settings. The pass
// filters start off, since even at the band edges they colour the sound; the bands start on at 0 dB,
// where they change nothing, so raising a gain is heard at once. The EQ as a whole starts off.

export const EQ_FREQUENCY_MIN = 20;
export const EQ_FREQUENCY_MAX = 20_000;
export const EQ_Q_MIN = 0.1;
export const EQ_Q_MAX = 18;
/** Decibels. */
export const EQ_GAIN_MIN = -24;
export const EQ_GAIN_MAX = 24;

/** The filter shape of each band, fixed by its position as in most channel strips. */
export const EQ_BAND_SHAPES = {
  band1: "lowShelf",
  band2: "peaking",
  band3: "peaking",
  band4: "highShelf",
} as const;

const frequency = z.number().min(EQ_FREQUENCY_MIN).max(EQ_FREQUENCY_MAX);
const q = z.number().min(EQ_Q_MIN).max(EQ_Q_MAX);

const passFilterSchema = (defaultFrequency: number) =>
  z.object({
    enabled: z.boolean().default(false),
    frequency: frequency.default(defaultFrequency),
    q: q.default(Math.SQRT1_2),
  });

const bandSchema = (defaultFrequency: number, defaultQ: number) =>
  z.object({
    enabled: z.boolean().default(true),
    frequency: frequency.default(defaultFrequency),
    q: q.default(defaultQ),
    gain: z.number().min(EQ_GAIN_MIN).max(EQ_GAIN_MAX).default(0),
  });

export const trackEqSchema = z.object({
  enabled: z.boolean().default(false),
  highPassFilter: passFilterSchema(EQ_FREQUENCY_MIN).prefault({}),
  lowPassFilter: passFilterSchema(EQ_FREQUENCY_MAX).prefault({}),
  band1: bandSchema(100, Math.SQRT1_2).prefault({}),
  band2: bandSchema(500, 1).prefault({}),
  band3: bandSchema(2000, 1).prefault({}),
  band4: bandSchema(8000, Math.SQRT1_2).prefault({}),
});

export type TrackEq = z.infer<typeof trackEqSchema>;
export type EqFilter = TrackEq["highPassFilter"];
export type EqBand = TrackEq["band1"];
export type EqStage = EqFilter | EqBand;
