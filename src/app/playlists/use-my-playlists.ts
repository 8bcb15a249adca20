import { useEffect, useState } from "react";
import type { PlaylistSummary } from "../../shared/api/playlists.ts";
import { fetchMyPlaylists } from "./playlist-calls.ts";

/** Typing in the search waits this long before asking. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The listener's playlists whose names match `term` (all of them for ""), for the pickers; null
 * while loading. A failure to load is only logged, and shows as none.
 */
export function useMyPlaylists(term: string) {
  const [playlists, setPlaylists] = useState<PlaylistSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        fetchMyPlaylists(term)
          .then((found) => live && setPlaylists(found))
          .catch((error: unknown) => {
            console.warn("Could not load playlists", error);
            if (live) setPlaylists([]);
          }),
      term === "" ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);
  return [playlists, setPlaylists] as const;
}
