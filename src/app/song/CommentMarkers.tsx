import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { Comment } from "../../shared/api/comments.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { playAt } from "../player/player-store.ts";

/**
 * Markers over the song's waveform, one per loaded comment with a place in the song, at that
 * fraction of its length; pressing one plays the song from there.
 */
export function CommentMarkers({
  clip,
  comments,
}: {
  readonly clip: Clip;
  readonly comments: readonly Comment[];
}) {
  const { t } = useTranslation("song");
  const duration = clip.metadata.duration ?? 0;
  if (duration <= 0) return null;
  const placed = comments.filter(
    (comment) => comment.track_timestamp !== null && comment.track_timestamp <= duration,
  );
  return (
    <div className="comment-markers">
      {placed.map((comment) => {
        const seconds = comment.track_timestamp ?? 0;
        return (
          <button
            key={comment.id}
            type="button"
            className="comment-marker"
            data-testid="comment-marker"
            style={{ left: `${(seconds / duration) * 100}%` }}
            title={`${formatTrackTimestamp(seconds)} @${comment.user.handle}: ${comment.content}`}
            aria-label={t("comments.markerLabel", {
              at: formatTrackTimestamp(seconds),
              handle: comment.user.handle,
            })}
            onClick={() => playAt(clip, seconds)}
          />
        );
      })}
    </div>
  );
}
