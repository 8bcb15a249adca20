import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIKED_PLAYLIST_ID, type LikedPlaylistResponse } from "../../shared/api/liked-playlist.ts";
import type { MenuContext } from "../../shared/song-menu/menu-context.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { playAll } from "../player/player-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import { LoadMoreButton } from "./LoadMoreButton.tsx";
import { fetchLikedSongs } from "./playlist-calls.ts";
import { likedQueueContext } from "./playlist-rules.ts";
import { RegenerateButton } from "./RegenerateButton.tsx";
import { SpecialPlaylistHead } from "./SpecialPlaylistHead.tsx";
import "./playlists.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly list: LikedPlaylistResponse };

const songMenu = rowMenu({ place: "playlist" } satisfies MenuContext);

/**
 * /playlist/liked: the songs the listener liked, newest like first, a special playlist made for
 * them. Play all queues what is loaded; Load more brings the next 50.
 */
export default function LikedSongsPage() {
  const { t } = useTranslation("playlist");
  const session = useSignedIn();
  const signedIn = session?.user != null;
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const abort = new AbortController();
    fetchLikedSongs(0, abort.signal)
      .then((list) => setLoaded({ state: "ready", list }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the liked songs", error);
        setLoaded({ state: "failed" });
      });
    return () => abort.abort();
  }, [signedIn]);

  const list = loaded.state === "ready" ? loaded.list : null;
  const songs = useMemo(() => list?.playlist_clips.map((entry) => entry.clip) ?? [], [list]);
  const items = useMemo(() => songs.map((clip) => ({ clip })), [songs]);

  const loadMore = async () => {
    if (list === null) return;
    setLoadingMore(true);
    try {
      const next = await fetchLikedSongs(list.playlist_clips.length);
      setLoaded({
        state: "ready",
        list: { ...next, playlist_clips: [...list.playlist_clips, ...next.playlist_clips] },
      });
    } catch (error) {
      console.warn("Could not load more liked songs", error);
      setLoaded({ state: "failed" });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="page playlist-page">
      <PageHeader />
      <main data-testid="liked-songs-page">
        <SpecialPlaylistHead
          kind={t("likedPage.madeForYou")}
          name={t("likedPage.likedSongs")}
          about={t("likedPage.description")}
          coverUrls={songs.flatMap((clip) => clip.image_url ?? [])}
          count={list?.num_total_results ?? 0}
          seconds={list?.total_duration ?? 0}
        >
          <button
            type="button"
            className="playlist-play-all"
            disabled={songs.length === 0}
            onClick={() => playAll(songs, likedQueueContext, false)}
          >
            {t("playlistHead.playAll")}
          </button>
          <button
            type="button"
            className="player-small-button"
            disabled={songs.length === 0}
            onClick={() => playAll(songs, likedQueueContext, true)}
          >
            {t("playlistHead.shuffle")}
          </button>
          <RegenerateButton playlistId={LIKED_PLAYLIST_ID} disabled={songs.length === 0} />
        </SpecialPlaylistHead>
        {loaded.state === "loading" && <p className="page-loading">{t("playlistPage.loading")}</p>}
        {loaded.state === "failed" && (
          <p className="error" role="alert">
            {t("likedPage.failed")}
          </p>
        )}
        {list !== null && (
          <SongList
            label={t("likedPage.likedSongs")}
            items={items}
            menu={songMenu}
            queueContext={likedQueueContext}
            empty={
              <p className="playlist-empty" data-testid="liked-songs-empty">
                {t("likedPage.empty")}
              </p>
            }
          />
        )}
        {list !== null && songs.length < list.num_total_results && (
          <LoadMoreButton loading={loadingMore} onLoad={() => void loadMore()} />
        )}
      </main>
      <Toasts />
    </div>
  );
}
