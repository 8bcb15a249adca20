// Profiles: people by handle, their follows, and the handle lookup behind @handle completion.

import { z } from "zod";

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
