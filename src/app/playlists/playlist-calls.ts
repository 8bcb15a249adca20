// The playlist calls of the pages: the listener's playlists, making one, adding and removing songs,
// and the playlist page's own (read a page of it, rename, reorder, visibility, like, count a play,
// trash and restore), and the liked list.

import { likedPlaylistResponseSchema } from "../../shared/api/liked-playlist.ts";
import {
  type PlaylistDetail,
  playlistDetailSchema,
  playlistPlayCountResponseSchema,
  playlistReactionResponseSchema,
  trashPlaylistResponseSchema,
} from "../../shared/api/playlist-page.ts";
import {
  DEFAULT_PLAYLIST_NAME,
  myPlaylistsResponseSchema,
  type PlaylistSummary,
  playlistSummarySchema,
} from "../../shared/api/playlists.ts";
import { apiRequest, apiSend } from "../account/api-request.ts";

const at = (playlistId: string) => encodeURIComponent(playlistId);

/** The listener's first page of playlists, last changed first; `term` narrows by name. */
export async function fetchMyPlaylists(term = ""): Promise<PlaylistSummary[]> {
  const query = new URLSearchParams({ page: "1" });
  if (term.trim() !== "") query.set("query", term.trim());
  return (await apiRequest(`/api/playlist/me?${query}`, myPlaylistsResponseSchema)).playlists;
}

/** A new playlist, named 'Untitled': its page opens with the name ready to type over. */
export const createPlaylist = (): Promise<PlaylistSummary> =>
  apiRequest("/api/playlist/create/", playlistSummarySchema, { body: { name: DEFAULT_PLAYLIST_NAME } });

/** The new playlist's page, asking for its name at once. */
export const newPlaylistPath = (playlistId: string): string => `/playlist/${at(playlistId)}?new`;

export const addToPlaylist = (playlistId: string, clipIds: readonly string[]) =>
  apiRequest("/api/playlist/update_clips/", playlistSummarySchema, {
    body: { playlist_id: playlistId, update_type: "add", metadata: { clip_ids: clipIds } },
  });

export const fetchPlaylist = (
  playlistId: string,
  page: number,
  signal?: AbortSignal,
): Promise<PlaylistDetail> =>
  apiRequest(`/api/playlist/${at(playlistId)}/?page=${page}`, playlistDetailSchema, { signal });

export const renamePlaylist = (playlistId: string, name: string) =>
  apiSend(`/api/playlist/${at(playlistId)}/set_metadata/`, { body: { name } });

export const movePlaylistSong = (playlistId: string, clipId: string, index: number) =>
  apiSend(`/api/playlist/${at(playlistId)}/reorder/`, { body: { clip_id: clipId, index } });

export const setPlaylistPublic = (playlistId: string, isPublic: boolean) =>
  apiSend(`/api/playlist_reaction/${at(playlistId)}/set_visibility/`, { body: { is_public: isPublic } });

export const setPlaylistLiked = (playlistId: string, liked: boolean) =>
  apiRequest(`/api/playlist_reaction/${at(playlistId)}/update_reaction/`, playlistReactionResponseSchema, {
    body: { reaction: liked ? "L" : null },
  });

export const countPlaylistPlay = (playlistId: string, clipId: string) =>
  apiRequest(
    `/api/playlist_reaction/${at(playlistId)}/increment_play_count/`,
    playlistPlayCountResponseSchema,
    {
      body: { clip_id: clipId },
    },
  );

/** Moves the owner's playlist to the trash (`trashed`), or back. */
export const setPlaylistTrashed = (playlistId: string, trashed: boolean) =>
  apiRequest("/api/playlist/trash/", trashPlaylistResponseSchema, {
    body: { playlist_id: playlistId, undo_trash: !trashed },
  });

/** A new playlist of the listener's, of songs generated in this one's styles (liked and on-repeat too). */
export const regeneratePlaylist = (playlistId: string): Promise<PlaylistSummary> =>
  apiRequest(`/api/playlist/${at(playlistId)}/regenerate/`, playlistSummarySchema, { body: {} });

/** The viewer's liked songs from `fromIndex`, a window of 50. */
export const fetchLikedSongs = (fromIndex: number, signal?: AbortSignal) =>
  apiRequest(`/api/playlist/liked_playlist?from_index=${fromIndex}`, likedPlaylistResponseSchema, { signal });
