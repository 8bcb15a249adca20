// Play counts: a listener's page reports a play once it heard a meaningful part of the song. Popular
// songs are sampled: with the factor 1 + floor(play_count / 100) a page reports one play in `factor`
// and the server adds `factor`, so counts stay right on average at a fraction of the writes.

import { z } from "zod";

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

/** Songs one bulk report may name: a page's played songs since its last report. */
export const BULK_PLAY_IDS_MAX = 100;

/** POST /api/gen/bulk_increment_play_counts/v2: one sampled play of each song named. */
export const bulkPlayCountBodySchema = incrementPlayCountBodySchema.extend({
  gen_ids: z
    .array(z.uuid("gen_ids are song ids"))
    .min(1, "gen_ids names at least one song")
    .max(BULK_PLAY_IDS_MAX, `gen_ids names at most ${BULK_PLAY_IDS_MAX} songs`),
});

/** The counts after the report, for the songs the reporter may see (others are left out, untouched). */
export const bulkPlayCountResponseSchema = z.object({
  clips: z.array(z.object({ id: z.string(), play_count: z.number().int() })),
});

export const playCountResponseSchema = z.object({ play_count: z.number().int() });
export type PlayCountResponse = z.infer<typeof playCountResponseSchema>;
