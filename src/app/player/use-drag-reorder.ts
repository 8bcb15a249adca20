import { type DragEvent, type KeyboardEvent, useState } from "react";

/**
 * Drag to reorder, for the queue panel and the playlist page: a row's handle is dragged onto
 * another row (which shows where it lands), or moved with Alt+Up and Alt+Down from the handle.
 */
export function useDragReorder(count: number, onMove: (from: number, to: number) => void) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const end = () => {
    setDragged(null);
    setTarget(null);
  };
  return {
    /** The row a drag is over. */
    target,
    row: (at: number) => ({
      onDragOver: (event: DragEvent) => {
        if (dragged === null) return;
        event.preventDefault();
        setTarget(at);
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        if (dragged !== null && dragged !== at) onMove(dragged, at);
        end();
      },
    }),
    /** The props of a row's handle: a button named "Move {title}" that drags or moves with the keys. */
    handle: (at: number, id: string, title: string) => ({
      type: "button" as const,
      className: "queue-handle",
      "aria-label": `Move ${title} (Alt+Up, Alt+Down)`,
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", id);
        setDragged(at);
      },
      onDragEnd: end,
      onKeyDown: (event: KeyboardEvent) => {
        if (!event.altKey) return;
        const to = event.key === "ArrowUp" ? at - 1 : event.key === "ArrowDown" ? at + 1 : -1;
        if (to < 0 || to >= count) return;
        event.preventDefault();
        onMove(at, to);
      },
    }),
  };
}
