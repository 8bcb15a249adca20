import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { ClipWaveform } from "../songs/ClipWaveform.tsx";

/**
 * The song's part heard under the hook: a window as long as the video's range over the song's
 * waveform, moved by its start (a slider, so arrows and Page keys work).
 */
export function SongRangePicker({
  song,
  startS,
  lengthS,
  onStart,
}: {
  readonly song: Clip;
  readonly startS: number;
  readonly lengthS: number;
  readonly onStart: (startS: number) => void;
}) {
  const { t } = useTranslation("hooks");
  const duration = song.metadata.duration ?? 0;
  const latest = Math.max(0, duration - lengthS);
  const share = (seconds: number) => (duration > 0 ? Math.min(100, (seconds / duration) * 100) : 0);
  return (
    <div className="song-range">
      <div className="song-range-wave">
        <ClipWaveform clip={song} />
        <div
          className="song-range-window"
          data-testid="song-range-window"
          style={{ left: `${share(startS)}%`, width: `${share(lengthS)}%` }}
        />
      </div>
      <label className="song-range-slider">
        <span>
          {t("songStart")}: {formatTrackTimestamp(startS)} – {formatTrackTimestamp(startS + lengthS)}
        </span>
        <input
          type="range"
          min={0}
          max={latest}
          step={0.1}
          value={Math.min(startS, latest)}
          disabled={latest === 0}
          data-testid="song-start"
          onChange={(event) => onStart(Number(event.target.value))}
        />
      </label>
    </div>
  );
}
