import type { KeyboardEvent, MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { Comment } from "../../shared/api/comments.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { playAt } from "../player/player-store.ts";
import { ClipWaveform } from "../songs/ClipWaveform.tsx";
import { CommentMarkers } from "./CommentMarkers.tsx";
import { useSongPosition } from "./use-song-position.ts";

/** Arrow keys move this far on the waveform. */
const KEY_STEP_S = 5;

/**
 * The song's waveform with the player bar's playhead over it; a click (or the arrow keys) plays the
 * song from there through the global player, and the comments' markers sit along its foot.
 */
export function SongWaveform({
  clip,
  comments,
}: {
  readonly clip: Clip;
  readonly comments: readonly Comment[];
}) {
  const { t } = useTranslation("song");
  const duration = clip.metadata.duration ?? 0;
  const position = useSongPosition(clip.id);
  const at = position ?? 0;
  const seekable = duration > 0 && clip.audio_url !== null;

  const seekFromClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (!seekable || box.width <= 0) return;
    playAt(clip, Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) * duration);
  };
  const seekFromKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? KEY_STEP_S : event.key === "ArrowLeft" ? -KEY_STEP_S : 0;
    if (!seekable || step === 0) return;
    event.preventDefault();
    playAt(clip, Math.min(duration, Math.max(0, at + step)));
  };

  return (
    <div className="song-waveform">
      <div
        className="song-seek"
        role="slider"
        tabIndex={seekable ? 0 : -1}
        aria-label={t("waveform.seek")}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(at)}
        aria-valuetext={t("waveform.position", {
          at: formatTrackTimestamp(at),
          duration: formatTrackTimestamp(duration),
        })}
        data-testid="song-seek"
        onClick={seekFromClick}
        onKeyDown={seekFromKey}
      >
        <ClipWaveform clip={clip} />
        {position !== null && duration > 0 && (
          <div
            className="song-playhead"
            data-testid="song-playhead"
            data-seconds={position.toFixed(2)}
            style={{ left: `${Math.min(100, (position / duration) * 100)}%` }}
          />
        )}
      </div>
      <CommentMarkers clip={clip} comments={comments} />
    </div>
  );
}
