import { useContext } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { currentClipId, isPlayable, togglePlay, usePlayer } from "../player/player-store.ts";
import { QueueSourceContext } from "../player/queue-source.ts";

/**
 * A song's play / pause button: plays it in the global player once it is streaming or complete,
 * with the list around it (if any) as the queue; from startAt seconds when it is not the song the
 * player holds (a song link's ?t=).
 */
export function ClipPlayButton({ clip, startAt = 0 }: { readonly clip: Clip; readonly startAt?: number }) {
  const { t } = useTranslation("common");
  const playing = usePlayer((state) => currentClipId(state) === clip.id && state.playing);
  const source = useContext(QueueSourceContext);
  const title = displayTitle(clip);
  return (
    <button
      type="button"
      className="clip-play"
      disabled={!isPlayable(clip)}
      aria-label={playing ? t("clipPlayButton.pause", { title }) : t("clipPlayButton.play", { title })}
      onClick={(event) => {
        // The row's click selects it; playing is not selecting.
        event.stopPropagation();
        togglePlay(clip, source?.clips, source?.context ?? null, startAt);
      }}
    >
      {playing ? "❚❚" : "▶"}
    </button>
  );
}
