// "Loading DSP Engine..." while the engine starts, with the legacy editor link after 5 s (spec
// sections 1 and 9). Once loaded, the overlay lets the studio through at once and its looping
// animation fades out 8 s later.

import { useEffect, useState } from "react";
import { useSessionStatus } from "../studio-context.ts";

export const LEGACY_LINK_DELAY_MS = 5000;
export const OVERLAY_FADE_DELAY_MS = 8000;

/** The looping animation's bars, by their delay in ms. */
const BARS = [0, 90, 180, 270, 360, 450, 540, 630, 720];

export function LoadingOverlay({ legacyHref }: { readonly legacyHref: string }) {
  const engine = useSessionStatus((status) => status.engine);
  const error = useSessionStatus((status) => status.error);
  const [showLegacy, setShowLegacy] = useState(false);
  const [gone, setGone] = useState(false);
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShowLegacy(true), LEGACY_LINK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (engine !== "ready") return;
    const fade = setTimeout(() => setFading(true), OVERLAY_FADE_DELAY_MS);
    const remove = setTimeout(() => setGone(true), OVERLAY_FADE_DELAY_MS + 600);
    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
    };
  }, [engine]);
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
        {!ready && (showLegacy || engine === "failed") && (
          <a className="legacy-link" href={legacyHref}>
            Open in Legacy Editor
          </a>
        )}
      </div>
    </div>
  );
}
