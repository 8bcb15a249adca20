import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type PlaylistDetail,
  playlistIdParamsSchema,
  playlistPageQuerySchema,
  playlistPlayCountBodySchema,
  playlistReactionBodySchema,
  reorderPlaylistBodySchema,
  setPlaylistMetadataBodySchema,
  setPlaylistVisibilityBodySchema,
} from "../../shared/api/playlist-page.ts";
import {
  regeneratePlaylistBodySchema,
  regeneratePlaylistParamsSchema,
} from "../../shared/api/playlist-regenerate.ts";
import type { PlaylistSummary } from "../../shared/api/playlists.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { raisePlaylistLike } from "../notifications/clip-events.ts";
import { raiseContext } from "../notifications/raise.ts";
import {
  incrementPlaylistPlayCount,
  playlistDetail,
  renamePlaylist,
  reorderPlaylist,
  setPlaylistReaction,
  setPlaylistVisibility,
} from "../playlists/playlist-page.ts";
import { regeneratePlaylist } from "../playlists/playlist-regenerate.ts";
import { GENERATION_DISABLED } from "./generate.ts";

/**
 * The playlist page's calls: reading a playlist (anyone, when it is public; its owner always),
 * likes and plays (anyone who may open it), and the owner's changes: name, order, visibility.
 * Regenerating makes the caller a new playlist from any they may open (their special lists too).
 */
export function registerPlaylistPageRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const playlistId = (params: unknown) => parseInput(playlistIdParamsSchema, params, "path").playlist_id;

  app.get("/api/playlist/:playlist_id/", async (request): Promise<PlaylistDetail> => {
    const { page } = parseInput(playlistPageQuerySchema, request.query, "query");
    return playlistDetail(db, request.auth?.user.id ?? null, playlistId(request.params), page);
  });

  app.post("/api/playlist/:playlist_id/set_metadata/", async (request) => {
    const user = requireUser(request);
    const { name } = parseInput(setPlaylistMetadataBodySchema, request.body);
    await renamePlaylist(db, user.id, playlistId(request.params), name);
    return { success: true };
  });

  app.post("/api/playlist/:playlist_id/reorder/", async (request) => {
    const user = requireUser(request);
    const { clip_id, index } = parseInput(reorderPlaylistBodySchema, request.body);
    await reorderPlaylist(db, user.id, playlistId(request.params), { clipId: clip_id, index });
    return { success: true };
  });

  app.post("/api/playlist_reaction/:playlist_id/set_visibility/", async (request) => {
    const user = requireUser(request);
    const { is_public } = parseInput(setPlaylistVisibilityBodySchema, request.body);
    await setPlaylistVisibility(db, user.id, playlistId(request.params), is_public);
    return { is_public };
  });

  app.post("/api/playlist_reaction/:playlist_id/update_reaction/", async (request) => {
    const user = requireUser(request);
    const { reaction } = parseInput(playlistReactionBodySchema, request.body);
    const id = playlistId(request.params);
    const result = await setPlaylistReaction(db, user.id, id, reaction === "L");
    if (result.is_liked) await raisePlaylistLike(raiseContext(db, request), user.id, id);
    return result;
  });

  app.post("/api/playlist_reaction/:playlist_id/increment_play_count/", async (request) => {
    const { clip_id } = parseInput(playlistPlayCountBodySchema, request.body);
    return incrementPlaylistPlayCount(db, request.auth?.user.id ?? null, playlistId(request.params), clip_id);
  });

  app.post("/api/playlist/:playlist_id/regenerate/", async (request): Promise<PlaylistSummary> => {
    const user = requireUser(request);
    const { playlist_id } = parseInput(regeneratePlaylistParamsSchema, request.params, "path");
    const body = parseInput(regeneratePlaylistBodySchema, request.body);
    if (!app.generation) throw new HttpError(503, GENERATION_DISABLED);
    return regeneratePlaylist(db, app.generation, user, playlist_id, body);
  });
}
