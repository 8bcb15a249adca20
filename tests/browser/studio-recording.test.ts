// Recording in the studio, in Chromium. First with Chromium's fake microphone playing a WAV of
// clicks (--use-file-for-fake-audio-capture): the input is listed, the take is recorded through
// the recorder worklet's ring (longer than the ring, so it wraps), shown live, placed on the armed
// track and uploaded, and its clip receives its song clip id. Then the alignment: the fake device
// is not a loopback (its clicks have nothing to do with what plays), so the second page's
// microphone is the page's own output, the one boundary replaced here: every node connected to the
// speakers is also connected to a MediaStream destination, and getUserMedia answers with that
// stream. Its delay is unknown to the product and constant, as a real device's is: the product
// measures it with its click and compensates it. The take of the metronome is read from the WAV
// the page uploads, each click's onset found, and compared with its beat: within 2 ms.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findOnset } from "../../src/engine/recording/alignment.ts";
import { decodeWav, encodeWav } from "../../src/shared/audio/wav.ts";
import { newProjectState, newTrack, type StudioProjectState } from "../../src/shared/project/index.ts";
import { type Browser, launchChromium } from "../../src/tooling/chromium.ts";

/** 120 bpm: a beat every half second. */
const BEAT_SECONDS = 0.5;
const FILE_RATE = 48_000;

/**
 * A WAV of 1 kHz clicks every half second, 30 ms each, for the fake microphone: 20 s, longer than
 * any take here, as Chromium's file device skips a few milliseconds where it loops the file.
 */
function clicksWav(): Uint8Array {
  const samples = new Float32Array(FILE_RATE * 20);
  for (let start = 0; start < samples.length; start += FILE_RATE * BEAT_SECONDS) {
    for (let i = 0; i < FILE_RATE * 0.03; i++) {
      const decay = 1 - i / (FILE_RATE * 0.03);
      samples[start + i] = 0.6 * decay ** 3 * Math.sin((2 * Math.PI * 1000 * i) / FILE_RATE);
    }
  }
  return new Uint8Array(encodeWav({ sampleRate: FILE_RATE, channels: [samples] }, "pcm16"));
}

/** The page's microphone becomes its own output (see the header). */
function loopbackMicrophone() {
  const taps = new WeakMap<BaseAudioContext, MediaStreamAudioDestinationNode>();
  let latest: MediaStreamAudioDestinationNode | null = null;
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => unknown;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (args[0] instanceof AudioDestinationNode && this.context instanceof AudioContext) {
      let tap = taps.get(this.context);
      if (tap === undefined) {
        tap = this.context.createMediaStreamDestination();
        taps.set(this.context, tap);
      }
      latest = tap;
      connect.call(this, tap, args[1] ?? 0);
    }
    return result;
  } as typeof AudioNode.prototype.connect;
  navigator.mediaDevices.getUserMedia = async () => {
    if (latest === null) throw new DOMException("Nothing plays yet", "NotFoundError");
    return new MediaStream(latest.stream.getAudioTracks().map((track) => track.clone()));
  };
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
  return browser.context.newPage();
}

