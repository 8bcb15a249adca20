import { likedPlaylistQuerySchema, likedPlaylistResponseSchema } from "../../../shared/api/liked-playlist.ts";
import { trashPlaylistBodySchema, trashPlaylistResponseSchema } from "../../../shared/api/playlist-page.ts";
import {
  createPlaylistBodySchema,
  myPlaylistsQuerySchema,
  myPlaylistsResponseSchema,
  playlistSummarySchema,
  updatePlaylistClipsBodySchema,
} from "../../../shared/api/playlists.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/playlists.ts. */
export const playlistsOperations: OperationGroup = {
  tag: "Playlists",
  operations: [
    {
      method: "POST",
      path: "/api/playlist/create/",
      summary: "Playlist create",
      body: createPlaylistBodySchema,
      response: playlistSummarySchema,
    },
    {
      method: "GET",
      path: "/api/playlist/me",
      summary: "Playlist me",
      query: myPlaylistsQuerySchema,
      response: myPlaylistsResponseSchema,
    },
    {
      method: "POST",
      path: "/api/playlist/update_clips/",
      summary: "Playlist update clips",
      body: updatePlaylistClipsBodySchema,
      response: playlistSummarySchema,
    },
    {
      method: "GET",
      path: "/api/playlist/liked_playlist",
      summary: "Playlist liked songs",
      query: likedPlaylistQuerySchema,
      response: likedPlaylistResponseSchema,
    },
    {
      method: "POST",
      path: "/api/playlist/trash/",
      summary: "Playlist trash or restore",
      body: trashPlaylistBodySchema,
      response: trashPlaylistResponseSchema,
    },
  ],
};
