import { z } from "zod";
import { numberedBeatSchema } from "../beats/beats-result.ts";
import { clipSchema, LYRICS_MAX, TITLE_MAX } from "./clips.ts";
import { SAVE_PROJECT_BODY_LIMIT_BYTES } from "./studio.ts";

// POST /api/studio/render-state (a range of the project rendered into a song clip of the
// user's library) and POST /api/studio/render-state-multitrack (every track rendered on its own,
// zipped, for download). The state is read with parseProjectState, as saves are.

/** Renders carry the whole state, as saves do. */
export const RENDER_STATE_BODY_LIMIT_BYTES = SAVE_PROJECT_BODY_LIMIT_BYTES;

/** Ours: a render longer than this is refused (the remaster limit, 16 minutes). */
export const RENDER_MAX_SECONDS = 960;

export const RENDER_EMPTY = "Nothing to render: the range holds no audible clip";
export const RENDER_TOO_LONG = `Renders are at most ${RENDER_MAX_SECONDS / 60} minutes long`;
export const RENDER_RANGE_INVALID = "The range must end after it starts";

/** The render failure texts, word for word. */
export const RENDER_FAILED_TOAST = "Something went wrong, try again";
export const RENDER_FAILED_DESCRIPTION = "If this error persists, please contact support.";

const beatsPosition = z.number().finite().min(0).max(1_000_000);

export const renderStateBodySchema = z
  .object({
    title: z.string().trim().max(TITLE_MAX, `Titles are at most ${TITLE_MAX} characters`).nullish(),
    lyrics: z.string().max(LYRICS_MAX, `Lyrics are at most ${LYRICS_MAX} characters`).nullish(),
    state: z.unknown(),
    project_id: z.uuid("Not a project id").nullish(),
    from_studio_project_id: z.uuid("Not a project id").nullish(),
    start_beats: beatsPosition.nullish(),
    end_beats: beatsPosition.nullish(),
    downbeats: z.array(numberedBeatSchema).max(100_000).nullish(),
    web_client_pathname: z.string().max(2000).nullish(),
    /**
     * Rendered ahead of Generate (the studio's generate panel is open): the project's earlier renders
     * ahead that nothing was generated from are removed. An export or Generate's own render of the
     * same mix keeps it.
     */
    render_ahead: z.boolean().nullish(),
  })
  .refine((body) => body.start_beats == null || body.end_beats == null || body.end_beats > body.start_beats, {
    message: RENDER_RANGE_INVALID,
    path: ["end_beats"],
  });
export type RenderStateBody = z.input<typeof renderStateBodySchema>;

export const renderStateResponseSchema = z.object({
  /** The song clip the range became (the same clip again for the same clips and range). */
  data: clipSchema,
  moderation_error_message: z.string().nullable(),
});
export type RenderStateResponse = z.infer<typeof renderStateResponseSchema>;

export const renderStateMultitrackBodySchema = z.object({
  state: z.unknown(),
  project_id: z.uuid("Not a project id").nullish(),
});

export const renderStateMultitrackResponseSchema = z.object({ download_url: z.string() });
export type RenderStateMultitrackResponse = z.infer<typeof renderStateMultitrackResponseSchema>;

/** The download route's path parameter: the render's content key. */
export const renderDownloadParamsSchema = z.object({
  render_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Not a render"),
});
