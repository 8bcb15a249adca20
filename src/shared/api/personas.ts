import { z } from "zod";
import { clipSchema } from "./clips.ts";
import { pageInfoSchema, pageNumberSchema, queryBooleanSchema } from "./paged.ts";

/** Persona lists page by 20. */
export const PERSONA_PAGE_SIZE = 20;
export const PERSONA_NAME_MAX = 100;
/** Our value: the constant is named upstream without one. */
export const PERSONA_DESCRIPTION_MAX = 500;
/** The avatar image prompt. */
export const IMAGE_PROMPT_MAX = 200;
export const DEFAULT_PERSONA_NAME = "Untitled Persona";

// The messages, word for word.
export const ROOT_CLIP_REQUIRED = "Root clip ID is required.";
export const PERSONA_CLIP_INELIGIBLE = "A Persona cannot be created from this clip.";
export const PERSONA_UPLOADS_DISABLED = "(Personas from audio uploads are disabled at this time.)";
export const NO_LOVED_PERSONAS = "No loved personas found";
export const NO_FOLLOWED_PERSONAS = "No followed personas found";
/** Ours: the 403 behind the personas upsell. */
export const PERSONAS_NEED_PAID_PLAN = "Personas are for Pro and Premier plans. Upgrade to create a persona.";
export const PERSONA_NOT_FOUND = "Persona not found";
/** Ours: a public persona from a song whose vocals may not be published (can_publish_with_vocal). */
export const PERSONA_VOCALS_NOT_PUBLISHABLE =
  "This song's vocals cannot be published, so its persona cannot be public.";

const personaId = z.uuid("Persona ids are UUIDs");

/** POST /api/persona/create/. A missing root_clip_id is answered with its own message. */
export const createPersonaBodySchema = z.object({
  root_clip_id: z.string().trim().max(100).nullish(),
  name: z.string().trim().max(PERSONA_NAME_MAX).nullish(),
  description: z.string().trim().max(PERSONA_DESCRIPTION_MAX).nullish(),
  /** What POST /api/gen/prompt_image/ answered for the avatar. */
  image_s3_id: z.string().trim().max(200).nullish(),
  is_public: z.boolean().nullish(),
});
export type CreatePersonaBody = z.infer<typeof createPersonaBodySchema>;

export const personaIdParamsSchema = z.object({ persona_id: personaId });
/** GET /api/persona/get-persona-by-clip/{clip_id}/: the persona made from a root clip. */
export const personaClipParamsSchema = z.object({ clip_id: z.uuid("Clip ids are UUIDs") });
export const personaPageQuerySchema = z.object({ page: pageNumberSchema.default(1) });
export const followPersonaQuerySchema = z.object({ follow: queryBooleanSchema.default(true) });

/** Where a persona's avatar (made from an image prompt, image_s3_id) is served. */
export const personaImageUrl = (imageId: string) => `/api/persona/images/${imageId}.png`;

/** What a persona shows of its root clip: the style it copies and a preview to play. */
export const personaClipSchema = z.object({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  audio_url: z.string().nullable(),
  major_model_version: z.string(),
  metadata: z.object({
    tags: z.string().nullable(),
    negative_tags: z.string().nullable(),
    has_vocal: z.boolean().nullable(),
    duration: z.number().nullable(),
  }),
});

export const personaSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  root_clip_id: z.string(),
  image_s3_id: z.string().nullable(),
  image_url: z.string().nullable(),
  clip: personaClipSchema,
  user_id: z.string(),
  user_handle: z.string(),
  user_display_name: z.string(),
  is_public: z.boolean(),
  is_trashed: z.boolean(),
  is_owned: z.boolean(),
  is_loved: z.boolean(),
  is_following: z.boolean(),
  upvote_count: z.number().int(),
  follower_count: z.number().int(),
  /** Songs made with the persona that the viewer may see. */
  clip_count: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Persona = z.infer<typeof personaSchema>;

export const personaListResponseSchema = pageInfoSchema.extend({ personas: z.array(personaSchema) });
export type PersonaListResponse = z.infer<typeof personaListResponseSchema>;

/** GET /api/persona/get-persona-paginated/{id}/: the persona with a page of its songs. */
export const personaPageResponseSchema = pageInfoSchema.extend({
  persona: personaSchema.extend({ persona_clips: z.array(z.object({ clip: clipSchema })) }),
});
export type PersonaPageResponse = z.infer<typeof personaPageResponseSchema>;

export const toggleLoveResponseSchema = z.object({ loved: z.boolean(), upvote_count: z.number().int() });
export type ToggleLoveResponse = z.infer<typeof toggleLoveResponseSchema>;

export const followPersonaResponseSchema = z.object({
  following: z.boolean(),
  follower_count: z.number().int(),
});
export type FollowPersonaResponse = z.infer<typeof followPersonaResponseSchema>;

export const promptImageBodySchema = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, "Describe the image")
    .max(IMAGE_PROMPT_MAX, `Image prompts are at most ${IMAGE_PROMPT_MAX} characters`),
});
export const promptImageResponseSchema = z.object({
  image_url: z.string(),
  /** Give it back as image_s3_id when creating the persona. */
  image_s3_id: z.string(),
});
export type PromptImageResponse = z.infer<typeof promptImageResponseSchema>;