/** A signed-up user's project: one armed track, the metronome on, 120 bpm; opened in the studio. */
async function openArmedProject(page: Page, name: string): Promise<string> {
  const base = inject("baseUrl");
  await page.goto(base);
  // Each test's device is measured afresh: the round trips kept in this browser are forgotten.
  await page.evaluate(() => localStorage.removeItem("tunesmith:studio:input-round-trips"));
  const request = page.request;
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signup = await request.post(`${base}/api/auth/signup`, {
    data: {
      email: `${name}-${suffix}@example.com`,
      password: "a long password",
      handle: `${name}_${suffix}`,
    },
  });
  expect(signup.status()).toBe(201);
  const created = await request.post(`${base}/api/studio/create-project?title=Takes`, {
    headers: { origin: base },
  });
  const { id, version_id } = (await created.json()) as { id: string; version_id: number };
  const state = newProjectState({
    title: "Takes",
    timing: { type: "manual", bps: 1 / BEAT_SECONDS },
    metronome: { enabled: true, amplitude: 0.5 },
    tracks: [newTrack({ id: "voice", name: "Voice", arm: true })],
  });
  const saved = await request.post(`${base}/api/studio/save-project`, {
    headers: { origin: base },
    data: { project_id: id, state, base_version_id: version_id },
  });
  expect(saved.status()).toBe(200);
  await page.goto(`${base}/studio?initial_project_id=${id}`);
  await expect
    .poll(() => page.getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
    .toContain("DSP engine ready");
  return id;
}

/** The take as the server keeps it, once its upload became a song clip. */
async function uploadedTake(page: Page): Promise<{ samples: Float32Array; sampleRate: number }> {
  const item = page.getByTestId("clip-item");
  await expect.poll(() => item.getAttribute("data-song-clip-id"), { timeout: 120_000 }).not.toBe("");
  const songClipId = (await item.getAttribute("data-song-clip-id")) ?? "";
  const response = await page.request.get(`${inject("baseUrl")}/api/media/clips/${songClipId}/audio`);
  expect(response.status()).toBe(200);
  const body = await response.body();
  const audio = decodeWav(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  );
  return { samples: audio.channels[0], sampleRate: audio.sampleRate };
}

async function savedClips(page: Page, projectId: string) {
  const response = await page.request.get(`${inject("baseUrl")}/api/studio/project/${projectId}`);
  const { state } = (await response.json()) as { state: StudioProjectState };
  return state.tracks[0].clips;
}

/** Records from the playhead at 0 until the readout passes `seconds`, then stops playback. */
async function recordUntil(page: Page, seconds: number): Promise<void> {
  await page.getByTestId("record-button").click();
  await expect
    .poll(() => page.getByTestId("record-stage").textContent(), { timeout: 20_000 })
    .toBe("Recording");
  await expect
    .poll(
      async () => {
        const [minutes, rest] = ((await page.getByTestId("playhead-time").textContent()) ?? "0:0").split(":");
        return Number(minutes) * 60 + Number(rest);
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(seconds);
  await page.getByTestId("play-button").click();
  await expect.poll(() => page.getByTestId("record-stage").textContent()).toBe("Ready");
}

describe("recording in the studio", () => {
  it("records Chromium's fake microphone onto the armed track, live, and uploads the take", async () => {
    const page = await newPage();
    const projectId = await openArmedProject(page, "recorder");

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
    await expect
      .poll(
        async () => Number(((await page.getByTestId("playhead-time").textContent()) ?? "0:0").split(":")[1]),
        { timeout: 60_000 },
      )
      .toBeGreaterThan(6);
    await page.getByTestId("play-button").click();
    await expect.poll(() => page.getByTestId("record-stage").textContent()).toBe("Ready");

    // The take is on the track, plays while it uploads, and receives its song clip id.
    await expect.poll(() => page.getByTestId("clip-item").count()).toBe(1);
    expect(await page.getByTestId("clip-item").textContent()).toContain("Recording 1");
    const { samples: take, sampleRate } = await uploadedTake(page);
    await expect
      .poll(async () => (await savedClips(page, projectId))[0]?.clipId ?? null, { timeout: 30_000 })
      .not.toBeNull();

    // Longer than the ring's four seconds: every click of the file is there, half a second apart.
    expect(take.length / sampleRate).toBeGreaterThan(6);
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
    const gaps = onsets.slice(1).map((time, index) => time - onsets[index]);
    expect(gaps.length).toBeGreaterThan(10);
    for (const gap of gaps) expect(Math.abs(gap - BEAT_SECONDS)).toBeLessThan(0.002);
    await page.close();
  });

  it("lines a take of the metronome up with the beat within 2 ms", async () => {
    const page = await newPage();
    await page.addInitScript(loopbackMicrophone);
    // A new user: the first test's stays signed in otherwise.
    await browser?.context.clearCookies();
    const projectId = await openArmedProject(page, "aligner");

    await recordUntil(page, 8.6);
    const { samples: take, sampleRate } = await uploadedTake(page);
    const clips = await expect
      .poll(() => savedClips(page, projectId), { timeout: 30_000 })
      .toHaveLength(1)
      .then(() => savedClips(page, projectId));
    const startSeconds = clips[0].startBeats * BEAT_SECONDS;

    // Each beat inside the take: its click's onset searched within 50 ms around where it should be.
    const errors: number[] = [];
    for (let beat = 0; beat * BEAT_SECONDS < startSeconds + take.length / sampleRate; beat++) {
      const expected = Math.round((beat * BEAT_SECONDS - startSeconds) * sampleRate);
      const from = expected - Math.round(0.05 * sampleRate);
      const to = expected + Math.round(0.05 * sampleRate);
      if (from < 0 || to > take.length) continue;
      const onset = findOnset(take.subarray(from, to));
      expect(onset, `beat ${beat} has a click`).not.toBeNull();
      errors.push(((from + (onset ?? 0) - expected) / sampleRate) * 1000);
    }
    expect(errors.length).toBeGreaterThanOrEqual(14);
    console.log(`take alignment errors (ms): ${errors.map((error) => error.toFixed(2)).join(" ")}`);
    for (const error of errors) expect(Math.abs(error)).toBeLessThan(2);
    await page.close();
  });
});
