import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type ActionCountResponse,
  type ClipDescription,
  incrementActionBodySchema,
  incrementActionsBodySchema,
  type SamplePackResponse,
} from "../../shared/api/clip-actions.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClip, findVisibleClips } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { describeClip } from "../generation/clip-description.ts";
import { buildSamplePack, packMusic, samplePackKey } from "../generation/sample-pack.ts";
import { putBytes, storedStemsSchema } from "../generation/song-outputs.ts";
import { NO_STEMS } from "../generation/stem-clips.ts";
import { usableClip } from "../generation/usable-clips.ts";
import { conflict, notFound } from "../http/errors.ts";
import { attachment, sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";

const samplePackUrl = (clipId: string) => `/api/generate/${clipId}/sample_pack.zip`;

/** Adds one to each clip's count of the action, in one statement; answers the new counts. */
async function incrementActions(db: Kysely<Database>, clipIds: readonly string[], action: string) {
  const rows = await db
    .insertInto("clip_action_counts")
    .values(clipIds.map((clip_id) => ({ clip_id, action, count: 1 })))
    .onConflict((conflict) =>
      conflict.columns(["clip_id", "action"]).doUpdateSet((eb) => ({
        count: eb("clip_action_counts.count", "+", 1),
        updated_at: new Date(),
      })),
    )
    .returning(["clip_id", "count"])
    .execute();
  return { counts: Object.fromEntries(rows.map((row) => [row.clip_id, row.count])) };
}

/**
 * The song menu's own calls: the Sample Pack (made once from the stems our generator kept, for the
 * song's owner) and the clips' action counts.
 */
export function registerClipActionRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; storage: Storage },
) {
  const { db, storage } = deps;

  // Describe Clip is the owner's: another user's song answers as missing.
  app.get("/api/clips/:clip_id/description", async (request): Promise<ClipDescription> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    return describeClip(db, storage, await usableClip(db, user.id, clip_id));
  });

  // Counted on clips the user may see; one that is not (or is missing) refuses the whole call.
  app.post("/api/gen/:clip_id/increment_action_count/", async (request): Promise<ActionCountResponse> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const { action } = parseInput(incrementActionBodySchema, request.body);
    const user = requireUser(request);
    const clip = await findVisibleClip(db, user.id, clip_id);
    return incrementActions(db, [clip.id], action);
  });

  app.post("/api/gen/increment_action_counts/", async (request): Promise<ActionCountResponse> => {
    const { action, gen_ids } = parseInput(incrementActionsBodySchema, request.body);
    const user = requireUser(request);
    const ids = [...new Set(gen_ids)];
    const visible = await findVisibleClips(db, user.id, ids);
    if (visible.length !== ids.length) throw notFound("Clip not found");
    return incrementActions(db, ids, action);
  });

  app.post("/api/generate/:clip_id/generate_sample_pack", async (request): Promise<SamplePackResponse> => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const clip = await usableClip(db, user.id, clip_id);
    const key = samplePackKey(clip.id);
    if (await storage.stat(key)) return { sample_pack_url: samplePackUrl(clip.id) };
    const row = await db
      .selectFrom("generated_clips")
      .select(["stems", "score"])
      .where("clip_id", "=", clip.id)
      .executeTakeFirst();
    const stems = storedStemsSchema.safeParse(row?.stems ?? null);
    if (!stems.success || stems.data.length === 0) throw conflict(NO_STEMS);
    const music = await packMusic(db, storage, clip, row?.score);
    const zip = await buildSamplePack(storage, clip, stems.data, music);
    await putBytes(storage, key, zip, "application/zip");
    return { sample_pack_url: samplePackUrl(clip.id) };
  });

  app.get("/api/generate/:clip_id/sample_pack.zip", async (request, reply) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const user = requireUser(request);
    const clip = await usableClip(db, user.id, clip_id);
    return sendStored(
      storage,
      samplePackKey(clip.id),
      request.headers.range,
      reply,
      attachment(`${clip.title || "Untitled"} Sample Pack`, "zip"),
    );
  });
}
