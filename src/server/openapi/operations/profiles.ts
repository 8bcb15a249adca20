import { avatarCropQuerySchema, avatarUploadResponseSchema } from "../../../shared/api/avatar-crop.ts";
import {
  editProfileBodySchema,
  followBodySchema,
  handleSearchQuerySchema,
  profileHandleParamsSchema,
  profilePageQuerySchema,
} from "../../../shared/api/profiles.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/profiles.ts and routes/profile-avatar.ts. */
export const profilesOperations: OperationGroup = {
  tag: "Profiles",
  operations: [
    {
      method: "POST",
      path: "/api/profiles/avatar/",
      summary:
        "Set one's avatar: the image's bytes (JPEG, PNG, WebP or BMP), cut to the square x, y, size (else the centred one)",
      consumes: "image/*",
      query: avatarCropQuerySchema,
      response: avatarUploadResponseSchema,
    },
    {
      method: "GET",
      path: "/api/profiles/search",
      summary: "Profiles search",
      query: handleSearchQuerySchema,
    },
    { method: "GET", path: "/api/profiles/:handle", summary: "Profiles", params: profileHandleParamsSchema },
    {
      method: "GET",
      path: "/api/profiles/:handle/clips",
      summary: "Profiles clips",
      params: profileHandleParamsSchema,
      query: profilePageQuerySchema,
    },
    {
      method: "GET",
      path: "/api/profiles/:handle/playlists",
      summary: "Profiles playlists",
      params: profileHandleParamsSchema,
    },
    {
      method: "GET",
      path: "/api/profiles/:handle/personas",
      summary: "Profiles personas",
      params: profileHandleParamsSchema,
      query: profilePageQuerySchema,
    },
    {
      method: "GET",
      path: "/api/profiles/:handle/remixes-inspired/",
      summary: "Profiles remixes inspired",
      params: profileHandleParamsSchema,
      query: profilePageQuerySchema,
    },
    {
      method: "GET",
      path: "/api/profiles/:handle/remixes-inspired-count/",
      summary: "Profiles remixes inspired count",
      params: profileHandleParamsSchema,
    },
    { method: "GET", path: "/api/profiles/followers", summary: "Profiles followers" },
    { method: "GET", path: "/api/profiles/following", summary: "Profiles following" },
    { method: "GET", path: "/api/profiles/top_clips", summary: "Profiles top clips" },
    { method: "POST", path: "/api/profiles/follow", summary: "Profiles follow", body: followBodySchema },
    { method: "PUT", path: "/api/profiles/me", summary: "Profiles me", body: editProfileBodySchema },
    { method: "GET", path: "/api/media/avatars/:user_id.jpg", summary: "Media avatars" },
  ],
};
