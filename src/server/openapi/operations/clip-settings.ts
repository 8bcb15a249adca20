import {
  allRemixPermissionsQuerySchema,
  setClipPromptBodySchema,
  setConfigurationsBodySchema,
  setDisplayTagsBodySchema,
  setRemixTypeBodySchema,
  songFeedbackBodySchema,
  toggleCommentsBodySchema,
  toggleRemixesBodySchema,
  toggleShowRemixesBodySchema,
  updateFlagBodySchema,
} from "../../../shared/api/clip-settings.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/clip-settings.ts. */
export const clipSettingsOperations: OperationGroup = {
  tag: "Clip settings",
  operations: [
    {
      method: "POST",
      path: "/api/gen/:clip_id/toggle_comments/",
      summary: "Gen toggle comments",
      body: toggleCommentsBodySchema,
    },
    {
      method: "POST",
      path: "/api/clips/:clip_id/toggle_remixes/",
      summary: "Clips toggle remixes",
      body: toggleRemixesBodySchema,
    },
    {
      method: "POST",
      path: "/api/clips/:clip_id/toggle_show_remixes",
      summary: "Clips toggle show remixes",
      body: toggleShowRemixesBodySchema,
    },
    {
      method: "POST",
      path: "/api/clips/:clip_id/set_remix_type",
      summary: "Clips set remix type",
      body: setRemixTypeBodySchema,
    },
    {
      method: "POST",
      path: "/api/clips/set_all_remix_permissions/",
      summary: "Clips set all remix permissions",
      query: allRemixPermissionsQuerySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/set_clip_prompt/",
      summary: "Gen set clip prompt",
      body: setClipPromptBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/set_display_tags",
      summary: "Gen set display tags",
      body: setDisplayTagsBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/set_configurations/",
      summary: "Gen set configurations",
      body: setConfigurationsBodySchema,
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/unlock-preview",
      summary: "Gen unlock preview",
    },
    {
      method: "POST",
      path: "/api/gen/:clip_id/update_flag_state/",
      summary: "Gen update flag state",
      body: updateFlagBodySchema,
    },
    {
      method: ["POST", "DELETE"],
      path: "/api/recommend/feedback/song/:clip_id",
      summary: "Feedback song",
      body: songFeedbackBodySchema,
    },
  ],
};
