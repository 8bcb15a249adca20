import { useEffect, useRef, useState } from "react";
import {
  type WaveformAggregatesResponse,
  waveformAggregatesResponseSchema,
} from "../../shared/api/clip-media.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { loadWithRetries, WAVEFORM_PAGE_LOAD } from "../../shared/audio/load-retry.ts";
import { apiRequest } from "../account/api-request.ts";
import { drawPeaks, pickLevel } from "./waveform-drawing.ts";

/**
 * Waveforms already fetched, by the clip's audio address (a new file has a new address): a
 * virtualised list mounts a row again each time it scrolls back into view, and must not refetch.
 */
const fetched = new Map<string, WaveformAggregatesResponse>();
const KEPT = 2000;

function remember(key: string, waveform: WaveformAggregatesResponse): void {
  if (fetched.size >= KEPT) fetched.delete(fetched.keys().next().value as string);
  fetched.set(key, waveform);
}

/**
 * A finished clip's waveform from the server's aggregates, drawn on a canvas; nothing (and a log
 * line) when they still fail after the waveform retries. It is fetched when the clip turns complete, so a song that just finished
 * shows its waveform at once.
 */
export function ClipWaveform({ clip }: { readonly clip: Clip }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const key = clip.status === "complete" && clip.audio_url !== null ? clip.audio_url : null;
  const [waveform, setWaveform] = useState<WaveformAggregatesResponse | null>(() =>
    key === null ? null : (fetched.get(key) ?? null),
  );

  useEffect(() => {
    if (key === null) return;
    const known = fetched.get(key);
    if (known !== undefined) {
      setWaveform(known);
      return;
    }
    const abort = new AbortController();
    loadWithRetries(
      () =>
        apiRequest(`/api/gen/${clip.id}/waveform-aggregates`, waveformAggregatesResponseSchema, {
          signal: abort.signal,
        }),
      WAVEFORM_PAGE_LOAD,
      { signal: abort.signal },
    )
      .then((answer) => {
        remember(key, answer);
        setWaveform(answer);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn(`No waveform for ${clip.id}`, error);
      });
    return () => abort.abort();
  }, [clip.id, key]);

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
