import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../studio-context.ts";

/** How often the load figure changes: often enough to watch, rarely enough to read. */
const INTERVAL_MS = 250;

/** The engine's render cost as a share of its real-time budget, from engineHost.load(). */
export function DspLoad() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const output = useRef<HTMLOutputElement>(null);
  useEffect(() => {
    let last = 0;
    let shown = -1;
    return session.frames.add((now) => {
      if (now - last < INTERVAL_MS) return;
      last = now;
      const load = session.audio?.host.load() ?? 0;
      const percent = Math.round(load * 100);
      if (percent === shown || output.current === null) return;
      shown = percent;
      output.current.textContent = `${percent}%`;
      output.current.dataset.level = percent >= 80 ? "high" : percent >= 50 ? "medium" : "low";
    });
  }, [session]);
  return (
    <div className="dsp-load" title={t("transport.dspLoadHelp")}>
      <span className="dsp-load-label">{t("transport.dsp")}</span>
      <output ref={output} data-testid="dsp-load" aria-label={t("transport.dspLoad")}>
        0%
      </output>
    </div>
  );
}
