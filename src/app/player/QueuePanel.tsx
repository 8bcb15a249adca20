import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { useModalFocus } from "../../ui/modal-focus.ts";
import { setCrossfade, useCrossfade } from "./crossfade-setting.ts";
import { DragIcon } from "./PlayerIcons.tsx";
import { switchContinuous, updatePlayer, usePlayer } from "./player-store.ts";
import { clearQueue, moveTo, playFrom, remainingCount, removeAt } from "./queue-edits.ts";
import { useDragReorder } from "./use-drag-reorder.ts";

/** Each row's height: the list draws only the rows in view, so a queue of 10,000 stays quick. */
const ROW_HEIGHT = 52;

/**
 * The queue panel, opened from the player bar: the songs in play order, the current one marked. A
 * row is dragged by its handle to move it (or moved with Alt+Up and Alt+Down from the handle),
 * played from with a click on its title, or taken out; Clear keeps only the current song.
 */
export function QueuePanel({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const clips = usePlayer((state) => state.clips);
  const order = usePlayer((state) => state.order);
  const position = usePlayer((state) => state.position);
  const continuous = usePlayer((state) => state.continuous);
  const upcoming = usePlayer(remainingCount);
  const crossfade = useCrossfade();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  // The panel is not modal: it takes the focus when opened and gives it back to Queue on Escape.
  const panel = useRef<HTMLElement>(null);
  useModalFocus(panel, onClose, false);

  const drag = useDragReorder(order.length, (from, to) => updatePlayer((state) => moveTo(state, from, to)));

  return (
    <section ref={panel} className="queue-panel" aria-label={t("player.queue")} data-testid="queue-panel">
      <header className="queue-head">
        <h2>{t("player.queue")}</h2>
        <span className="queue-count">{t("player.upNext", { count: upcoming })}</span>
        <button
          type="button"
          className="player-small-button"
          disabled={order.length <= 1}
          onClick={() => updatePlayer(clearQueue)}
        >
          {t("player.clear")}
        </button>
        <button type="button" className="player-button" aria-label={t("player.closeQueue")} onClick={onClose}>
          ✕
        </button>
      </header>
      <div className="queue-settings">
        <label className="queue-continuous">
          <input type="checkbox" checked={continuous} onChange={switchContinuous} />
          {t("player.autoplay")}
        </label>
        <label className="queue-crossfade">
          {t("player.crossfade")}
          <input
            type="range"
            min={0}
            max={12}
            step={1}
            value={crossfade}
            onChange={(event) => setCrossfade(event.target.value)}
          />
          <output data-testid="queue-crossfade">
            {crossfade === 0 ? t("player.off") : t("player.seconds", { count: crossfade })}
          </output>
        </label>
      </div>
      {order.length === 0 ? (
        <p className="queue-empty">{t("player.queueEmpty")}</p>
      ) : (
        <div className="queue-scroller" ref={scroller}>
          <ol className="queue-rows" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const at = row.index;
              const clip = clips[order[at] as number];
              if (clip === undefined) return null;
              const current = at === position;
              const classes = [
                "queue-row",
                current && "current",
                at < position && "played",
                drag.target === at && "drop",
              ];
              return (
                <li
                  key={row.key}
                  className={classes.filter(Boolean).join(" ")}
                  style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
                  data-testid="queue-row"
                  data-clip-id={clip.id}
                  aria-current={current ? "true" : undefined}
                  {...drag.row(at)}
                >
                  <button data-testid="queue-handle" {...drag.handle(at, clip.id, displayTitle(clip))}>
                    <DragIcon />
                  </button>
                  <button
                    type="button"
                    className="queue-song"
                    title={t("player.playFromHere")}
                    onClick={() => updatePlayer((state) => playFrom(state, at))}
                  >
                    <span className="queue-title">{displayTitle(clip)}</span>
                    <span className="queue-handle-name">
                      {current ? t("player.nowPlaying") : ""}@{clip.handle}
                    </span>
                  </button>
                  <span className="queue-duration">{formatDuration(clip.metadata.duration)}</span>
                  {!current && (
                    <button
                      type="button"
                      className="player-button"
                      aria-label={t("player.removeFromQueue", { title: displayTitle(clip) })}
                      onClick={() => updatePlayer((state) => removeAt(state, at))}
                    >
                      ✕
                    </button>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
