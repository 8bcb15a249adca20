import type { Clip } from "../../shared/api/clips.ts";
import { isPlayable, togglePlay, usePlayer } from "./player-store.ts";

/** A song's play / pause button in a list: plays it in the player bar once it is streaming or complete. */
export function ClipPlayButton({ clip }: { readonly clip: Clip }) {
  const playing = usePlayer((state) => state.clipId === clip.id && state.playing);
  const title = clip.title || "Untitled";
  return (
    <button
      type="button"
      className="clip-play"
      disabled={!isPlayable(clip)}
      aria-label={playing ? `Pause ${title}` : `Play ${title}`}
      onClick={() => togglePlay(clip)}
    >
      {playing ? "❚❚" : "▶"}
    </button>
  );
}
