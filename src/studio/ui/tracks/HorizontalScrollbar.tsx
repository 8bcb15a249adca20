// The timeline's horizontal scrollbar. Zoom and scroll change every frame, so the thumb is moved
// with a transform (no layout) by the viewport's listeners, never through React state; a native
// scrollbar would force a layout of the whole studio on every change.

import { type PointerEvent, useEffect, useRef } from "react";
import { contentEndBeats } from "../../editing/index.ts";
import { useSession } from "../studio-context.ts";

/** The thumb's CSS width, scaled to its real width by the transform. */
const THUMB_BASE_PX = 100;
const MIN_THUMB_PX = 24;

export function HorizontalScrollbar() {
  const { viewport, controller } = useSession();
  const bar = useRef<HTMLDivElement>(null);
  const thumb = useRef<HTMLDivElement>(null);
  const span = useRef({ travelBeats: 1, width: 1, thumbPx: MIN_THUMB_PX });
  const drag = useRef<{ x: number; startBeat: number } | null>(null);

  useEffect(() => {
    const element = bar.current;
    const knob = thumb.current;
    if (element === null || knob === null) return;
    let project = controller.project;
    let contentEnd = contentEndBeats(project);
    let written = "";
    const sync = () => {
      if (controller.project !== project) {
        project = controller.project;
        contentEnd = contentEndBeats(project);
      }
      const viewBeats = viewport.width / viewport.pixelsPerBeat;
      const totalBeats =
        Math.max(contentEnd, project.loop.endBeats, viewport.startBeat + viewBeats) + viewBeats / 2;
      const width = span.current.width;
      const thumbPx = Math.min(width, Math.max(MIN_THUMB_PX, (viewBeats / totalBeats) * width));
      const travelBeats = Math.max(1e-9, totalBeats - viewBeats);
      const left = Math.min(1, viewport.startBeat / travelBeats) * (width - thumbPx);
      span.current = { travelBeats, width, thumbPx };
      const transform = `translateX(${left.toFixed(1)}px) scaleX(${(thumbPx / THUMB_BASE_PX).toFixed(4)})`;
      if (transform !== written) {
        written = transform;
        knob.style.transform = transform;
      }
    };
    const observer = new ResizeObserver(() => {
      span.current = { ...span.current, width: Math.max(1, element.clientWidth) };
      sync();
    });
    observer.observe(element);
    const stopView = viewport.subscribe(sync);
    const stopStore = controller.store.subscribe(sync);
    sync();
    return () => {
      observer.disconnect();
      stopView();
      stopStore();
    };
  }, [viewport, controller]);

  const beatsPerPixel = () =>
    span.current.travelBeats / Math.max(1, span.current.width - span.current.thumbPx);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    if (event.target === thumb.current) {
      drag.current = { x: event.clientX, startBeat: viewport.startBeat };
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    // A press beside the thumb pages towards it.
    const box = event.currentTarget.getBoundingClientRect();
    const thumbLeft = thumb.current?.getBoundingClientRect().left ?? box.left;
    const page = (viewport.width / viewport.pixelsPerBeat) * 0.9;
    viewport.setStartBeat(viewport.startBeat + (event.clientX > thumbLeft ? page : -page));
  };

  return (
    <div
      className="timeline-hscroll"
      ref={bar}
      aria-hidden="true"
      onPointerDown={onPointerDown}
      onPointerMove={(event) => {
        const state = drag.current;
        if (state !== null)
          viewport.setStartBeat(state.startBeat + (event.clientX - state.x) * beatsPerPixel());
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
    >
      <div ref={thumb} className="timeline-hscroll-thumb" style={{ width: THUMB_BASE_PX }} />
    </div>
  );
}
