// Play counts: a listener's page reports a play once it heard a meaningful part of the song. Popular
// songs are sampled: with the factor 1 + floor(play_count / 100) a page reports one play in `factor`
// and the server adds `factor`, so counts stay right on average at a fraction of the writes.

import { z } from "zod";

/** The sampling factor for a song with this many plays. */
export const playCountSampleFactor = (playCount: number): number =>
  1 + Math.floor(Math.max(0, playCount) / 100);

/** More than any song's factor needs (a hundred million plays); larger ones are refused outright. */
export const SAMPLE_FACTOR_MAX = 1_000_000;

/** POST /api/gen/{gen_id}/increment_play_count/v2. */
export const incrementPlayCountBodySchema = z.object({
  sample_factor: z
    .number("sample_factor must be a whole number from 1")
    .int("sample_factor must be a whole number from 1")
    .min(1, "sample_factor must be a whole number from 1")
    .max(SAMPLE_FACTOR_MAX, `sample_factor is at most ${SAMPLE_FACTOR_MAX}`),
});

export const playCountResponseSchema = z.object({ play_count: z.number().int() });
export type PlayCountResponse = z.infer<typeof playCountResponseSchema>;
