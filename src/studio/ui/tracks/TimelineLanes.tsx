// The timeline's right-hand side: the canvas (ruler and lanes) and its horizontal scrollbar, beside
// whichever headers a page puts on the left (the studio's tracks, the editor's song or stems).

import { TimelineCanvas } from "../timeline/TimelineCanvas.tsx";
import { HorizontalScrollbar } from "./HorizontalScrollbar.tsx";

export function TimelineLanes({ scrollTracks }: { readonly scrollTracks: (deltaY: number) => void }) {
  return (
    <>
      <TimelineCanvas scrollTracks={scrollTracks} />
      <div className="timeline-scroll-corner" />
      <HorizontalScrollbar />
    </>
  );
}
