import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { PlaylistDetail } from "../../shared/api/playlist-page.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession } from "../account/session-store.ts";
import { i18n } from "../i18n/i18n.ts";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { currentClipId, playAll, playerStore } from "../player/player-store.ts";
import { moved } from "../player/queue-edits.ts";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import { LoadMoreButton } from "./LoadMoreButton.tsx";
import { PlaylistHead } from "./PlaylistHead.tsx";
import {
  countPlaylistPlay,
  fetchPlaylist,
  movePlaylistSong,
  renamePlaylist,
  setPlaylistLiked,
  setPlaylistPublic,
  setPlaylistTrashed,
} from "./playlist-calls.ts";
import { playlistContext } from "./playlist-rules.ts";
import "./playlists.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly playlist: PlaylistDetail; readonly songs: readonly Clip[] };

const PLAYLIST_TOAST_MS = 3000;
/** A trash or restore toast offers Undo this long. */
const TRASH_TOAST_MS = 4000;
const failed = (error: unknown) =>
  showToast({
    kind: "error",
    title: error instanceof ApiError ? error.detail : i18n.t("playlist:playlistPage.anErrorOccurred"),
    durationMs: PLAYLIST_TOAST_MS,
  });

/**
 * /playlist/{id}: a playlist for its owner, or anyone when public. Play all and shuffle make its songs
 * the queue; the owner renames it (at once after Create Playlist, with ?new), drags songs into
 * order, removes them and makes it public or private; anyone signed in may like it.
 */
