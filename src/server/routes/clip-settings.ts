import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
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
} from "../../shared/api/clip-settings.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { setFlagState, setNotInterested } from "../clips/clip-feedback.ts";
import {
  setAllRemixPermissions,
  setClipPrompt,
  setConfigurations,
  setDisplayTags,
  setRemixType,
  toggleComments,
  toggleRemixes,
  toggleShowRemixes,
  unlockPreview,
} from "../clips/clip-settings.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** The song menu's settings of a song (the owner's), reports and Not Interested (any listener's). */
export function registerClipSettingsRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const clipIdOf = (params: unknown) => parseInput(clipIdParamsSchema, params, "path").clip_id;

  app.post("/api/gen/:clip_id/toggle_comments/", async (request) => {
    const body = parseInput(toggleCommentsBodySchema, request.body);
    return toggleComments(db, requireUser(request).id, clipIdOf(request.params), body.can_comment);
  });

  app.post("/api/clips/:clip_id/toggle_remixes/", async (request) => {
    const body = parseInput(toggleRemixesBodySchema, request.body);
    return toggleRemixes(db, requireUser(request).id, clipIdOf(request.params), body.can_remix);
  });

  app.post("/api/clips/:clip_id/toggle_show_remixes", async (request) => {
    const body = parseInput(toggleShowRemixesBodySchema, request.body);
    return toggleShowRemixes(db, requireUser(request).id, clipIdOf(request.params), body.show_remix);
  });

  app.post("/api/clips/:clip_id/set_remix_type", async (request) => {
    const body = parseInput(setRemixTypeBodySchema, request.body);
    return setRemixType(db, requireUser(request).id, clipIdOf(request.params), body.remix);
  });

  app.post("/api/clips/set_all_remix_permissions/", async (request) => {
    const query = parseInput(allRemixPermissionsQuerySchema, request.query, "query");
    return setAllRemixPermissions(db, requireUser(request).id, query.can_remix);
  });

  app.post("/api/gen/:clip_id/set_clip_prompt/", async (request) => {
    const body = parseInput(setClipPromptBodySchema, request.body);
    return setClipPrompt(db, requireUser(request).id, clipIdOf(request.params), body.prompt);
  });

  app.post("/api/gen/:clip_id/set_display_tags", async (request) => {
    const body = parseInput(setDisplayTagsBodySchema, request.body);
    return setDisplayTags(db, requireUser(request).id, clipIdOf(request.params), body.display_tags);
  });

  app.post("/api/gen/:clip_id/set_configurations/", async (request) => {
    const body = parseInput(setConfigurationsBodySchema, request.body);
    return setConfigurations(db, requireUser(request).id, clipIdOf(request.params), body.configurations);
  });

  app.post("/api/gen/:clip_id/unlock-preview", async (request) =>
    unlockPreview(db, requireUser(request).id, clipIdOf(request.params)),
  );

  app.post("/api/gen/:clip_id/update_flag_state/", async (request) => {
    const body = parseInput(updateFlagBodySchema, request.body);
    return setFlagState(db, requireUser(request).id, clipIdOf(request.params), {
      flagged: body.flagged,
      reason: body.flagged_reason,
      details: body.flagged_reason_details,
    });
  });

  for (const method of ["POST", "DELETE"] as const) {
    app.route({
      method,
      url: "/api/recommend/feedback/song/:clip_id",
      handler: async (request) => {
        parseInput(songFeedbackBodySchema, request.body);
        return setNotInterested(db, requireUser(request).id, clipIdOf(request.params), method === "POST");
      },
    });
  }
}
