import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type Clip,
  clipIdParamsSchema,
  clipsByIdsQuerySchema,
  deleteClipsBodySchema,
  setMetadataBodySchema,
  setVisibilityBodySchema,
  trashBodySchema,
  updateFeedbackBodySchema,
  updateReactionBodySchema,
} from "../../shared/api/clips.ts";
import { trashedV2QuerySchema } from "../../shared/api/feed-query-schemas.ts";
import type { WorkspaceSummary } from "../../shared/api/workspaces.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import {
  setClipMetadata,
  setClipVisibility,
  setFeedbackReason,
  setReaction,
  trashClips,
} from "../clips/clip-actions.ts";
import { deleteClips } from "../clips/clip-deletion.ts";
import { findVisibleClip, findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import { trashedPage } from "../clips/feed-queries.ts";
import { enterContests } from "../contests/contest-store.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { raiseCaptionMentions, raiseFolloweeRelease } from "../notifications/clip-events.ts";
import { raiseClipLike, raiseContext } from "../notifications/raise.ts";
import type { Storage } from "../storage/storage.ts";
import { syncVideoCoverHook } from "../video/video-cover-hook.ts";
import { workspaceOfClip } from "../workspaces/clip-workspace.ts";
import { announceSharedClipChange } from "../workspaces/shared-clip-changes.ts";
import { registerClipMediaRoutes } from "./clip-media.ts";
import { registerFeedRoutes } from "./feed.ts";

export interface ClipRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
}

/** Clips: reading, the feed and library, settings, reactions, trash and delete, media and downloads. */
export function registerClipRoutes(app: FastifyInstance, { db, storage }: ClipRouteDeps): void {
  registerFeedRoutes(app, db);
  registerClipMediaRoutes(app, db, storage);

  app.get("/api/clip/:clip_id", async (request): Promise<Clip> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const viewerId = request.auth?.user.id ?? null;
    return clipView(await findVisibleClip(db, viewerId, clip_id), viewerId);
  });

  app.get("/api/clips/get_songs_by_ids", async (request) => {
    const { ids } = parseInput(clipsByIdsQuerySchema, request.query, "query");
    const viewerId = request.auth?.user.id ?? null;
    return { clips: (await findVisibleClips(db, viewerId, ids)).map((row) => clipView(row, viewerId)) };
  });

  app.get("/api/clips/:clip_id/project", async (request): Promise<WorkspaceSummary> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    return workspaceOfClip(db, requireUser(request).id, clip_id);
  });

  app.get("/api/clips/trashed_v2", async (request) => {
    const query = parseInput(trashedV2QuerySchema, request.query, "query");
    return trashedPage(db, requireUser(request).id, query);
  });

  app.post("/api/gen/:clip_id/set_metadata/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const body = parseInput(setMetadataBodySchema, request.body);
    const user = requireUser(request);
    const clip = await setClipMetadata(db, storage, user.id, clip_id, body);
    if (body.video_cover_upload_id || body.remove_video_cover) await syncVideoCoverHook(db, clip_id);
    if (body.caption_mentions)
      await raiseCaptionMentions(raiseContext(db, request), user.id, clip_id, body.caption_mentions);
    return clip;
  });

  app.post("/api/gen/:clip_id/set_visibility/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const body = parseInput(setVisibilityBodySchema, request.body);
    const user = requireUser(request);
    let clip = await setClipVisibility(db, user.id, clip_id, body.is_public);
    if (body.is_public && body.submit_to_contest) {
      await enterContests(db, user.id, clip_id);
      clip = clipView(await findVisibleClip(db, user.id, clip_id), user.id);
    }
    if (body.is_public) {
      void raiseFolloweeRelease(raiseContext(db, request), user.id, clip_id).catch((error: unknown) =>
        request.log.error({ err: error }, "followers could not be told of a new song"),
      );
    }
    return clip;
  });

  app.post("/api/gen/trash", async (request) => {
    const body = parseInput(trashBodySchema, request.body);
    const user = requireUser(request);
    const result = await trashClips(db, user.id, body.clip_ids, body.trash);
    // A member's trash (or restore) in a shared workspace reaches the other members' open lists.
    await announceSharedClipChange(
      raiseContext(db, request),
      user,
      body.trash ? "trash_clips" : "restore_clips",
      body.clip_ids,
    );
    return result;
  });

  app.post("/api/clips/delete/", async (request) => {
    const body = parseInput(deleteClipsBodySchema, request.body);
    return deleteClips(db, storage, requireUser(request).id, body.ids);
  });

  app.post("/api/gen/:clip_id/update_reaction_type/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const body = parseInput(updateReactionBodySchema, request.body);
    const user = requireUser(request);
    const result = await setReaction(db, user.id, clip_id, body.reaction);
    if (body.reaction === "L") await raiseClipLike(raiseContext(db, request), user.id, clip_id);
    return result;
  });

  app.post("/api/gen/:clip_id/update_feedback_state/", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const body = parseInput(updateFeedbackBodySchema, request.body);
    return setFeedbackReason(db, requireUser(request).id, clip_id, body.feedback_reason);
  });
}
