import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type LikedPlaylistResponse, likedPlaylistQuerySchema } from "../../shared/api/liked-playlist.ts";
import { type TrashPlaylistResponse, trashPlaylistBodySchema } from "../../shared/api/playlist-page.ts";
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
import { likedPlaylist } from "../playlists/liked-playlist.ts";
import { setPlaylistTrashed } from "../playlists/playlist-page.ts";
import { createPlaylist, myPlaylists, updatePlaylistClips } from "../playlists/playlist-store.ts";

/** The playlist calls of the inspiration picker and the song menu, the liked list and the trash. */
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

  app.get("/api/playlist/liked_playlist", async (request): Promise<LikedPlaylistResponse> => {
    const user = requireUser(request);
    return likedPlaylist(db, user.id, parseInput(likedPlaylistQuerySchema, request.query, "query"));
  });

  app.post("/api/playlist/trash/", async (request): Promise<TrashPlaylistResponse> => {
    const user = requireUser(request);
    const { playlist_id, undo_trash } = parseInput(trashPlaylistBodySchema, request.body);
    await setPlaylistTrashed(db, user.id, playlist_id, !undo_trash);
    return { playlist_id, is_trashed: !undo_trash };
  });
}
