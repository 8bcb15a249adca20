// Wheel input over the timeline: Ctrl (or Cmd) zooms around the pointer, Shift or a sideways swipe
// scrolls along the timeline, a plain wheel scrolls the tracks.

import type { Viewport } from "../../timeline/viewport.ts";

/** Zoom per pixel of wheel travel: a notch (100 px) zooms by about 16 %. */
const ZOOM_PER_PIXEL = 0.0015;

const pixelsOf = (event: WheelEvent, delta: number): number =>
  event.deltaMode === 1 ? delta * 16 : event.deltaMode === 2 ? delta * 400 : delta;

export function attachWheel(
  host: HTMLElement,
  box: { readonly left: number },
  viewport: Viewport,
  scrollTracks: (deltaY: number) => void,
): () => void {
  const onWheel = (event: WheelEvent) => {
    const dx = pixelsOf(event, event.deltaX);
    const dy = pixelsOf(event, event.deltaY);
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const x = event.clientX - box.left;
      viewport.zoomAt(viewport.pixelsPerBeat * Math.exp(-dy * ZOOM_PER_PIXEL), x);
      return;
    }
    if (event.shiftKey || Math.abs(dx) > Math.abs(dy)) {
      event.preventDefault();
      const along = event.shiftKey && dx === 0 ? dy : dx;
      viewport.setStartBeat(viewport.startBeat + along / viewport.pixelsPerBeat);
      return;
    }
    event.preventDefault();
    scrollTracks(dy);
  };
  host.addEventListener("wheel", onWheel, { passive: false });
  return () => host.removeEventListener("wheel", onWheel);
}