export default function PlaylistPage({ playlistId }: { readonly playlistId: string }) {
  const { t } = useTranslation("playlist");
  const { search } = useLocation();
  const isNew = new URLSearchParams(search).has("new");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useRef(loaded);
  current.current = loaded;

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: "loading" });
    fetchPlaylist(playlistId, 1, abort.signal)
      .then((playlist) =>
        setLoaded({ state: "ready", playlist, songs: playlist.playlist_clips.map((entry) => entry.clip) }),
      )
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoaded({ state: "missing" });
        else {
          console.warn("Could not load the playlist", error);
          setLoaded({ state: "failed" });
        }
      });
    return () => abort.abort();
  }, [playlistId]);

  // Each song the player starts from this playlist counts a play of the playlist.
  useEffect(() => {
    let counted: string | null = null;
    return playerStore.subscribe((state) => {
      const clipId = currentClipId(state);
      const fromHere = state.context?.type === "playlist" && state.context.id === playlistId;
      if (!fromHere || clipId === null || !state.playing || counted === `${state.starts}`) return;
      counted = `${state.starts}`;
      countPlaylistPlay(playlistId, clipId).catch((error: unknown) =>
        console.warn("Could not count the playlist's play", error),
      );
    });
  }, [playlistId]);

  const update = useCallback(
    (change: (playlist: PlaylistDetail, songs: readonly Clip[]) => Partial<Loaded>) => {
      setLoaded((state) =>
        state.state === "ready" ? ({ ...state, ...change(state.playlist, state.songs) } as Loaded) : state,
      );
    },
    [],
  );

  const items = useMemo(
    () => (loaded.state === "ready" ? loaded.songs.map((clip) => ({ clip })) : []),
    [loaded],
  );

  if (loaded.state !== "ready")
    return (
      <div className="page playlist-page">
        <PageHeader />
        <PageLoadState
          load={loaded}
          failedText={t("playlistPage.failed")}
          missing={{
            testId: "playlist-not-found",
            title: t("playlistPage.playlistNotFound"),
            text: t("playlistPage.missing"),
            home: { href: "/me", label: t("playlistPage.goToYourLibrary") },
          }}
        />
      </div>
    );

  const { playlist, songs } = loaded;
  const context = playlistContext(playlist.id);
  const menuContext = {
    place: "playlist",
    playlistId: playlist.id,
    ownsPlaylist: playlist.is_owned,
  } as const;

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await fetchPlaylist(playlist.id, playlist.current_page + 1);
      update((_, shown) => ({
        playlist: next,
        songs: [...shown, ...next.playlist_clips.map((entry) => entry.clip)],
      }));
    } catch (error) {
      failed(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const move = (from: number, to: number) => {
    const clip = songs[from];
    if (clip === undefined) return;
    const before = songs;
    update(() => ({ songs: moved(songs, from, to) }));
    movePlaylistSong(playlist.id, clip.id, to).catch((error: unknown) => {
      update(() => ({ songs: before }));
      failed(error);
    });
  };

  // The song menu's Remove from Playlist made the call; the page drops the songs and their time.
  const removed = (clips: readonly Clip[]) => {
    const gone = new Set(clips.map((clip) => clip.id));
    update((shown, list) => ({
      songs: list.filter((song) => !gone.has(song.id)),
      playlist: {
        ...shown,
        num_total_results: shown.num_total_results - clips.length,
        total_duration: clips.reduce(
          (total, clip) => total - (clip.metadata.duration ?? 0),
          shown.total_duration,
        ),
      },
    }));
  };

  const rename = (name: string) => {
    if (isNew) navigate(`/playlist/${playlist.id}`, { replace: true });
    if (name.trim() === playlist.name) return;
    renamePlaylist(playlist.id, name)
      .then(() => update((shown) => ({ playlist: { ...shown, name: name.trim() || "Untitled" } })))
      .catch(failed);
  };

  const setPublic = (isPublic: boolean) =>
    setPlaylistPublic(playlist.id, isPublic)
      .then(() => update((shown) => ({ playlist: { ...shown, is_public: isPublic } })))
      .catch(failed);

  const like = () =>
    setPlaylistLiked(playlist.id, !playlist.is_liked)
      .then((answer) => update((shown) => ({ playlist: { ...shown, ...answer } })))
      .catch(failed);

  // To the trash or back, with a toast; the trash toast's Undo restores it.
  const trash = (trashed: boolean, undoing = false) =>
    setPlaylistTrashed(playlist.id, trashed)
      .then(() => {
        update((shown) => ({ playlist: { ...shown, is_trashed: trashed } }));
        const name = playlist.name;
        if (undoing) showToast({ kind: "info", title: t("playlistPage.undone"), durationMs: TRASH_TOAST_MS });
        else if (trashed)
          showToast({
            kind: "info",
            title: t("playlistPage.movedToTrash", { name }),
            durationMs: TRASH_TOAST_MS,
            action: { label: t("playlistPage.undo"), run: () => void trash(false, true) },
          });
        else
          showToast({
            kind: "info",
            title: t("playlistPage.restored", { name }),
            durationMs: TRASH_TOAST_MS,
          });
      })
      .catch(failed);

  return (
    <div className="page playlist-page">
      <PageHeader />
      <main data-testid="playlist-page">
        <PlaylistHead
          playlist={playlist}
          editName={isNew && playlist.is_owned}
          onRename={rename}
          onPlay={(shuffle) => playAll(songs, context, shuffle)}
          onLike={like}
          onSetPublic={setPublic}
          onTrash={(trashed) => void trash(trashed)}
        />
        <SongList
          items={items}
          label={t("playlistSongs.songs")}
          queueContext={context}
          numbered
          onMove={playlist.is_owned ? move : undefined}
          menu={(clip) => <SongMenu clips={[clip]} context={menuContext} onRemovedFromPlaylist={removed} />}
          empty={
            <p className="playlist-empty">
              {playlist.is_owned ? t("playlistPage.thisPlaylistHasNo") : t("playlistPage.thisPlaylistHasNo2")}
            </p>
          }
          footer={
            playlist.has_more && <LoadMoreButton loading={loadingMore} onLoad={() => void loadMore()} />
          }
        />
      </main>
      <Toasts />
    </div>
  );
}
