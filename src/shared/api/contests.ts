// Contests: staff open one on base songs, with rules and an end time; people enter their remixes of
// a base song by publishing or pinning them with submit_to_contest; the entries are ranked by likes,
// then plays, then who entered first.

import { z } from "zod";
import { clipSchema } from "./clips.ts";

export const CONTEST_NAME_MAX = 100;
export const CONTEST_RULES_MAX = 5000;
export const CONTEST_BASE_CLIPS_MAX = 10;
/** Entries per page of a contest. */
export const CONTEST_ENTRIES_PAGE_SIZE = 20;

export const CONTEST_MESSAGES = {
  notFound: "Contest not found",
  notARemix: "This song is not a remix of a song in a running contest",
  entryMustBePublic: "Publish the song to enter it in a contest",
  baseClipUnusable: "A contest's songs must be public, finished songs",
  endInPast: "The contest must end in the future",
  entriesLocked: "Only its owner can build on a contest entry",
} as const;

export const contestSchema = z.object({
  id: z.string(),
  name: z.string(),
  rules: z.string(),
  /** ISO 8601; null: open until staff end it. */
  end_time: z.string().nullable(),
  base_clip_ids: z.array(z.string()),
  is_active: z.boolean(),
  entry_count: z.number().int().min(0),
});
export type Contest = z.infer<typeof contestSchema>;
export const contestsResponseSchema = z.object({ contests: z.array(contestSchema) });
export const isContestClipResponseSchema = z.object({ is_contest_clip: z.boolean() });

export const createContestBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the contest")
    .max(CONTEST_NAME_MAX, `Names are at most ${CONTEST_NAME_MAX} characters`),
  rules: z.string().max(CONTEST_RULES_MAX, `Rules are at most ${CONTEST_RULES_MAX} characters`).default(""),
  end_time: z.iso
    .datetime({ offset: true, message: "end_time must be an ISO 8601 date-time" })
    .nullable()
    .default(null),
  base_clip_ids: z
    .array(z.uuid("Unknown song"))
    .min(1, "Give the contest a song")
    .max(CONTEST_BASE_CLIPS_MAX),
});
export type CreateContestBody = z.infer<typeof createContestBodySchema>;

export const contestIdParamsSchema = z.object({ contest_id: z.uuid(CONTEST_MESSAGES.notFound) });
export const contestPageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

/** GET /api/contests/{id}/: the contest, its base songs, and a page of its entries, ranked. */
export const contestPageResponseSchema = z.object({
  contest: contestSchema,
  base_clips: z.array(clipSchema),
  entries: z.array(clipSchema),
  has_more: z.boolean(),
});
export type ContestPageResponse = z.infer<typeof contestPageResponseSchema>;
