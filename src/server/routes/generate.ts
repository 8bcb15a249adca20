import type { FastifyInstance, FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Generator } from "../../generator/generator.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  adjustSpeedBodySchema,
  concatBodySchema,
  type GenerateResponse,
  type GenerationRequestsResponse,
  generateBodySchema,
  generationRequestsQuerySchema,
  mergeBodySchema,
  type StemsResponse,
  upsampleBodySchema,
} from "../../shared/api/generate.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { readStored } from "../clips/clip-audio.ts";
import { findVisibleClip, findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database, User } from "../db/schema.ts";
import { claimEditSession } from "../edit/edit-sessions.ts";
import { clipPublisher } from "../generation/clip-publisher.ts";
import {
  createSubmission,
  majorModelVersion,
  planFromBody,
  requestMetadata,
} from "../generation/generate-request.ts";
import { GenerationService, type QueueTimings } from "../generation/generation-service.ts";
import type { JobSubmission } from "../generation/job-store.ts";
import { concatSubmission, speedSubmission, upsampleSubmission } from "../generation/library-actions.ts";
import { checkLyricsGuidelines } from "../generation/lyrics-guidelines.ts";
import { mergeSongs } from "../generation/merge-songs.ts";
import { chooseModel } from "../generation/model-choice.ts";
import { resolveRequestReferences } from "../generation/request-references.ts";
import { checkRequestTexts } from "../generation/request-texts.ts";
import { type SeparateSong, stemClipsFor } from "../generation/stem-clips.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raiseClipRemix } from "../notifications/clip-events.ts";
import { raiseContext, raisePersonaUsed } from "../notifications/raise.ts";
import { separatedStemClips } from "../separation/separated-stems.ts";
import type { SeparationServerSetting } from "../separation/separation-server.ts";
import { SeparationService } from "../separation/separation-service.ts";
import type { Storage } from "../storage/storage.ts";
import { studioProjectWorkspace } from "../studio-live/members.ts";
import { announceSharedClipChange } from "../workspaces/shared-clip-changes.ts";
import { workspaceForNewClips } from "../workspaces/workspace-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The generation jobs of this server; null when generation is turned off. */
    generation: GenerationService | null;
  }
}

/** The exact 503 text when generation is off. */
export const GENERATION_DISABLED = "Generations are currently disabled. Please try again later.";

export interface GenerateRouteDeps {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  /** What makes the music; null or absent turns generation off (503). Closed with the server. */
  readonly generator?: Generator | null;
  /** An external stem separation server tried before ours (SEPARATION_URL). */
  readonly separationServer?: SeparationServerSetting;
  /** Generations rendering at once in this process (0: other processes render them); by default the cores less one. */
  readonly concurrency?: number;
  /** The embedded database: jobs running at start were this server's, cut short by a crash. */
  readonly exclusiveDatabase?: boolean;
  /** Queue timings (tests shorten them). */
  readonly queue?: QueueTimings;
}

