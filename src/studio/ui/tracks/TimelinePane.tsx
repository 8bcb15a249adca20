// The timeline area: the track headers on the left, the canvas (ruler and lanes) beside them, the
// horizontal scrollbar under it. The headers' scroller owns the vertical scroll; the canvas
// follows it through the viewport.

import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/shallow";
import { addTrack } from "../../editing/index.ts";
import { layoutTracks, totalHeight, visibleTrackRange } from "../../timeline/track-layout.ts";
import { useSession, useStudio, useViewerId } from "../studio-context.ts";
import { GridControls } from "./GridControls.tsx";
import { TakeLaneRows } from "./TakeLaneRows.tsx";
import { TimelineLanes } from "./TimelineLanes.tsx";
import { TrackHeader } from "./TrackHeader.tsx";

/** Headers rendered beyond the visible ones, above and below. */
const OVERSCAN = 3;

export function TimelinePane() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const { controller, viewport } = session;
  const tracks = useStudio((state) => state.history.present.tracks);
  const selected = useStudio(useShallow((state) => state.history.present.selection.trackIds));
  const headers = useRef<HTMLElement>(null);
  // Who is looking: the take lanes' unheard markers show to their own user only.
  const viewerId = useViewerId();
  const layout = useMemo(() => layoutTracks(tracks), [tracks]);
  // Only the headers in view (and a few around) are rendered: 64 full headers re-rendering on a
  // mute-all would cost a frame; the range changes only when a header enters or leaves.
  const [range, setRange] = useState<readonly [number, number]>([0, 15]);
  const updateRange = useCallback(() => {
    const element = headers.current;
    if (element === null) return;
    const visible = visibleTrackRange(layout, element.scrollTop, element.scrollTop + element.clientHeight);
    const next: readonly [number, number] =
      visible === null
        ? [0, -1]
        : [Math.max(0, visible[0] - OVERSCAN), Math.min(tracks.length - 1, visible[1] + OVERSCAN)];
    setRange((current) => (current[0] === next[0] && current[1] === next[1] ? current : next));
  }, [layout, tracks.length]);
  useEffect(() => {
    updateRange();
    const element = headers.current;
    if (element === null) return;
    const observer = new ResizeObserver(updateRange);
    observer.observe(element);
    return () => observer.disconnect();
  }, [updateRange]);

  const scrollTracks = useCallback((deltaY: number) => {
    const element = headers.current;
    if (element !== null) element.scrollTop += deltaY;
  }, []);

  const openEq = useCallback(
    (trackId: string) => {
      controller.select((project) => ({
        ...project,
        selection: {
          ...project.selection,
          trackIds: project.selection.trackIds.includes(trackId) ? project.selection.trackIds : [trackId],
          focusedTrackId: trackId,
        },
      }));
      if (!(controller.state.ui.sidebarOpen && controller.state.ui.sidebarSection === "eq"))
        controller.showSection("eq");
    },
    [controller],
  );

  return (
    <div className="timeline-pane">
      <div className="timeline-corner">
        <GridControls />
      </div>
      <section
        className="track-headers"
        ref={headers}
        onScroll={(event) => {
          viewport.setScrollY(event.currentTarget.scrollTop);
          updateRange();
        }}
        aria-label={t("tracks.label")}
      >
        <div className="track-headers-list" style={{ height: totalHeight(layout) }}>
          {tracks.slice(range[0], range[1] + 1).map((track, offset) => (
            <Fragment key={track.id}>
              <TrackHeader
                track={track}
                top={layout.tops[range[0] + offset]}
                selected={selected.includes(track.id)}
                controller={controller}
                onOpenEq={openEq}
              />
              {track.takeLanesExpanded && (
                <TakeLaneRows
                  track={track}
                  top={layout.tops[range[0] + offset] + track.height}
                  controller={controller}
                  viewerId={viewerId}
                />
              )}
            </Fragment>
          ))}
        </div>
        <div className="track-headers-end">
          <button
            type="button"
            className="ghost add-track"
            onClick={() => controller.edit((project) => addTrack(project))}
          >
            {t("tracks.add")}
          </button>
        </div>
      </section>
      <TimelineLanes scrollTracks={scrollTracks} />
    </div>
  );
}
