import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  type AlignmentsResponse,
  alignedClipSiblingsQuerySchema,
  alignedClipsQuerySchema,
  type EditActionResponse,
  type EditActionStatus,
  editActionParamsSchema,
  editClipParamsSchema,
  editCropBodySchema,
  editFadeBodySchema,
  editSpeedBodySchema,
} from "../../shared/api/edit.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database, User } from "../db/schema.ts";
import { alignedClipSiblings, alignedClips } from "../edit/aligned-clips.ts";
import { claimEditSession } from "../edit/edit-sessions.ts";
import { cropSubmission, fadeSubmission, speedSubmission } from "../edit/edit-submissions.ts";
import type { JobSubmission } from "../generation/job-store.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { GENERATION_DISABLED } from "./generate.ts";

/** The tasks of edit actions: only their clips answer GET /api/edit/action/{id}/. */
const EDIT_TASKS = new Set(["edit_crop", "edit_fade", "edit_speed"]);
export const EDIT_ACTION_NOT_FOUND = "Edit action not found";

/** Both spellings of a path, with and without its trailing slash. */
const bothSlashes = (path: string) => [path, `${path}/`];

/** Edit mode's calls: crop, fade-out and speed as jobs making a new clip, their polling, and the aligned-clip lookups. */
export function registerEditRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  /**
   * Starts one edit: the caller signed in (asked first, before the body is read), the body valid,
   * the session claimed, then the edit queued on the generation jobs (503 when generation is off).
   */
  function editRoute<Body extends { edit_session_id?: string | null }>(
    path: string,
    schema: z.ZodType<Body>,
    build: (user: User, clipId: string, body: Body) => Promise<JobSubmission>,
  ): void {
    for (const url of bothSlashes(path))
      app.post(url, async (request): Promise<EditActionResponse> => {
        const user = requireUser(request);
        const { clip_id } = parseInput(editClipParamsSchema, request.params, "path");
        const body = parseInput(schema, request.body);
        const jobs = app.generation;
        if (!jobs) throw new HttpError(503, GENERATION_DISABLED);
        const submission = await build(user, clip_id, body);
        await claimEditSession(db, user.id, body.edit_session_id);
        const job = await jobs.submit(submission);
        return { action_clip_id: job.clips[0].clipId };
      });
  }
  editRoute("/api/edit/crop/:clip_id", editCropBodySchema, (user, id, body) =>
    cropSubmission(db, user, id, body),
  );
  editRoute("/api/edit/fade/:clip_id", editFadeBodySchema, (user, id, body) =>
    fadeSubmission(db, user, id, body),
  );
  editRoute("/api/edit/speed/:clip_id", editSpeedBodySchema, (user, id, body) =>
    speedSubmission(db, user, id, body),
  );

  for (const path of bothSlashes("/api/edit/action/:action_clip_id"))
    app.get(path, async (request): Promise<EditActionStatus> => {
      const user = requireUser(request);
      const { action_clip_id } = parseInput(editActionParamsSchema, request.params, "path");
      const [row] = await findVisibleClips(db, user.id, [action_clip_id]);
      const metadata = row?.metadata as ClipMetadata | undefined;
      // Only the owner polls an action; to anyone else it does not exist.
      if (!row || row.user_id !== user.id || !EDIT_TASKS.has(metadata?.task ?? "")) {
        throw notFound(EDIT_ACTION_NOT_FOUND);
      }
      return {
        id: row.id,
        status: row.status,
        clip: row.status === "complete" ? clipView(row, user.id) : null,
        error_message: row.status === "error" ? (metadata?.error_message ?? null) : null,
      };
    });

  for (const path of bothSlashes("/api/clips/aligned_clips"))
    app.get(path, async (request): Promise<AlignmentsResponse> => {
      const user = requireUser(request);
      const query = parseInput(alignedClipsQuerySchema, request.query, "query");
      return { alignments: await alignedClips(db, user.id, query) };
    });
  for (const path of bothSlashes("/api/clips/aligned_clip_siblings"))
    app.get(path, async (request): Promise<AlignmentsResponse> => {
      const user = requireUser(request);
      const { clip_id } = parseInput(alignedClipSiblingsQuerySchema, request.query, "query");
      return { alignments: await alignedClipSiblings(db, user.id, clip_id) };
    });
}
