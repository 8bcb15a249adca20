// Profiles: people by handle, their follows, and the handle lookup behind @handle completion.

import { z } from "zod";
import { HANDLE_PATTERN } from "./accounts.ts";
import { pageNumberSchema } from "./paged.ts";

/** Handles offered while typing an @mention. */
export const HANDLE_SUGGESTIONS_MAX = 8;

/** GET /api/profiles/search: handles starting with the prefix. */
export const handleSearchQuerySchema = z.object({
  prefix: z
    .string()
    .max(30)
    .regex(/^@?[A-Za-z0-9_]*$/, "A handle prefix is letters, digits or underscores")
    .transform((prefix) => prefix.replace(/^@/, "")),
});

export const profileSummarySchema = z.object({
  handle: z.string(),
  display_name: z.string(),
  avatar_image_url: z.string().nullable(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const handleSearchResponseSchema = z.object({ profiles: z.array(profileSummarySchema) });

/** Followers and following lists page by 20; a profile's songs and remixes too. */
export const PROFILE_PAGE_SIZE = 20;
/** A profile's most played songs. */
export const TOP_CLIPS_MAX = 10;
export const BIO_MAX = 500;
export const DISPLAY_NAME_MAX = 60;

/**
 * Handles that name pages or calls rather than people (/@me, /api/profiles/followers ...): nobody
 * may take them, whatever their case.
 */
export const RESERVED_HANDLES = new Set([
  "admin",
  "administrator",
  "api",
  "artist",
  "embed",
  "follow",
  "followers",
  "following",
  "help",
  "home",
  "me",
  "moderator",
  "search",
  "settings",
  "share",
  "song",
  "staff",
  "support",
  "top_clips",
  "tunesmith",
]);

export const PROFILE_MESSAGES = {
  notFound: "Profile not found",
  handleInvalid: "Handles are 3 to 30 letters, digits or underscores",
  handleReserved: "This handle is reserved",
  handleTaken: "This handle is taken",
  followSelf: "You cannot follow yourself",
  avatarMissing: "The avatar image was not found: upload it again",
} as const;

/** Why a handle cannot be taken, or null when it can (uniqueness is the server's to check). */
export function handleProblem(handle: string): string | null {
  if (!HANDLE_PATTERN.test(handle)) return PROFILE_MESSAGES.handleInvalid;
  if (RESERVED_HANDLES.has(handle.toLowerCase())) return PROFILE_MESSAGES.handleReserved;
  return null;
}

export const profileHandleParamsSchema = z.object({
  handle: z.string().regex(HANDLE_PATTERN, PROFILE_MESSAGES.handleInvalid),
});

/** Lists of a profile: ?handle= (the signed-in user's own when left out) and ?page=. */
export const profileListQuerySchema = z.object({
  handle: z.string().regex(HANDLE_PATTERN, PROFILE_MESSAGES.handleInvalid).optional(),
  page: pageNumberSchema.default(1),
});

export const profilePageQuerySchema = z.object({ page: pageNumberSchema.default(1) });

/** POST /api/profiles/follow. */
export const followBodySchema = z.object({
  handle: z
    .string()
    .transform((handle) => handle.replace(/^@/, ""))
    .pipe(z.string().regex(HANDLE_PATTERN, PROFILE_MESSAGES.handleInvalid)),
  unfollow: z.boolean().default(false),
});

/** PUT /api/profiles/me: the fields to change. */
export const editProfileBodySchema = z.object({
  display_name: z.string().trim().min(1, "A display name cannot be empty").max(DISPLAY_NAME_MAX).optional(),
  bio: z.string().trim().max(BIO_MAX, `A bio is at most ${BIO_MAX} characters`).optional(),
  handle: z
    .string()
    .transform((handle) => handle.replace(/^@/, ""))
    .superRefine((handle, context) => {
      const problem = handleProblem(handle);
      if (problem !== null) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** An image from POST /api/uploads/image/; null removes the avatar. */
  avatar_image_s3_id: z.string().max(64).nullable().optional(),
});
export type EditProfileBody = z.input<typeof editProfileBodySchema>;

export const profileSchema = z.object({
  user_id: z.string(),
  handle: z.string(),
  display_name: z.string(),
  bio: z.string(),
  avatar_image_url: z.string().nullable(),
  num_followers: z.number().int(),
  num_following: z.number().int(),
  num_public_clips: z.number().int(),
  /** The viewer follows this profile. */
  is_following: z.boolean(),
  /** The profile is the viewer's own. */
  is_self: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const followProfileSchema = profileSummarySchema.extend({ is_following: z.boolean() });

/** GET /api/profiles/followers and /following. */
export const profileListResponseSchema = z.object({
  profiles: z.array(followProfileSchema),
  num_total_profiles: z.number().int(),
  current_page: z.number().int(),
  has_more: z.boolean(),
});
export type ProfileListResponse = z.infer<typeof profileListResponseSchema>;

export const followResponseSchema = z.object({
  handle: z.string(),
  is_following: z.boolean(),
  num_followers: z.number().int(),
});

/** A profile's public playlists, in brief. */
export const profilePlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string().nullable(),
  num_clips: z.number().int(),
});
export const profilePlaylistsResponseSchema = z.object({ playlists: z.array(profilePlaylistSchema) });

export const remixCountSchema = z.object({ count: z.number().int() });
