import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PlaylistDetail } from "../../shared/api/playlist-page.ts";
import { PLAYLIST_NAME_MAX } from "../../shared/api/playlists.ts";
import { Link } from "../router/Link.tsx";
import { mosaicCovers, playlistSummaryLine } from "./playlist-rules.ts";
import { RegenerateButton } from "./RegenerateButton.tsx";

export interface PlaylistHeadProps {
  readonly playlist: PlaylistDetail;
  /** Opened with ?new: the name field has the focus, its text selected to type over. */
  readonly editName: boolean;
  readonly onRename: (name: string) => void;
  readonly onPlay: (shuffle: boolean) => void;
  readonly onLike: () => void;
  readonly onSetPublic: (isPublic: boolean) => void;
  /** The owner moves it to the trash (true) or restores it (false). */
  readonly onTrash: (trashed: boolean) => void;
}

/** The cover mosaic, the name (a field for the owner), who made it, its counts and its buttons. */
export function PlaylistHead({
  playlist,
  editName,
  onRename,
  onPlay,
  onLike,
  onSetPublic,
  onTrash,
}: PlaylistHeadProps) {
  const { t } = useTranslation("playlist");
  const nameField = useRef<HTMLInputElement>(null);
  const covers = mosaicCovers(playlist.cover_urls);

  useEffect(() => {
    if (!editName) return;
    nameField.current?.focus();
    nameField.current?.select();
  }, [editName]);

  const empty = playlist.num_total_results === 0;
  return (
    <header className="playlist-head">
      <div
        className={`playlist-mosaic tiles-${covers.length}`}
        data-testid="playlist-mosaic"
        aria-hidden="true"
      >
        {covers.map((url) => (
          <img key={url} src={url} alt="" />
        ))}
      </div>
      <div className="playlist-facts">
        <span className="playlist-kind">
          {playlist.is_public ? t("playlistHead.publicPlaylist") : t("playlistHead.privatePlaylist")}
        </span>
        {playlist.is_owned ? (
          <input
            ref={nameField}
            key={playlist.name}
            className="playlist-name-field"
            aria-label={t("playlistHead.playlistName")}
            defaultValue={playlist.name}
            maxLength={PLAYLIST_NAME_MAX}
            onBlur={(event) => onRename(event.target.value)}
            onKeyDown={(event) => event.key === "Enter" && event.currentTarget.blur()}
          />
        ) : (
          <h1 className="playlist-name">{playlist.name}</h1>
        )}
        <p className="playlist-owner">
          {t("playlistHead.by")} <Link href={`/@${playlist.user_handle}`}>@{playlist.user_handle}</Link>
        </p>
        <p className="playlist-summary" data-testid="playlist-summary">
          {playlistSummaryLine(playlist.num_total_results, playlist.total_duration)}
          {playlist.play_count > 0 &&
            ` · ${playlist.play_count} ${playlist.play_count === 1 ? "play" : "plays"}`}
        </p>
        <div className="playlist-actions">
          <button type="button" className="playlist-play-all" disabled={empty} onClick={() => onPlay(false)}>
            {t("playlistHead.playAll")}
          </button>
          <button type="button" className="player-small-button" disabled={empty} onClick={() => onPlay(true)}>
            {t("playlistHead.shuffle")}
          </button>
          <button
            type="button"
            className={`player-small-button${playlist.is_liked ? " selected" : ""}`}
            aria-pressed={playlist.is_liked}
            aria-label={playlist.is_liked ? t("playlistHead.unlikePlaylist") : t("playlistHead.likePlaylist")}
            onClick={onLike}
          >
            ♥
          </button>
          <span className="like-count">{playlist.upvote_count}</span>
          <RegenerateButton playlistId={playlist.id} disabled={empty || playlist.is_trashed} />
          {playlist.is_owned && (
            <label className="playlist-public">
              <input
                type="checkbox"
                checked={playlist.is_public}
                onChange={(event) => onSetPublic(event.target.checked)}
              />
              {t("playlistHead.public")}
            </label>
          )}
          {playlist.is_owned && !playlist.is_trashed && (
            <button type="button" className="player-small-button" onClick={() => onTrash(true)}>
              {t("playlistHead.moveToTrash")}
            </button>
          )}
        </div>
        {playlist.is_trashed && (
          <p className="playlist-trashed" data-testid="playlist-trashed">
            {t("playlistHead.inTrash")}{" "}
            <button type="button" className="player-small-button" onClick={() => onTrash(false)}>
              {t("playlistHead.restore")}
            </button>
          </p>
        )}
      </div>
    </header>
  );
}
