import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlaylistSummary } from "../../../shared/api/playlists.ts";
import { useAccount } from "../../account/session-store.ts";
import { createPlaylist, newPlaylistPath } from "../../playlists/playlist-calls.ts";
import { songCount } from "../../playlists/playlist-rules.ts";
import { useMyPlaylists } from "../../playlists/use-my-playlists.ts";
import { CreateModal } from "../../shell/CreateModal.tsx";
import { showToast } from "../../shell/toast-store.ts";
import { useForm } from "../form-store.ts";
import { SearchInput } from "../SearchInput.tsx";

interface PlaylistPickerProps {
  readonly onPick: (playlist: PlaylistSummary) => void;
  readonly onClear: () => void;
  readonly onClose: () => void;
}

/** The playlist error toast stays 3 s. */
const PLAYLIST_ERROR_MS = 3000;

/** The inspiration playlist picker: the user's playlists; only their own songs shape the sound. */
export function PlaylistPicker({ onPick, onClear, onClose }: PlaylistPickerProps) {
  const { t } = useTranslation("create");
  const userId = useAccount((state) => state.session?.user?.id ?? null);
  const selected = useForm((form) => form.global.conditions.untimed.playlist ?? null) ?? null;
  const [term, setTerm] = useState("");
  const [playlists, setPlaylists] = useMyPlaylists(term);
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const playlist = await createPlaylist();
      window.open(newPlaylistPath(playlist.id), "_blank", "noopener");
      setPlaylists((current) => [playlist, ...(current ?? [])]);
    } catch (error) {
      console.warn("Could not create a playlist", error);
      showToast({ kind: "error", title: t("playlistPicker.anErrorOccurred"), durationMs: PLAYLIST_ERROR_MS });
    } finally {
      setCreating(false);
    }
  };

  const pick = (playlist: PlaylistSummary) => {
    if (!playlist.playlist_clips.some((entry) => entry.clip.user_id === userId)) {
      showToast({
        kind: "error",
        title: t("playlistPicker.noOriginalSongsFound"),
        description: t("playlistPicker.pleaseChooseAPlaylist"),
        durationMs: PLAYLIST_ERROR_MS,
      });
      return;
    }
    onPick(playlist);
  };

  return (
    <CreateModal
      titleId="playlist-title"
      title={
        <>
          {t("playlistPicker.inspiration")} <span className="create-beta">{t("playlistPicker.beta")}</span>
        </>
      }
      className="playlist-modal"
      testId="playlist-picker"
      onClose={onClose}
      closeOnBackdrop
    >
      <p className="create-note">{t("playlistPicker.pickAPlaylistOf")}</p>
      <p className="create-note">{t("playlistPicker.onlyYourMusicWill")}</p>
      <div className="create-field-head">
        <span className="create-label">
          {selected
            ? t("playlistPicker.selected", { playlistName: selected.playlistName })
            : t("playlistPicker.noPlaylistSelected")}
        </span>
        {selected && (
          <button type="button" className="create-small-button" onClick={onClear}>
            {t("playlistPicker.clear")}
          </button>
        )}
      </div>
      <SearchInput label={t("playlistPicker.searchPlaylists")} value={term} onChange={setTerm} />
      <ul className="create-modal-list tall">
        <li className="create-modal-row">
          <button type="button" className="grow link-like" disabled={creating} onClick={() => void create()}>
            {creating ? t("playlistPicker.creating") : t("playlistPicker.createNewPlaylist")}
          </button>
        </li>
        {playlists?.map((playlist) => (
          <li
            key={playlist.id}
            className={`create-modal-row ${selected?.playlistId === playlist.id ? "selected" : ""}`}
          >
            <button type="button" className="grow link-like" onClick={() => pick(playlist)}>
              <span>{playlist.name}</span>
              <small>{songCount(playlist.num_total_results)}</small>
            </button>
          </li>
        ))}
      </ul>
      {playlists === null && <p className="create-empty">{t("playlistPicker.loading")}</p>}
      {playlists?.length === 0 && <p className="create-empty">{t("playlistPicker.noPlaylistsFound")}</p>}
    </CreateModal>
  );
}
