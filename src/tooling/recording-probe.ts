// A take of the metronome through a loopback microphone, for the recording test and the studio
// bench: a signed-up user's project with one armed track and the metronome on is opened, recorded
// for a while from the start, and the take the server keeps is compared with the beat grid.
//
// The loopback is the one boundary replaced: every node connected to the speakers is also
// connected to a MediaStream destination, and getUserMedia answers with that stream. Its delay is
// unknown to the product and constant, as a real device's is: the product measures it with its
// click and compensates it.

import type { Page } from "playwright-core";
import { findOnset } from "../engine/recording/alignment.ts";
import { decodeWav } from "../shared/audio/wav.ts";
import { newProjectState, newTrack, type StudioProjectState } from "../shared/project/index.ts";

/** 120 bpm: a beat every half second. */
export const PROBE_BEAT_SECONDS = 0.5;
/** Where a click's onset is looked for around its beat. */
const SEARCH_SECONDS = 0.05;
const LONG_WAIT_MS = 120_000;

/** Run in the page before its scripts (page.addInitScript): the microphone is the page's output. */
export function loopbackMicrophone(): void {
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

/** Signs up a new user and opens their project: one armed track, the metronome on, 120 bpm. */
export async function openArmedProject(page: Page, baseUrl: string, name: string): Promise<string> {
  await page.goto(baseUrl);
  // Each run's device is measured afresh: the round trips kept in this browser are forgotten.
  await page.evaluate(() => localStorage.removeItem("tunesmith:studio:input-round-trips"));
  const request = page.request;
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const signup = await request.post(`${baseUrl}/api/auth/signup`, {
    data: {
      email: `${name}-${suffix}@example.com`,
      password: "a long password",
      handle: `${name}_${suffix}`,
    },
  });
  if (signup.status() !== 201) throw new Error(`Sign-up answered ${signup.status()}`);
  const created = await request.post(`${baseUrl}/api/studio/create-project?title=Takes`, {
    headers: { origin: baseUrl },
  });
  const { id, version_id } = (await created.json()) as { id: string; version_id: number };
  const state = newProjectState({
    title: "Takes",
    timing: { type: "manual", bps: 1 / PROBE_BEAT_SECONDS },
    metronome: { enabled: true, amplitude: 0.5 },
    tracks: [newTrack({ id: "voice", name: "Voice", arm: true })],
  });
  const saved = await request.post(`${baseUrl}/api/studio/save-project`, {
    headers: { origin: baseUrl },
    data: { project_id: id, state, base_version_id: version_id },
  });
  if (saved.status() !== 200) throw new Error(`Saving the project answered ${saved.status()}`);
  await page.goto(`${baseUrl}/studio?initial_project_id=${id}`);
  await page
    .getByTestId("loading-overlay")
    .filter({ hasText: "DSP engine ready" })
    .waitFor({ state: "attached", timeout: LONG_WAIT_MS });
  return id;
}

const stageIs = (page: Page, stage: string) =>
  page.waitForFunction(
    (text) => document.querySelector('[data-testid="record-stage"]')?.textContent === text,
    stage,
    { timeout: LONG_WAIT_MS },
  );

/** Records from the start until the playhead readout passes `seconds`, then stops playback. */
export async function recordUntil(page: Page, seconds: number): Promise<void> {
  await page.getByTestId("record-button").click();
  await stageIs(page, "Recording");
  await page.waitForFunction(
    (limit) => {
      const [minutes, rest] = (
        document.querySelector('[data-testid="playhead-time"]')?.textContent ?? "0:0"
      ).split(":");
      return Number(minutes) * 60 + Number(rest) > limit;
    },
    seconds,
    { timeout: LONG_WAIT_MS },
  );
  await page.getByTestId("play-button").click();
  await stageIs(page, "Ready");
}

/** The take as the server keeps it, once its upload became a song clip. */
export async function uploadedTake(
  page: Page,
  baseUrl: string,
): Promise<{ samples: Float32Array; sampleRate: number }> {
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="clip-item"]')?.getAttribute("data-song-clip-id") ?? "") !== "",
    undefined,
    { timeout: LONG_WAIT_MS },
  );
  const songClipId = (await page.getByTestId("clip-item").getAttribute("data-song-clip-id")) ?? "";
  const response = await page.request.get(`${baseUrl}/api/media/clips/${songClipId}/audio`);
  if (response.status() !== 200) throw new Error(`The take's audio answered ${response.status()}`);
  const body = await response.body();
  const audio = decodeWav(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  );
  return { samples: audio.channels[0], sampleRate: audio.sampleRate };
}

const saveStatusIs = (page: Page, saved: boolean) =>
  page.waitForFunction(
    (wanted) =>
      (document.querySelector('[data-testid="save-status"]')?.getAttribute("data-status") === "saved") ===
      wanted,
    saved,
    { timeout: LONG_WAIT_MS },
  );

/**
 * Where the project's first clip starts, in beats, as the autosave saved it: read once the page
 * says saved; when the server does not have the clip yet, the page's "saved" was from before it,
 * and the next save is waited for.
 */
export async function savedTakeStart(page: Page, baseUrl: string, projectId: string): Promise<number> {
  for (;;) {
    await saveStatusIs(page, true);
    const response = await page.request.get(`${baseUrl}/api/studio/project/${projectId}`);
    const { state } = (await response.json()) as { state: StudioProjectState };
    const clip = state.tracks[0]?.clips[0];
    if (clip !== undefined) return clip.startBeats;
    await saveStatusIs(page, false);
  }
}

/**
 * Each beat inside the take: its click's onset (first sample at 0.3 of the click's peak) looked for
 * within 50 ms around where the beat is, and its distance from the beat in ms; null where a beat
 * has no click.
 */
export function beatErrorsMs(
  take: Float32Array,
  sampleRate: number,
  startSeconds: number,
  beatSeconds = PROBE_BEAT_SECONDS,
): (number | null)[] {
  const errors: (number | null)[] = [];
  const search = Math.round(SEARCH_SECONDS * sampleRate);
  for (let beat = 0; beat * beatSeconds < startSeconds + take.length / sampleRate; beat++) {
    const expected = Math.round((beat * beatSeconds - startSeconds) * sampleRate);
    if (expected - search < 0 || expected + search > take.length) continue;
    const onset = findOnset(take.subarray(expected - search, expected + search));
    errors.push(onset === null ? null : ((onset - search) / sampleRate) * 1000);
  }
  return errors;
}

/** Records a take of the metronome on a fresh project and gives each beat's error in ms. */
export async function metronomeTakeErrors(
  page: Page,
  baseUrl: string,
  seconds: number,
): Promise<(number | null)[]> {
  const projectId = await openArmedProject(page, baseUrl, "aligner");
  await recordUntil(page, seconds);
  const { samples, sampleRate } = await uploadedTake(page, baseUrl);
  const startBeats = await savedTakeStart(page, baseUrl, projectId);
  return beatErrorsMs(samples, sampleRate, startBeats * PROBE_BEAT_SECONDS);
}
