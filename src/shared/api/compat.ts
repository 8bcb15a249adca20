import { z } from "zod";

/**
 * Clip fields the upstream clients read (their Python client requires them): the cover at its
 * largest size; whether the viewer's reaction is a like; handles are chosen at sign-up (always
 * true); videos are made on request, never with the song (false).
 */
export const upstreamClipFieldsSchema = z.object({
  image_large_url: z.string().nullable(),
  is_liked: z.boolean(),
  is_handle_updated: z.boolean(),
  is_video_pending: z.boolean(),
});

/** The check upstream clients make before each generation: whether a captcha token must be sent. */
export const captchaCheckBodySchema = z.looseObject({ ctype: z.string().max(100).optional() });
export const captchaCheckResponseSchema = z.object({ required: z.boolean() });

/** The token exchange's first step: the client's sessions; the last active one's id names the token. */
export const upstreamClientResponseSchema = z.object({
  response: z.object({
    id: z.string(),
    last_active_session_id: z.string(),
    sessions: z.array(z.object({ id: z.string(), status: z.string() })),
  }),
});

export const upstreamSessionParamsSchema = z.object({
  session_id: z.uuid("Session ids are UUIDs"),
  /** A token template's name, which some clients add to the path: any name gets the same token. */
  template: z.string().max(64).optional(),
});
/** The token exchange's second step: a short-lived bearer token; here the script token itself. */
export const upstreamSessionTokenResponseSchema = z.object({ object: z.literal("token"), jwt: z.string() });

export const createSessionIdResponseSchema = z.object({ session_id: z.string() });

// ---- The proxy routes of the most used upstream client (its own server's API) ----

/** Flags as the proxy's callers send them: JSON booleans, or the strings "true" and "false". */
const clientFlag = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean().nullish(),
);
const clientText = z.string().max(10_000).nullish();
const clientClipId = z.uuid("Clip ids are UUIDs");

/** POST /api/generate: a song from a description. Unknown fields are ignored. */
export const proxyGenerateBodySchema = z.looseObject({
  prompt: z.string().max(10_000),
  make_instrumental: clientFlag,
  model: clientText,
  wait_audio: clientFlag,
});
/** POST /api/custom_generate: a song from lyrics, styles and a title. */
export const proxyCustomGenerateBodySchema = proxyGenerateBodySchema.extend({
  tags: clientText,
  title: clientText,
  negative_tags: clientText,
});
/** POST /api/extend_audio: continues a song, at continue_at (seconds, "30" or "00:30") or its end. */
export const proxyExtendBodySchema = z.looseObject({
  audio_id: clientClipId,
  prompt: clientText,
  continue_at: z.unknown().optional(),
  tags: clientText,
  negative_tags: clientText,
  title: clientText,
  model: clientText,
  wait_audio: clientFlag,
});
export const proxyIdsQuerySchema = z.looseObject({
  ids: z.string().max(10_000).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional(),
});
export const proxyClipQuerySchema = z.looseObject({ id: clientClipId });
export const proxySongQuerySchema = z.looseObject({ song_id: clientClipId });
export const proxyConcatBodySchema = z.looseObject({ clip_id: clientClipId });
export const proxyStemsBodySchema = z.looseObject({ audio_id: clientClipId });
export const proxyLyricsBodySchema = z.looseObject({
  prompt: z.string().trim().min(1, "Prompt is required").max(3000),
});
export const proxyPersonaQuerySchema = z.looseObject({
  id: z.uuid("Persona ids are UUIDs"),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** A song as the proxy answers it: the clip's fields its callers read, flattened. */
export const audioInfoSchema = z.object({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  lyric: z.string(),
  audio_url: z.string().nullable(),
  video_url: z.string().nullable(),
  created_at: z.string(),
  model_name: z.string(),
  status: z.string(),
  gpt_description_prompt: z.string().nullish(),
  prompt: z.string().nullish(),
  type: z.string().nullish(),
  tags: z.string().nullish(),
  negative_tags: z.string().nullish(),
  duration: z.number().nullish(),
  error_message: z.string().nullish(),
});
export type AudioInfo = z.infer<typeof audioInfoSchema>;

/** GET /api/get_limit: the credits, as the proxy renames them. */
export const proxyLimitSchema = z.object({
  credits_left: z.number().int(),
  period: z.null(),
  monthly_limit: z.number().int(),
  monthly_usage: z.number().int(),
});

/** POST /api/generate_stems: each stem, flattened. */
export const proxyStemSchema = z.object({
  id: z.string(),
  status: z.string(),
  created_at: z.string(),
  title: z.string(),
  stem_from_id: z.string().nullish(),
  duration: z.number().nullish(),
});
