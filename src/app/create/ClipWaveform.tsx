import { useEffect, useRef, useState } from "react";
import {
  type Clip,
  type WaveformAggregatesResponse,
  waveformAggregatesResponseSchema,
} from "../../shared/api/clips.ts";
import { apiRequest } from "../account/api-request.ts";
import { drawPeaks, pickLevel } from "./waveform-drawing.ts";

/** A finished clip's waveform from the server's aggregates; nothing (and a log line) when they fail. */
export function ClipWaveform({ clip }: { readonly clip: Clip }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [waveform, setWaveform] = useState<WaveformAggregatesResponse | null>(null);
  const ready = clip.status === "complete";

  useEffect(() => {
    if (!ready) return;
    const abort = new AbortController();
    apiRequest(`/api/gen/${clip.id}/waveform-aggregates`, waveformAggregatesResponseSchema, {
      signal: abort.signal,
    })
      .then(setWaveform)
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn(`No waveform for ${clip.id}`, error);
      });
    return () => abort.abort();
  }, [clip.id, ready]);

  useEffect(() => {
    const element = canvas.current;
    if (element === null || waveform === null) return;
    const peaks = pickLevel(waveform, element.clientWidth);
    if (peaks === null) return;
    const styles = getComputedStyle(element);
    drawPeaks(element, peaks, {
      color: styles.getPropertyValue("--muted").trim() || "#9a9ca6",
    });
  }, [waveform]);

  return (
    <canvas
      ref={canvas}
      className="clip-waveform"
      data-testid="clip-waveform"
      data-drawn={waveform === null ? "false" : "true"}
    />
  );
}
