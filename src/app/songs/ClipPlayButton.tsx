import { useContext, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { currentClipId, isPlayable, togglePlay, usePlayer } from "../player/player-store.ts";
import { QueueSourceContext } from "../player/queue-source.ts";
import { prepareEngine } from "../player/use-engine-playback.ts";
import { useHeadPrefetch } from "../player/use-head-prefetch.ts";

/** The engine is made once a play button is on the page and the page is idle: not on the first click. */
let warming = false;
function warmEngineWhenIdle(): void {
  if (warming) return;
  warming = true;
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => prepareEngine());
}

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
  const playable = isPlayable(clip);
  const button = useRef<HTMLButtonElement>(null);
  useHeadPrefetch(button, clip);
  useEffect(() => {
    if (playable) warmEngineWhenIdle();
  }, [playable]);
  return (
    <button
      ref={button}
      type="button"
      className="clip-play"
      disabled={!playable}
      aria-label={playing ? t("clipPlayButton.pause", { title }) : t("clipPlayButton.play", { title })}
      // A press comes a few tens of ms before its click: the song's file starts loading at once.
      onPointerDown={() => {
        if (!playing) prepareEngine(clip);
      }}
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
