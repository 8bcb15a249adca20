// The editor's timeline: the studio's canvas (ruler, waveforms, selection, playhead) and scrollbar,
// with the editor's own headers beside it (the song alone, or the stem editor's tracks), laid out
// at the studio's track positions so each header sits level with its lane.

import { type ReactNode, useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Track } from "../../shared/project/index.ts";
import { layoutTracks, totalHeight } from "../../studio/timeline/track-layout.ts";
import { useSession, useStudio } from "../../studio/ui/studio-context.ts";
import { TimelineLanes } from "../../studio/ui/tracks/TimelineLanes.tsx";

interface EditTimelineProps {
  /** What shows above the headers, beside the ruler. */
  readonly corner: ReactNode;
  /** One track's header, placed at `top` with the track's height. */
  readonly header: (track: Track, top: number) => ReactNode;
}

export function EditTimeline({ corner, header }: EditTimelineProps) {
  const { t } = useTranslation("edit");
  const { viewport } = useSession();
  const tracks = useStudio((state) => state.history.present.tracks);
  const layout = useMemo(() => layoutTracks(tracks), [tracks]);
  const headers = useRef<HTMLElement>(null);
  const scrollTracks = useCallback((deltaY: number) => {
    if (headers.current !== null) headers.current.scrollTop += deltaY;
  }, []);
  return (
    <div className="timeline-pane edit-timeline">
      <div className="timeline-corner">{corner}</div>
      <section
        className="track-headers"
        ref={headers}
        aria-label={t("page.tracks")}
        onScroll={(event) => viewport.setScrollY(event.currentTarget.scrollTop)}
      >
        <div className="track-headers-list" style={{ height: totalHeight(layout) }}>
          {tracks.map((track, index) => header(track, layout.tops[index]))}
        </div>
      </section>
      <TimelineLanes scrollTracks={scrollTracks} />
    </div>
  );
}
