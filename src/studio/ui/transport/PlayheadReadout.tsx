import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { beats } from "../../../shared/time.ts";
import { beatsToSeconds } from "../../../shared/timing/tempo-map.ts";
import { tempoOf } from "../../timeline/project-geometry.ts";
import { useSession } from "../studio-context.ts";
import { formatBarBeat, formatTenths } from "./time-format.ts";

/** The playhead's time and bar, written by the frame loop only when the shown digits change. */
export function PlayheadReadout() {
  const { t } = useTranslation("studio");
  const { frames, controller } = useSession();
  const time = useRef<HTMLOutputElement>(null);
  const bar = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    let shownTenths = -1;
    let shownBeat = -1;
    return frames.add(() => {
      const position = controller.playheadBeats();
      const tenths = Math.floor(beatsToSeconds(tempoOf(controller.project), beats(position)) * 10);
      if (tenths !== shownTenths && time.current !== null) {
        shownTenths = tenths;
        time.current.textContent = formatTenths(tenths);
      }
      const whole = Math.floor(position + 1e-9);
      if (whole !== shownBeat && bar.current !== null) {
        shownBeat = whole;
        bar.current.textContent = formatBarBeat(whole);
      }
    });
  }, [frames, controller]);
  return (
    <div className="readout">
      <output
        ref={time}
        className="readout-time"
        data-testid="playhead-time"
        aria-label={t("transport.playheadTime")}
      >
        0:00.0
      </output>
      <output ref={bar} className="readout-bar" aria-label={t("transport.barBeat")}>
        1.1
      </output>
    </div>
  );
}