/** 000/001: generation, its requests, and the library actions built on it (concat, stems, remaster, speed). */
export function registerGenerateRoutes(app: FastifyInstance, deps: GenerateRouteDeps): void {
  const { db, storage } = deps;
  const views = async (viewerId: string, ids: readonly string[]) =>
    (await findVisibleClips(db, viewerId, ids)).map((row) => clipView(row, viewerId));
  const publish = clipPublisher(db, () => app.realtime.pubsub, app.log);
  const service = deps.generator
    ? new GenerationService({
        db,
        storage,
        generator: deps.generator,
        publish,
        log: app.log,
        concurrency: deps.concurrency,
        exclusiveDatabase: deps.exclusiveDatabase,
        queue: deps.queue,
      })
    : null;
  app.decorate("generation", service);
  app.addHook("onReady", async () => service?.start());
  // preClose: running songs go back on the queue while the database (closed on close) is still open.
  app.addHook("preClose", async () => service?.close());
  // One song at a time per process: a separation keeps one core busy for a while. Started after the
  // generation's worker, which on the embedded database hands back every job a crash left running.
  const separation = new SeparationService({
    db,
    storage,
    publish,
    log: app.log,
    concurrency: deps.concurrency === 0 ? 0 : 1,
    queue: deps.queue,
    separationServer: deps.separationServer,
  });
  app.addHook("onReady", async () => separation.start());
  app.addHook("preClose", async () => separation.close());
  const separate: SeparateSong = async (user, song) => {
    const ids = await separatedStemClips(db, storage, user, song);
    separation.poke();
    return ids;
  };

  const running = (): GenerationService => {
    if (!service) throw new HttpError(503, GENERATION_DISABLED);
    return service;
  };

  /** Creates the job's clips and credits in one transaction, then hands the job to the queue. */
  async function submit(user: User, submission: JobSubmission) {
    const job = await running().submit(submission);
    const clips = await views(
      user.id,
      job.clips.map((clip) => clip.clipId),
    );
    return { job, clips };
  }

  const generate = async (request: FastifyRequest): Promise<GenerateResponse> => {
    const user = requireUser(request);
    const body = parseInput(generateBodySchema, request.body);
    running();
    const { model, mappedFrom } = chooseModel(user, body.mv);
    const resolved = await resolveRequestReferences(db, user, body, model);
    checkRequestTexts(body, model, resolved.references.length > 0);
    checkLyricsGuidelines(body.prompt, body.gpt_description_prompt, body.title);
    const plan = planFromBody(body, model, resolved);
    const metadata = requestMetadata(body, plan, resolved);
    // The new clips go into a workspace of the caller's named by project_id, theirs or shared with
    // them (404 for anyone else's); made in a studio project, into the workspace of its song.
    const projectId = await workspaceForNewClips(
      db,
      user.id,
      body.project_id ?? (await studioProjectWorkspace(db, body.metadata?.from_studio_project_id, user.id)),
    );
    const { job, clips } = await submit(
      user,
      createSubmission(user, model, body, plan, metadata, { projectId }),
    );
    // A member's new songs in a shared workspace reach the other members' open lists.
    if (projectId !== null) {
      await announceSharedClipChange(
        raiseContext(db, request),
        user,
        "add_clips",
        clips.map((clip) => clip.id),
      );
    }
    if (resolved.personaId !== null)
      await raisePersonaUsed(raiseContext(db, request), user.id, resolved.personaId);
    if (resolved.remixOf !== null)
      await raiseClipRemix(raiseContext(db, request), user.id, resolved.remixOf.id);
    return {
      id: job.jobId,
      clips,
      metadata,
      major_model_version: majorModelVersion(model),
      status: job.clips.every((clip) => clip.state === "queued") ? "queued" : "submitted",
      created_at: job.createdAt.toISOString(),
      batch_size: clips.length,
      ...(mappedFrom === null
        ? {}
        : { model_substitution: { requested: mappedFrom, used: model.external_key } }),
    };
  };
  for (const path of [
    "/api/generate/v2/",
    "/api/generate/v2-web/",
    "/api/generate/v2",
    "/api/generate/v2-web",
  ]) {
    app.post(path, generate);
  }

  for (const path of ["/api/generate/requests/", "/api/generate/requests"])
    app.get(path, async (request): Promise<GenerationRequestsResponse> => {
      const user = requireUser(request);
      const query = parseInput(generationRequestsQuerySchema, request.query, "query");
      const rows = await db
        .selectFrom("generation_jobs")
        .innerJoin("generated_clips", "generated_clips.job_id", "generation_jobs.id")
        .select([
          "generation_jobs.id",
          "generation_jobs.task",
          "generation_jobs.model_key",
          "generation_jobs.created_at",
          sql<string[]>`array_agg(generated_clips.clip_id::text order by generated_clips.position)`.as(
            "clip_ids",
          ),
          sql<"running" | "complete" | "error">`case
          when bool_or(generated_clips.state in ('queued', 'submitted', 'streaming')) then 'running'
          when bool_and(generated_clips.state = 'error') then 'error'
          else 'complete' end`.as("status"),
        ])
        .where("generation_jobs.user_id", "=", user.id)
        .groupBy("generation_jobs.id")
        .orderBy("generation_jobs.created_at", "desc")
        .limit(100)
        .execute();
      return {
        requests: rows
          .filter((row) => query.status === "all" || row.status === query.status)
          .map((row) => ({
            id: row.id,
            status: row.status,
            task: row.task,
            model_key: row.model_key,
            clip_ids: row.clip_ids,
            created_at: (row.created_at as unknown as Date).toISOString(),
          })),
      };
    });

  for (const path of ["/api/generate/concat/v2/", "/api/generate/concat/v2"])
    app.post(path, async (request) => {
      const user = requireUser(request);
      const body = parseInput(concatBodySchema, request.body);
      running();
      await claimEditSession(db, user.id, body.edit_session_id);
      const { clips } = await submit(user, await concatSubmission(db, user, body));
      return clips[0];
    });

  for (const path of ["/api/generate/merge/", "/api/generate/merge"])
    app.post(path, async (request) => {
      const user = requireUser(request);
      const body = parseInput(mergeBodySchema, request.body);
      const merged = await mergeSongs(db, storage, user, body);
      // Made at once, with no job: the owner's other open lists learn of it as of any new song.
      void publish(user.id, [merged.id]);
      return (await views(user.id, [merged.id]))[0];
    });

  for (const path of ["/api/generate/upsample", "/api/generate/upsample/"])
    app.post(path, async (request) => {
      const user = requireUser(request);
      const body = parseInput(upsampleBodySchema, request.body);
      running();
      const { job, clips } = await submit(user, await upsampleSubmission(db, user, body));
      return { id: job.jobId, clips };
    });

  for (const path of ["/api/clips/adjust-speed/", "/api/clips/adjust-speed"])
    app.post(path, async (request) => {
      const user = requireUser(request);
      const body = parseInput(adjustSpeedBodySchema, request.body);
      running();
      const { clips } = await submit(user, await speedSubmission(db, user, body));
      return clips[0];
    });

  for (const path of ["/api/edit/stems/:clip_id", "/api/edit/stems/:clip_id/"]) {
    app.post(path, async (request): Promise<StemsResponse> => {
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      const user = requireUser(request);
      return { clips: await views(user.id, await stemClipsFor(db, storage, user, clip_id, separate)) };
    });
  }

  app.get("/api/gen/:clip_id/midi/", async (request, reply) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const clip = await findVisibleClip(db, requireUser(request).id, clip_id);
    const row = await db
      .selectFrom("generated_clips")
      .select("midi_key")
      .where("clip_id", "=", clip.id)
      .executeTakeFirst();
    if (!row?.midi_key) throw notFound("This song has no MIDI");
    reply.type("audio/midi");
    reply.header("content-disposition", `attachment; filename="${clip.id}.mid"`);
    return reply.send(await readStored(storage, row.midi_key));
  });
}
