// The header side of a track's expanded take lanes: a row per lane beside the canvas's lane rows,
// with the lane's name ("Original", "Version N"), a solo button (the soloed lane plays in place of
// the track's clips) and, for the user the lane is still unheard for, the unheard marker.

import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Track } from "../../../shared/project/index.ts";
import { setSoloTakeLane, showsUnheardMarker } from "../../editing/take-lanes.ts";
import type { StudioController } from "../../store/studio-controller.ts";
import { TAKE_LANE_ROW_PX } from "../../timeline/track-layout.ts";

interface TakeLaneRowsProps {
  readonly track: Track;
  /** Where the first lane's row starts (under the track's own header). */
  readonly top: number;
  readonly controller: StudioController;
  /** Who is looking: the unheard markers show to their own user only. */
  readonly viewerId: string | null;
}

export const TakeLaneRows = memo(function TakeLaneRows({
  track,
  top,
  controller,
  viewerId,
}: TakeLaneRowsProps) {
  const { t } = useTranslation("studio");
  return (
    <>
      {track.takeLanes.map((lane, index) => {
        const soloed = lane.id === track.soloTakeLaneId;
        const unheard = showsUnheardMarker(lane, viewerId);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a lane row holds controls; a fieldset would not lay out.
          <div
            key={lane.id}
            className={`take-lane-header${soloed ? " soloed" : ""}`}
            style={{
              top: top + index * TAKE_LANE_ROW_PX,
              height: TAKE_LANE_ROW_PX,
              ["--track-color" as string]: track.color,
            }}
            data-testid="take-lane-header"
            data-track-id={track.id}
            data-lane-id={lane.id}
            role="group"
            aria-label={t("tracks.takeLaneGroup", { track: track.name, lane: lane.name })}
          >
            <span className="take-lane-name">{lane.name}</span>
            {unheard && (
              <span className="unheard-marker" data-testid="unheard-marker" title={t("tracks.notPlayedYet")}>
                {t("tracks.new")}
              </span>
            )}
            <button
              type="button"
              className="toggle solo"
              aria-pressed={soloed}
              aria-label={
                soloed
                  ? t("tracks.unsoloLane", { lane: lane.name })
                  : t("tracks.soloLane", { lane: lane.name })
              }
              title={soloed ? t("tracks.laneUnsoloHelp") : t("tracks.laneSoloHelp")}
              onClick={() =>
                controller.edit((project) => setSoloTakeLane(project, track.id, soloed ? null : lane.id))
              }
            >
              {t("tracks.soloLetter")}
            </button>
          </div>
        );
      })}
    </>
  );
});
