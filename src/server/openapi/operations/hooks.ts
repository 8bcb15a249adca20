import {
  createHookBodySchema,
  createHookResponseSchema,
  hookIdParamsSchema,
  hookSchema,
} from "../../../shared/api/hooks.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/hooks.ts. */
export const hookOperations: OperationGroup = {
  tag: "Hooks",
  operations: [
    {
      method: "POST",
      path: "/api/video/hooks/create",
      summary:
        "Make a hook of a video upload and the owner's song (flag web-hooks-2025): rendered, then moderated",
      body: createHookBodySchema,
      response: createHookResponseSchema,
    },
    {
      method: "GET",
      path: "/api/video/hooks/:hook_id",
      summary: "A hook and its state (polled every 2 s while it renders)",
      params: hookIdParamsSchema,
      response: hookSchema,
    },
    {
      method: "GET",
      path: "/api/video/hooks/:hook_id/:file",
      summary: "A rendered hook's video.mp4 or thumbnail.jpg",
      params: hookIdParamsSchema,
      produces: "video/mp4",
    },
  ],
};
