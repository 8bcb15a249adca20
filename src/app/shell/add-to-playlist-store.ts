// The songs the Add to Playlist dialog is open for. The song menu opens it and the playlists'
// dialog, mounted once in the app shell, draws it: the store sits between them so the playlist
// page may show the song menu on its rows without the two folders importing each other.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { Clip } from "../../shared/api/clips.ts";

const addStore = createStore<{ readonly clips: readonly Clip[] | null }>(() => ({ clips: null }));

/** The song menu's Add to Playlist: a dialog listing the listener's playlists for these songs. */
export const openAddToPlaylist = (clips: readonly Clip[]): void => addStore.setState({ clips });
export const closeAddToPlaylist = (): void => addStore.setState({ clips: null });

/** The songs the dialog is open for, or null while it is closed. */
export const useAddToPlaylist = (): readonly Clip[] | null => useStore(addStore, (state) => state.clips);
