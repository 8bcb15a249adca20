import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { PlaylistSummary } from "../../shared/api/playlists.ts";
import { useModalFocus } from "../../ui/modal-focus.ts";
import { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { navigate } from "../router/history-router.ts";
import { closeAddToPlaylist as close, useAddToPlaylist } from "../shell/add-to-playlist-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { addToPlaylist, createPlaylist, newPlaylistPath } from "./playlist-calls.ts";
import { songCount } from "./playlist-rules.ts";
import { useMyPlaylists } from "./use-my-playlists.ts";
import "./playlists.css";

/** The playlist toasts stay 3 s. */
const PLAYLIST_TOAST_MS = 3000;

/** Mounted once in the app shell: the dialog, while a song menu has it open. */
export function AddToPlaylistHost() {
  const clips = useAddToPlaylist();
  return clips === null || clips.length === 0 ? null : <AddToPlaylistDialog clips={clips} />;
}

const failed = (error: unknown) =>
  showToast({
    kind: "error",
    title: error instanceof ApiError ? error.detail : i18n.t("common:addToPlaylist.anErrorOccurred"),
    durationMs: PLAYLIST_TOAST_MS,
  });

function AddToPlaylistDialog({ clips }: { readonly clips: readonly Clip[] }) {
  const { t } = useTranslation("common");
  const [term, setTerm] = useState("");
  const [playlists] = useMyPlaylists(term);
  const [busy, setBusy] = useState(false);
  const ids = clips.map((clip) => clip.id);

  const box = useRef<HTMLDivElement>(null);
  useModalFocus(box, close);

  const addTo = async (playlist: PlaylistSummary) => {
    setBusy(true);
    try {
      await addToPlaylist(playlist.id, ids);
      showToast({
        kind: "success",
        title: t("addToPlaylist.addedTo", { name: playlist.name }),
        durationMs: PLAYLIST_TOAST_MS,
      });
      close();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const createWithSongs = async () => {
    setBusy(true);
    try {
      const playlist = await createPlaylist();
      await addToPlaylist(playlist.id, ids);
      close();
      navigate(newPlaylistPath(playlist.id));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="playlist-dialog-backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && close()}
    >
      <div
        ref={box}
        className="playlist-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="add-to-playlist-title"
        data-testid="add-to-playlist"
      >
        <header className="playlist-dialog-head">
          <h2 id="add-to-playlist-title">{t("addToPlaylist.addToPlaylist")}</h2>
          <button
            type="button"
            className="player-button"
            aria-label={t("addToPlaylist.close")}
            onClick={close}
          >
            ✕
          </button>
        </header>
        <label className="playlist-dialog-search-label">
          {t("addToPlaylist.searchPlaylists")}
          <input
            type="search"
            className="playlist-dialog-search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </label>
        <ul className="playlist-dialog-list">
          <li>
            <button
              type="button"
              className="playlist-dialog-row"
              disabled={busy}
              onClick={() => void createWithSongs()}
            >
              {t("addToPlaylist.newPlaylist")}
            </button>
          </li>
          {playlists?.map((playlist) => (
            <li key={playlist.id}>
              <button
                type="button"
                className="playlist-dialog-row"
                disabled={busy}
                onClick={() => void addTo(playlist)}
              >
                <span>{playlist.name}</span>
                <small>{songCount(playlist.num_total_results)}</small>
              </button>
            </li>
          ))}
        </ul>
        {playlists === null && <p className="playlist-dialog-note">{t("addToPlaylist.loading")}</p>}
        {playlists?.length === 0 && (
          <p className="playlist-dialog-note">{t("addToPlaylist.noPlaylistsFound")}</p>
        )}
      </div>
    </div>
  );
}
