import {
  playlistDetailSchema,
  playlistPageQuerySchema,
  playlistPlayCountBodySchema,
  playlistReactionBodySchema,
  reorderPlaylistBodySchema,
  setPlaylistMetadataBodySchema,
  setPlaylistVisibilityBodySchema,
} from "../../../shared/api/playlist-page.ts";
import { regeneratePlaylistBodySchema } from "../../../shared/api/playlist-regenerate.ts";
import { playlistSummarySchema } from "../../../shared/api/playlists.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/playlist-page.ts. */
export const playlistPageOperations: OperationGroup = {
  tag: "Playlist page",
  operations: [
    {
      method: "GET",
      path: "/api/playlist/:playlist_id/",
      summary: "Playlist",
      query: playlistPageQuerySchema,
      response: playlistDetailSchema,
    },
    {
      method: "POST",
      path: "/api/playlist/:playlist_id/set_metadata/",
      summary: "Playlist set metadata",
      body: setPlaylistMetadataBodySchema,
    },
    {
      method: "POST",
      path: "/api/playlist/:playlist_id/reorder/",
      summary: "Playlist reorder",
      body: reorderPlaylistBodySchema,
    },
    {
      method: "POST",
      path: "/api/playlist_reaction/:playlist_id/set_visibility/",
      summary: "Playlist reaction set visibility",
      body: setPlaylistVisibilityBodySchema,
    },
    {
      method: "POST",
      path: "/api/playlist_reaction/:playlist_id/update_reaction/",
      summary: "Playlist reaction update reaction",
      body: playlistReactionBodySchema,
    },
    {
      method: "POST",
      path: "/api/playlist_reaction/:playlist_id/increment_play_count/",
      summary: "Playlist reaction increment play count",
      body: playlistPlayCountBodySchema,
    },
    {
      method: "POST",
      path: "/api/playlist/:playlist_id/regenerate/",
      summary: "Playlist regenerate: a new playlist of songs generated in its styles",
      body: regeneratePlaylistBodySchema,
      response: playlistSummarySchema,
    },
  ],
};
