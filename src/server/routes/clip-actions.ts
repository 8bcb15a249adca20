import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { SamplePackResponse } from "../../shared/api/clip-actions.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { buildSamplePack, packMusic, samplePackKey } from "../generation/sample-pack.ts";
import { putBytes, storedStemsSchema } from "../generation/song-outputs.ts";
import { NO_STEMS } from "../generation/stem-clips.ts";
import { usableClip } from "../generation/usable-clips.ts";
import { conflict } from "../http/errors.ts";
import { attachment, sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";

const samplePackUrl = (clipId: string) => `/api/generate/${clipId}/sample_pack.zip`;

/** The song menu's Sample Pack: made once from the stems our generator kept, for the song's owner. */
export function registerClipActionRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; storage: Storage },
) {
  const { db, storage } = deps;

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
