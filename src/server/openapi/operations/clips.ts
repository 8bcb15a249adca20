import {
  clipIdParamsSchema,
  clipSchema,
  clipsByIdsQuerySchema,
  deleteClipsBodySchema,
  setMetadataBodySchema,
  setVisibilityBodySchema,
  trashBodySchema,
  updateFeedbackBodySchema,
  updateReactionBodySchema,
} from "../../../shared/api/clips.ts";
import { trashedV2QuerySchema } from "../../../shared/api/feed-query-schemas.ts";
import { workspaceSummarySchema } from "../../../shared/api/workspaces.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/clips.ts. */
export const clipsOperations: OperationGroup = {
  tag: "Clips",
  operations: [
    {
      method: "GET",
      path: "/api/clip/:clip_id",
      summary: "One song",
      params: clipIdParamsSchema,
      response: clipSchema,
    },
    {
      method: "GET",
      path: "/api/clips/get_songs_by_ids",
      summary: "Songs by ids",
      query: clipsByIdsQuerySchema,
    },
    {
      method: "GET",
      path: "/api/clips/:clip_id/project",
      summary: "Clips project",
      params: clipIdParamsSchema,
      response: workspaceSummarySchema,
    },
    {
      method: "GET",
      path: "/api/clips/trashed_v2",
      summary: "Clips trashed v2",
      query: trashedV2QuerySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/set_metadata/",
      summary: "Edit a song's details (title, lyrics, caption, cover)",
      params: clipIdParamsSchema,
      body: setMetadataBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/set_visibility/",
      summary: "Publish or unpublish a song",
      params: clipIdParamsSchema,
      body: setVisibilityBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/trash",
      summary: "Move songs to the Trash, or restore them",
      body: trashBodySchema,
    },
    {
      method: "POST",
      path: "/api/clips/delete/",
      summary: "Delete songs permanently",
      body: deleteClipsBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/update_reaction_type/",
      summary: "Gen update reaction type",
      params: clipIdParamsSchema,
      body: updateReactionBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/update_feedback_state/",
      summary: "Gen update feedback state",
      params: clipIdParamsSchema,
      body: updateFeedbackBodySchema,
    },
  ],
};
