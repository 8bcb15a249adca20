import { useEffect, useMemo, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { onRepeatResponseSchema } from "../../shared/api/on-repeat.ts";
import { ON_REPEAT_PLAYLIST_ID } from "../../shared/api/playlist-regenerate.ts";
import type { MenuContext } from "../../shared/song-menu/menu-context.ts";
import { apiRequest } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { playAll } from "../player/player-store.ts";
import { RegenerateButton } from "../playlists/RegenerateButton.tsx";
import { SpecialPlaylistHead } from "../playlists/SpecialPlaylistHead.tsx";
import { useNotInterested } from "../shell/not-interested-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import "../playlists/playlists.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly songs: readonly Clip[] };

const ON_REPEAT_CONTEXT = { type: "on_repeat", id: null } as const;
const MENU: MenuContext = { place: "on_repeat" };
const songMenu = rowMenu(MENU);

/**
 * /on_repeat: the listener's most replayed songs of the last weeks, a special playlist made for
 * them. Play all queues it; a song marked Not Interested leaves the list at once (Undo brings it
 * back) and stays out of it and of the recommendations.
 */
export default function OnRepeatPage() {
  const session = useSignedIn();
  const signedIn = session?.user != null;
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const hidden = useNotInterested();

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    apiRequest("/api/playlist/on_repeat/", onRepeatResponseSchema, { signal: abort.signal })
      .then((list) => setLoaded({ state: "ready", songs: list.playlist_clips.map((entry) => entry.clip) }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the on-repeat list", error);
        setLoaded({ state: "failed" });
      });
    return () => abort.abort();
  }, [signedIn]);

  const songs = useMemo(
    () => (loaded.state === "ready" ? loaded.songs.filter((clip) => !hidden.has(clip.id)) : []),
    [loaded, hidden],
  );
  const items = useMemo(() => songs.map((clip) => ({ clip })), [songs]);
  const seconds = songs.reduce((sum, clip) => sum + (clip.metadata.duration ?? 0), 0);

  return (
    <div className="page playlist-page">
      <PageHeader />
      <main data-testid="on-repeat-page">
        <SpecialPlaylistHead
          kind="Made for you"
          name="On Repeat"
          about="The songs you played most in the last four weeks"
          coverUrls={songs.flatMap((clip) => clip.image_url ?? [])}
          count={songs.length}
          seconds={seconds}
        >
          <button
            type="button"
            className="playlist-play-all"
            disabled={songs.length === 0}
            onClick={() => playAll(songs, ON_REPEAT_CONTEXT, false)}
          >
            ▶ Play all
          </button>
          <RegenerateButton playlistId={ON_REPEAT_PLAYLIST_ID} disabled={songs.length === 0} />
        </SpecialPlaylistHead>
        {loaded.state === "loading" && <p className="page-loading">Loading...</p>}
        {loaded.state === "failed" && (
          <p className="error" role="alert">
            Failed to fetch song list. Reload the page to try again.
          </p>
        )}
        {loaded.state === "ready" && (
          <SongList
            label="On Repeat"
            items={items}
            menu={songMenu}
            queueContext={ON_REPEAT_CONTEXT}
            empty={
              <p className="playlist-empty" data-testid="on-repeat-empty">
                Nothing on repeat yet. Songs you play again and again show up here, most played first.
              </p>
            }
          />
        )}
      </main>
      <Toasts />
    </div>
  );
}
