import type { Page } from "playwright-core";
import { encodeWav } from "../../src/shared/audio/wav.ts";

/** Seconds of a 440 Hz tone as a 16-bit WAV, base64 for the page (uploads need at least 6 s). */
export function toneWavBase64(seconds: number): string {
  const rate = 48_000;
  const tone = new Float32Array(seconds * rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return Buffer.from(encodeWav({ sampleRate: rate, channels: [tone] }, "pcm16")).toString("base64");
}

/** Drops a WAV file on the timeline canvas at a page point, as a drag from the desktop does. */
export async function dropWavOnTimeline(
  page: Page,
  point: { readonly x: number; readonly y: number },
  name: string,
  wavBase64: string,
): Promise<void> {
  await page.evaluate(
    ({ wav, x, y, name }) => {
      const bytes = Uint8Array.from(atob(wav), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: "audio/wav" }));
      const target = document.querySelector('[data-testid="timeline-canvas"]');
      for (const type of ["dragenter", "dragover", "drop"]) {
        target?.dispatchEvent(
          new DragEvent(type, {
            dataTransfer: transfer,
            clientX: x,
            clientY: y,
            bubbles: true,
            cancelable: true,
          }),
        );
      }
    },
    { wav: wavBase64, x: point.x, y: point.y, name },
  );
}
