// The page's export services: the engine's offline render in a Worker, MP3 in another.

import { clipSourceId, renderProjectToWav } from "../../engine/index.ts";
import type { StudioClip } from "../../shared/project/index.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import type { ExportServices } from "./build-export.ts";
import Mp3Worker from "./mp3-worker.ts?worker";

function encodeMp3InWorker(floatWav: ArrayBuffer): Promise<Uint8Array> {
  const worker = new Mp3Worker();
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ mp3: Uint8Array } | { error: string }>) => {
      if ("error" in event.data) reject(new Error(event.data.error));
      else resolve(event.data.mp3);
    };
    worker.onerror = (event) => reject(new Error(`The MP3 encoder failed: ${event.message}`));
    worker.postMessage(floatWav, [floatWav]);
  }).finally(() => worker.terminate());
}

export function pageExportServices(
  sources: SourceLibrary,
  sampleRate: number,
  onProgress?: (step: string) => void,
): ExportServices {
  return {
    renderWav: (state, format) => renderProjectToWav(state, sources.all(), sampleRate, format),
    encodeMp3: encodeMp3InWorker,
    midiOf: (clip: StudioClip) => {
      const source = clipSourceId(clip);
      return source === null ? undefined : sources.midiOf(source);
    },
    onProgress,
  };
}

/** Hands the zip to the browser as a download. */
export function downloadBytes(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
