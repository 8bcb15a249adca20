import { useState } from "react";
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
      showToast({ kind: "error", title: "An error occurred.", durationMs: PLAYLIST_ERROR_MS });
    } finally {
      setCreating(false);
    }
  };

  const pick = (playlist: PlaylistSummary) => {
    if (!playlist.playlist_clips.some((entry) => entry.clip.user_id === userId)) {
      showToast({
        kind: "error",
        title: "No original songs found",
        description: "Please choose a playlist with at least one song you made.",
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
          Inspiration <span className="create-beta">Beta</span>
        </>
      }
      className="playlist-modal"
      testId="playlist-picker"
      onClose={onClose}
      closeOnBackdrop
    >
      <p className="create-note">Pick a playlist of your own songs to inspire your next creation.</p>
      <p className="create-note">Only your music will be used to shape the sound.</p>
      <div className="create-field-head">
        <span className="create-label">
          {selected ? `Selected: ${selected.playlistName}` : "No playlist selected"}
        </span>
        {selected && (
          <button type="button" className="create-small-button" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      <SearchInput label="Search playlists" value={term} onChange={setTerm} />
      <ul className="create-modal-list tall">
        <li className="create-modal-row">
          <button type="button" className="grow link-like" disabled={creating} onClick={() => void create()}>
            {creating ? "Creating..." : "+ Create New Playlist"}
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
      {playlists === null && <p className="create-empty">Loading...</p>}
      {playlists?.length === 0 && <p className="create-empty">No playlists found</p>}
    </CreateModal>
  );
}
