import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { DragIcon } from "../player/PlayerIcons.tsx";
import type { QueueContext } from "../player/player-queue.ts";
import { QueueSourceContext } from "../player/queue-source.ts";
import { useDragReorder } from "../player/use-drag-reorder.ts";
import { type SongItem, SongRow } from "./SongRow.tsx";
import "./songs.css";

/** A row's height before it is measured; rows with an error line grow. */
const ROW_ESTIMATE = 92;
/** Rows drawn past each edge of the view, so a quick scroll shows no gap. */
const OVERSCAN = 6;
/** Space between rows, in pixels. */
const ROW_GAP = 8;
/** How close to the end (in rows) the list asks for more. */
const NEAR_END = 5;

export interface SongListProps {
  readonly items: readonly SongItem[];
  /** An accessible name for the list. */
  readonly label: string;
  readonly empty?: ReactNode;
  readonly selected?: ReadonlySet<string>;
  readonly onSelect?: (id: string, keys: { shift: boolean; toggle: boolean }) => void;
  readonly menu?: (clip: Clip) => ReactNode;
  /** Called when the view nears the last row (infinite mode). */
  readonly onNearEnd?: () => void;
  /** What follows the rows: a loading line, a "Load more" button. */
  readonly footer?: ReactNode;
  /** Where the player's queue comes from when a song of this list is played. */
  readonly queueContext?: QueueContext;
  /** Each row shows its place in the list (1, 2, ...), as a playlist's songs do. */
  readonly numbered?: boolean;
  /** The list's order is the owner's: a row dragged by its handle (or Alt+Up/Down) moves there. */
  readonly onMove?: (from: number, to: number) => void;
}

const NO_SELECTION: ReadonlySet<string> = new Set();
/** A list whose order is not the viewer's to change. */
const keepOrder = () => {};

/**
 * The one song list of every page: only the rows in view are in the document (virtualised), so a
 * list of thousands scrolls as smoothly as one of ten.
 */
export function SongList({
  items,
  label,
  empty,
  selected = NO_SELECTION,
  onSelect,
  menu,
  onNearEnd,
  footer,
  queueContext,
  numbered = false,
  onMove,
}: SongListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    gap: ROW_GAP,
    getItemKey: (index) => items[index]?.clip.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  const drag = useDragReorder(items.length, onMove ?? keepOrder);
  const order = (index: number, clip: Clip) =>
    numbered || onMove
      ? {
          lead: (
            <>
              {onMove && (
                <button data-testid="song-handle" {...drag.handle(index, clip.id, displayTitle(clip))}>
                  <DragIcon />
                </button>
              )}
              {numbered && <span className="clip-index">{index + 1}</span>}
            </>
          ),
          dropTarget: drag.target === index,
          ...(onMove ? drag.row(index) : {}),
        }
      : undefined;
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onNearEnd && items.length > 0 && lastShown >= items.length - NEAR_END) onNearEnd();
  }, [lastShown, items.length, onNearEnd]);

  // Playing a song makes the list the player's queue, the clicked song current.
  const source = useMemo(
    () => ({
      clips: items.map((item) => item.clip),
      context: queueContext ?? { type: "song_list", id: label },
    }),
    [items, queueContext, label],
  );

  return (
    <QueueSourceContext.Provider value={source}>
      <div className="song-list" ref={scroller} data-testid="clip-list">
        {items.length === 0 && empty}
        <ul className="song-list-rows" aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const item = items[row.index];
            if (item === undefined) return null;
            return (
              <SongRow
                key={row.key}
                item={item}
                selected={selected.has(item.clip.id)}
                onSelect={onSelect}
                menu={menu}
                order={order(row.index, item.clip)}
                place={{
                  index: row.index,
                  count: items.length,
                  ref: virtualizer.measureElement,
                  style: { transform: `translateY(${row.start}px)` },
                }}
              />
            );
          })}
        </ul>
        {footer}
      </div>
    </QueueSourceContext.Provider>
  );
}
