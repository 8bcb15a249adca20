import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  createPlaylistBodySchema,
  type MyPlaylistsResponse,
  myPlaylistsQuerySchema,
  type PlaylistSummary,
  updatePlaylistClipsBodySchema,
} from "../../shared/api/playlists.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";
import { createPlaylist, myPlaylists, updatePlaylistClips } from "../playlists/playlist-store.ts";

/** The playlist calls of the inspiration picker and the song menu. */
export function registerPlaylistRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/playlist/create/", async (request): Promise<PlaylistSummary> => {
    const user = requireUser(request);
    const { name } = parseInput(createPlaylistBodySchema, request.body);
    return createPlaylist(db, user.id, name);
  });

  app.get("/api/playlist/me", async (request): Promise<MyPlaylistsResponse> => {
    const user = requireUser(request);
    return myPlaylists(db, user.id, parseInput(myPlaylistsQuerySchema, request.query, "query"));
  });

  app.post("/api/playlist/update_clips/", async (request): Promise<PlaylistSummary> => {
    const user = requireUser(request);
    return updatePlaylistClips(db, user.id, parseInput(updatePlaylistClipsBodySchema, request.body));
  });
}
