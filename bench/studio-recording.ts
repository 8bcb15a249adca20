// The studio bench's recording figure: takes of the metronome recorded through a loopback
// microphone (src/tooling/recording-probe.ts), after the product measured the loop's round trip
// with its click and compensated it; each beat's click onset against its beat, in ms.

import { launchChromium } from "../src/tooling/chromium.ts";
import { loopbackMicrophone, metronomeTakeErrors } from "../src/tooling/recording-probe.ts";
import { median } from "./area.ts";

/** Target: a take of the metronome lands within 2 ms of the beat. */
export const RECORDING_ERROR_TARGET_MS = 2;

export interface RecordingLatencyFigures {
  /** The largest error of any beat of any take (a beat with no click found counts as Infinity). */
  readonly max_ms: number;
  readonly p50_ms: number;
  readonly beats: number;
  readonly takes: number;
}

export async function recordingLatencyError(
  baseUrl: string,
  quick: boolean,
): Promise<RecordingLatencyFigures> {
  const takes = quick ? 1 : 3;
  const errors: number[] = [];
  const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  try {
    for (let take = 0; take < takes; take++) {
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.addInitScript(loopbackMicrophone);
      // Four bars and a beat at 120 bpm.
      const found = await metronomeTakeErrors(page, baseUrl, 8.6);
      errors.push(...found.map((error) => (error === null ? Number.POSITIVE_INFINITY : Math.abs(error))));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return { max_ms: Math.max(...errors), p50_ms: median(errors), beats: errors.length, takes };
}
