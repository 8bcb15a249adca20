// Recording in the studio, in Chromium. First with Chromium's fake microphone playing a WAV of
// clicks (--use-file-for-fake-audio-capture): the input is listed, the take is recorded through
// the recorder worklet's ring (longer than the ring, so it wraps), shown live, placed on the armed
// track and uploaded, and its clip receives its song clip id. Then the alignment: the fake device
// is not a loopback (its clicks have nothing to do with what plays), so the second page's
// microphone is the page's own output (src/tooling/recording-probe.ts). The take of the metronome
// is read back from the server, each click's onset found, and compared with its beat: within 2 ms.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findOnset } from "../../src/engine/recording/alignment.ts";
import { encodeWav } from "../../src/shared/audio/wav.ts";
import { type Browser, launchChromium } from "../../src/tooling/chromium.ts";
import {
  loopbackMicrophone,
  metronomeTakeErrors,
  openArmedProject,
  PROBE_BEAT_SECONDS,
  savedTakeStart,
  uploadedTake,
} from "../../src/tooling/recording-probe.ts";

const FILE_RATE = 48_000;

/**
 * A WAV of 1 kHz clicks every half second, 30 ms each, for the fake microphone: 20 s, longer than
 * any take here, as Chromium's file device skips a few milliseconds where it loops the file.
 */
function clicksWav(): Uint8Array {
  const samples = new Float32Array(FILE_RATE * 20);
  for (let start = 0; start < samples.length; start += FILE_RATE * PROBE_BEAT_SECONDS) {
    for (let i = 0; i < FILE_RATE * 0.03; i++) {
      const decay = 1 - i / (FILE_RATE * 0.03);
      samples[start + i] = 0.6 * decay ** 3 * Math.sin((2 * Math.PI * 1000 * i) / FILE_RATE);
    }
  }
  return new Uint8Array(encodeWav({ sampleRate: FILE_RATE, channels: [samples] }, "pcm16"));
}

let browser: Browser | undefined;
let folder = "";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "tunesmith-recording-"));
  const wav = join(folder, "clicks.wav");
  writeFileSync(wav, clicksWav());
  browser = await launchChromium([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-audio-capture=${wav}`,
    "--autoplay-policy=no-user-gesture-required",
  ]);
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  if (browser === undefined) throw new Error("Chromium starts in beforeAll");
  // A new user per test: the previous test's stays signed in otherwise.
  await browser.context.clearCookies();
  return browser.context.newPage();
}

const playheadSeconds = async (page: Page): Promise<number> => {
  const [minutes, rest] = ((await page.getByTestId("playhead-time").textContent()) ?? "0:0").split(":");
  return Number(minutes) * 60 + Number(rest);
};

/** Onsets of the clicks in a take, in seconds, each at least 0.1 s after the previous one. */
function clickOnsets(take: Float32Array, sampleRate: number): number[] {
  const onsets: number[] = [];
  for (let at = 0; at < take.length; ) {
    const window = take.subarray(at, Math.min(take.length, at + Math.round(sampleRate * 0.4)));
    const onset = findOnset(window);
    if (onset === null) {
      at += window.length;
      continue;
    }
    onsets.push((at + onset) / sampleRate);
    at += onset + Math.round(sampleRate * 0.1);
  }
  return onsets;
}

describe("recording in the studio", () => {
  it("records Chromium's fake microphone onto the armed track, live, and uploads the take", async () => {
    const page = await newPage();
    const base = inject("baseUrl");
    const projectId = await openArmedProject(page, base, "recorder");

    // The input chooser lists the fake device.
    await page.getByRole("button", { name: "Input", exact: true }).click();
    const select = page.getByLabel("Audio input");
    await expect.poll(() => select.locator("option").count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await page.keyboard.press("Escape");

    await page.getByTestId("record-button").click();
    await expect
      .poll(() => page.getByTestId("record-stage").textContent(), { timeout: 20_000 })
      .toBe("Recording");
    // The live waveform grows from the take's 10 ms amplitudes.
    await expect
      .poll(() => page.getByTestId("record-wave").getAttribute("data-amplitudes").then(Number), {
        timeout: 10_000,
      })
      .toBeGreaterThan(50);
    await expect.poll(() => playheadSeconds(page), { timeout: 60_000 }).toBeGreaterThan(6);
    // Stopping playback stops the recording.
    await page.getByTestId("play-button").click();
    await expect.poll(() => page.getByTestId("record-stage").textContent()).toBe("Ready");

    // The take is on the track, plays while it uploads, and receives its song clip id.
    await expect.poll(() => page.getByTestId("clip-item").count()).toBe(1);
    expect(await page.getByTestId("clip-item").textContent()).toContain("Recording 1");
    const { samples, sampleRate } = await uploadedTake(page, base);
    expect(await savedTakeStart(page, base, projectId)).toBeGreaterThanOrEqual(0);

    // Longer than the ring's four seconds: every click of the file is there, half a second apart.
    expect(samples.length / sampleRate).toBeGreaterThan(6);
    const onsets = clickOnsets(samples, sampleRate);
    const gaps = onsets.slice(1).map((time, index) => time - onsets[index]);
    expect(gaps.length).toBeGreaterThan(10);
    for (const gap of gaps) expect(Math.abs(gap - PROBE_BEAT_SECONDS)).toBeLessThan(0.002);
    await page.close();
  });

  it("lines a take of the metronome up with the beat within 2 ms", async () => {
    const page = await newPage();
    await page.addInitScript(loopbackMicrophone);
    // Four bars and a beat at 120 bpm.
    const errors = await metronomeTakeErrors(page, inject("baseUrl"), 8.6);
    expect(errors.length).toBeGreaterThanOrEqual(14);
    for (const [index, error] of errors.entries()) {
      expect(error, `beat ${index} of the take has a click`).not.toBeNull();
      expect(Math.abs(error ?? 0), `beat ${index} of the take`).toBeLessThan(2);
    }
    await page.close();
  });
});
