import { z } from "zod";

/** Ours: a lyrics prompt is a description, longer than the create form's 200 but bounded. */
export const LYRICS_PROMPT_MAX = 1000;
/** Lyrics jobs one user may start per minute before 'Too many requests'. */
export const LYRICS_JOBS_PER_MINUTE = 10;
export const TOO_MANY_LYRICS_REQUESTS = "Too many requests";
export const LYRICS_JOB_NOT_FOUND = "Lyrics not found";

export const generateLyricsBodySchema = z.object({
  prompt: z
    .string()
    .max(LYRICS_PROMPT_MAX, `Lyrics prompts are at most ${LYRICS_PROMPT_MAX} characters`)
    .default(""),
  lyrics_model: z.string().max(64).nullish(),
  /** The create page's session; a job started without one is polled by a third-party client. */
  create_session_token: z.string().max(200).nullish(),
});
export type GenerateLyricsBody = z.infer<typeof generateLyricsBodySchema>;

export const generateLyricsResponseSchema = z.object({ id: z.string() });

export const lyricsJobParamsSchema = z.object({ lyrics_id: z.uuid("Lyrics ids are UUIDs") });

/**
 * A finished job reads "done" for the create page and "complete" for third-party
 * clients of the upstream service, which wait for that word: a job started with a
 * create_session_token is the page's. Pages should treat both as finished.
 */
export const LYRICS_JOB_STATUSES = ["running", "done", "complete", "error"] as const;
export type LyricsJobStatus = (typeof LYRICS_JOB_STATUSES)[number];
export const isLyricsJobFinished = (status: LyricsJobStatus) => status === "done" || status === "complete";

export const lyricsJobSchema = z.object({
  id: z.string(),
  status: z.enum(LYRICS_JOB_STATUSES),
  /** With section tags ([Verse], [Chorus], ...); empty until finished. */
  text: z.string(),
  title: z.string(),
  /** Comma-separated styles. */
  tags: z.string(),
  error_message: z.string().nullable(),
});
export type LyricsJob = z.infer<typeof lyricsJobSchema>;
