import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { pinClipBodySchema, pinnedClipsQuerySchema } from "../../shared/api/clip-settings.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { pinnedClips, togglePin } from "../clips/profile-pins.ts";
import { enterContests } from "../contests/contest-store.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** Profile pins: pinning the owner's songs, and reading a profile's pins. */
export function registerProfilePinRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/profiles/pin-clip/:clip_id", async (request) => {
    const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
    const body = parseInput(pinClipBodySchema, request.body);
    const user = requireUser(request);
    const pinned = await togglePin(db, user.id, clip_id);
    // Pinning with submit_to_contest enters the song too; unpinning leaves the entry.
    if (body.submit_to_contest && pinned.is_pinned) await enterContests(db, user.id, clip_id);
    return pinned;
  });

  app.get("/api/profiles/pinned-clips", async (request) => {
    const { handle } = parseInput(pinnedClipsQuerySchema, request.query, "query");
    const viewerId = handle === undefined ? requireUser(request).id : (request.auth?.user.id ?? null);
    return pinnedClips(db, viewerId, handle);
  });
}
