import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { DragIcon } from "../player/PlayerIcons.tsx";
import { useDragReorder } from "../player/use-drag-reorder.ts";
import { Link } from "../router/Link.tsx";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";

export interface PlaylistSongsProps {
  readonly playlistId: string;
  readonly songs: readonly Clip[];
  /** The owner may drag songs to reorder them and remove them. */
  readonly editable: boolean;
  readonly onMove: (from: number, to: number) => void;
  /** The songs the menu's Remove from Playlist took out. */
  readonly onRemoved: (clips: readonly Clip[]) => void;
}

/**
 * The playlist's songs in order, each with the song menu (Remove from Playlist there for the owner);
 * the owner drags a row by its handle (or Alt+Up/Down) to move it.
 */
export function PlaylistSongs({ playlistId, songs, editable, onMove, onRemoved }: PlaylistSongsProps) {
  const { t } = useTranslation("playlist");
  const drag = useDragReorder(songs.length, onMove);
  const context = useMemo(
    () => ({ place: "playlist", playlistId, ownsPlaylist: editable }) as const,
    [playlistId, editable],
  );
  return (
    <ol className="playlist-songs" aria-label={t("playlistSongs.songs")}>
      {songs.map((clip, at) => (
        <li
          key={clip.id}
          className={`playlist-song${drag.target === at ? " drop" : ""}`}
          data-testid="playlist-song"
          data-clip-id={clip.id}
          {...drag.row(at)}
        >
          {editable && (
            <button data-testid="playlist-handle" {...drag.handle(at, clip.id, displayTitle(clip))}>
              <DragIcon />
            </button>
          )}
          <span className="playlist-song-index">{at + 1}</span>
          <ClipPlayButton clip={clip} />
          <SongCover clip={clip} size={40} />
          <span className="playlist-song-names">
            <Link className="playlist-song-title" href={`/song/${clip.id}`} data-testid="playlist-song-title">
              {displayTitle(clip)}
            </Link>
            <Link className="playlist-song-handle" href={`/@${clip.handle}`}>
              @{clip.handle}
            </Link>
          </span>
          <span className="playlist-song-duration">{formatDuration(clip.metadata.duration)}</span>
          <SongMenu clips={[clip]} context={context} onRemovedFromPlaylist={onRemoved} />
        </li>
      ))}
    </ol>
  );
}
