import { pinClipBodySchema, pinnedClipsQuerySchema } from "../../../shared/api/clip-settings.ts";
import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/profile-pins.ts. */
export const profilePinsOperations: OperationGroup = {
  tag: "Profile pins",
  operations: [
    {
      method: "POST",
      path: "/api/profiles/pin-clip/:clip_id",
      summary: "Profiles pin clip",
      params: clipIdParamsSchema,
      body: pinClipBodySchema,
    },
    {
      method: "GET",
      path: "/api/profiles/pinned-clips",
      summary: "Profiles pinned clips",
      query: pinnedClipsQuerySchema,
    },
  ],
};
