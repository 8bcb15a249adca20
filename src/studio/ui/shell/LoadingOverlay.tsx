// "Loading DSP Engine..." while the engine starts, with the legacy editor link 5 s after that text
// first showed (the page shows it while the project opens, and passes when).
// Once loaded, the overlay lets the studio through at once and its looping animation fades out 8 s
// later.

import { useEffect, useState } from "react";
import { useSessionStatus } from "../studio-context.ts";
import { LEGACY_EDITOR_HREF, legacyLinkDelay, OVERLAY_FADE_MS, overlayFadeDelay } from "./loading-timing.ts";

/** The looping animation's bars, by their delay in ms. */
const BARS = [0, 90, 180, 270, 360, 450, 540, 630, 720];

/** The legacy editor link, once `shownAt` + 5 s has passed (performance.now() times). */
export function useLegacyLinkDue(shownAt: number): boolean {
  const [dueFor, setDueFor] = useState<number | null>(null);
  const due = dueFor === shownAt || legacyLinkDelay(shownAt, performance.now()) === 0;
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDueFor(shownAt), legacyLinkDelay(shownAt, performance.now()));
    return () => clearTimeout(timer);
  }, [due, shownAt]);
  return due;
}

/** The way back to the legacy editor, offered while the studio loads. */
export const LegacyEditorLink = () => (
  <a className="legacy-link" href={LEGACY_EDITOR_HREF}>
    Open in Legacy Editor
  </a>
);

export function LoadingOverlay({
  loadingShownAt,
}: {
  /** When "Loading DSP Engine..." first showed (performance.now()). */
  readonly loadingShownAt: number;
}) {
  const engine = useSessionStatus((status) => status.engine);
  const error = useSessionStatus((status) => status.error);
  const readyAt = useSessionStatus((status) => status.readyAt);
  const showLegacy = useLegacyLinkDue(loadingShownAt);
  const [gone, setGone] = useState(false);
  const [fading, setFading] = useState(false);
  useEffect(() => {
    if (engine !== "ready") return;
    const delay = overlayFadeDelay(readyAt ?? performance.now(), performance.now());
    const fade = setTimeout(() => setFading(true), delay);
    const remove = setTimeout(() => setGone(true), delay + OVERLAY_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
    };
  }, [engine, readyAt]);
  if (gone) return null;
  const ready = engine === "ready";
  return (
    <div
      className={`loading-overlay${ready ? " ready" : ""}${fading ? " fading" : ""}`}
      data-testid="loading-overlay"
      aria-hidden={ready}
    >
      <div className="loading-card">
        <div className="loading-loop" aria-hidden="true">
          {BARS.map((delay) => (
            <span key={delay} style={{ animationDelay: `${delay}ms` }} />
          ))}
        </div>
        {engine === "loading" && <p role="status">Loading DSP Engine...</p>}
        {engine === "ready" && <p>DSP engine ready</p>}
        {engine === "failed" && (
          <p role="alert" className="error">
            The audio engine could not start: {error}
          </p>
        )}
        {!ready && (showLegacy || engine === "failed") && <LegacyEditorLink />}
      </div>
    </div>
  );
}
