// The song menu's settings calls: comments, remixes, prompt and display tags, reports, Not
// Interested, contests and profile pins. Bodies as the upstream calls name them.

import { z } from "zod";
import { clipSchema, LYRICS_MAX, TAGS_MAX } from "./clips.ts";
import { queryBooleanSchema } from "./paged.ts";

/** Who may remix a song: anyone (cover and extend), covers only, extends only. */
export const REMIX_TYPES = ["all", "cover", "extend"] as const;
export type RemixPermission = (typeof REMIX_TYPES)[number];

export const toggleCommentsBodySchema = z.object({ can_comment: z.boolean("can_comment is true or false") });
export const setRemixTypeBodySchema = z.object({
  remix: z.enum(REMIX_TYPES, `Remix types are ${REMIX_TYPES.join(", ")}`),
});
export const toggleRemixesBodySchema = z.object({ can_remix: z.boolean("can_remix is true or false") });
export const toggleShowRemixesBodySchema = z.object({ show_remix: z.boolean("show_remix is true or false") });
export const allRemixPermissionsQuerySchema = z.object({ can_remix: queryBooleanSchema });
export const allRemixPermissionsResponseSchema = z.object({ updated: z.number().int() });

export const setClipPromptBodySchema = z.object({
  prompt: z.string().max(LYRICS_MAX, `prompt_too_long: lyrics are at most ${LYRICS_MAX} characters`),
  model_name: z.string().max(64).optional(),
});
export const setDisplayTagsBodySchema = z.object({
  display_tags: z.string().max(TAGS_MAX, `display_tags_too_long: at most ${TAGS_MAX} characters`),
});

/** A song's configurations are kept as given, up to this many characters of JSON. */
export const CONFIGURATIONS_MAX_CHARS = 10_000;

export const setConfigurationsBodySchema = z.object({
  configurations: z
    .record(z.string().max(100), z.unknown(), "configurations is an object")
    .refine(
      (value) => JSON.stringify(value).length <= CONFIGURATIONS_MAX_CHARS,
      `configurations are at most ${CONFIGURATIONS_MAX_CHARS} characters of JSON`,
    ),
});

/** unlock-preview on a song that is not a preview. */
export const NOT_A_PREVIEW = "This song is not a preview";

/** The Report modal's reasons, as flagged_reason. */
export const FLAG_REASONS = ["flag_inappropriate", "flag_bug", "flag_copyright"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_DETAILS_MAX = 1000;

export const updateFlagBodySchema = z.object({
  flagged: z.boolean(),
  flagged_reason: z.enum(FLAG_REASONS, `Reasons are ${FLAG_REASONS.join(", ")}`).optional(),
  flagged_reason_details: z
    .string()
    .max(FLAG_DETAILS_MAX, `Details are at most ${FLAG_DETAILS_MAX} characters`)
    .optional(),
});
export const flagResponseSchema = z.object({ flagged: z.boolean() });

export const songFeedbackBodySchema = z.object({
  feedback_type: z.literal("not_interested", "feedback_type is not_interested"),
});
export const songFeedbackResponseSchema = z.object({ not_interested: z.boolean() });

/** Songs pinned to a profile: 5, or 10 with the artist-profiles flag (our value; the product's is not given). */
export const PIN_LIMIT = 5;
export const ARTIST_PIN_LIMIT = 10;

export const pinClipBodySchema = z
  .object({
    submit_to_contest: z.boolean().optional(),
    /** The limit the page showed in its confirmation; the server keeps its own. */
    max_pins: z.number().int().min(1).max(ARTIST_PIN_LIMIT).optional(),
  })
  .default({});
export const pinClipResponseSchema = z.object({
  is_pinned: z.boolean(),
  /** The oldest pin let go to make room, if any. */
  unpinned_clip_id: z.string().nullable(),
  clip: clipSchema,
});
export type PinClipResponse = z.infer<typeof pinClipResponseSchema>;

export const pinnedClipsQuerySchema = z.object({
  /** Another profile's public pins; without it, the viewer's own. */
  handle: z.string().min(1).max(60).optional(),
});
export const pinnedClipsResponseSchema = z.object({ clips: z.array(clipSchema), max_pins: z.number().int() });
