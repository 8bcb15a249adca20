import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { isPlayable, togglePlay, usePlayer } from "../create/player-store.ts";

/**
 * A song's play / pause button: plays it in the player bar once it is streaming or complete, from
 * startAt seconds when it is not the clip already playing (a song link's ?t=).
 */
export function ClipPlayButton({ clip, startAt = 0 }: { readonly clip: Clip; readonly startAt?: number }) {
  const playing = usePlayer((state) => state.clipId === clip.id && state.playing);
  const title = displayTitle(clip);
  return (
    <button
      type="button"
      className="clip-play"
      disabled={!isPlayable(clip)}
      aria-label={playing ? `Pause ${title}` : `Play ${title}`}
      onClick={(event) => {
        // The row's click selects it; playing is not selecting.
        event.stopPropagation();
        togglePlay(clip, startAt);
      }}
    >
      {playing ? "❚❚" : "▶"}
    </button>
  );
}
