import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { renderProjectRange } from "../../src/engine/project-render.ts";
import { RENDER_RANGE_INVALID, type RenderStateResponse } from "../../src/shared/api/studio-render.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import {
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import { startApiServer } from "../api-server.ts";
import { arrayBufferOf, newClipWithAudio, newTestUser } from "../clip-fixtures.ts";
import { newDsp } from "../dsp-wasm.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 48_000;
const SOURCE_RATE = 44_100;
/** 120 BPM: 2 beats per second. */
const BPS = 2;

const sine = (hz: number, seconds: number, gain: number) =>
  Float32Array.from(
    { length: Math.round(seconds * SOURCE_RATE) },
    (_, i) => gain * Math.sin((2 * Math.PI * hz * i) / SOURCE_RATE),
  );

/** Zero crossings upward per second: the frequency of a clean sine. */
function frequencyOf(signal: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < signal.length; i++) if (signal[i - 1] < 0 && signal[i] >= 0) crossings++;
  return crossings / (signal.length / sampleRate);
}

const rms = (signal: Float32Array) => Math.sqrt(signal.reduce((sum, v) => sum + v * v, 0) / signal.length);

describe.each(BACKENDS)("studio renders on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  let alice: Awaited<ReturnType<typeof newTestUser>>;
  let bob: Awaited<ReturnType<typeof newTestUser>>;
  let toneId: string;
  let bassId: string;
  let toneChannels: Float32Array[];

  beforeAll(async () => {
    alice = await newTestUser(db(), server.client());
    bob = await newTestUser(db(), server.client());
    toneChannels = [sine(1000, 4, 0.5), sine(1000, 4, 0.5)];
    toneId = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: alice.id, title: "Tone" },
        {
          channels: toneChannels,
          sampleRate: SOURCE_RATE,
          format: "float32",
        },
      )
    ).row.id;
    bassId = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: alice.id, title: "Bass" },
        {
          channels: [sine(110, 4, 0.4)],
          sampleRate: SOURCE_RATE,
          format: "float32",
        },
      )
    ).row.id;
  });

  const project = (amplitude = 1): StudioProjectState =>
    newProjectState({
      title: "Render me",
      timing: { type: "manual", bps: BPS },
      tracks: [
        newTrack({
          id: "tone-track",
          name: "Tone",
          clips: [newClip({ id: "c1", name: "Tone", clipId: toneId, startBeats: 0, endBeats: 8, amplitude })],
        }),
        newTrack({
          id: "bass-track",
          name: "Bass",
          clips: [newClip({ id: "c2", name: "Bass", clipId: bassId, startBeats: 0, endBeats: 8 })],
        }),
      ],
    });

  const fetchBytes = async (path: string, token: string) => {
    const response = await fetch(`${server.url()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("renders a range into a song clip of the library, sample for sample what the engine plays", async () => {
    const state = project();
    const response = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      title: "My mix",
      state,
      start_beats: 2,
      end_beats: 6,
      lyrics: "la la",
    });
    expect(response.status).toBe(200);
    const clip = response.body.data;
    expect(clip).toMatchObject({ title: "My mix", status: "complete" });
    expect(clip.metadata).toMatchObject({ type: "studio_export", prompt: "la la", duration: 2 });
    expect(response.body.moderation_error_message).toBeNull();

    const audio = await fetchBytes(new URL(clip.audio_url as string, server.url()).pathname, alice.token);
    expect(audio.status).toBe(200);
    const wav = decodeWav(arrayBufferOf(audio.bytes));
    expect(wav.sampleRate).toBe(RATE);
    expect(wav.channels[0].length).toBe(2 * RATE);

    // The reference: the same engine code run here on the same sources (the WAV is 16-bit).
    const sources = new Map([
      [toneId, { sampleRate: SOURCE_RATE, channels: toneChannels }],
      [bassId, { sampleRate: SOURCE_RATE, channels: [sine(110, 4, 0.4)] }],
    ]);
    const reference = renderProjectRange(newDsp(), state, sources, RATE, { from: RATE, to: 3 * RATE });
    let worst = 0;
    for (let i = 0; i < reference.left.length; i++) {
      worst = Math.max(
        worst,
        Math.abs(reference.left[i] - wav.channels[0][i]),
        Math.abs(reference.right[i] - wav.channels[1][i]),
      );
    }
    expect(worst).toBeLessThan(2 / 32768);
    expect(rms(wav.channels[0])).toBeGreaterThan(0.1);
  });

  it("answers the same clip for the same clips and range, and renders again when they change", async () => {
    const body = { state: project(), start_beats: 0, end_beats: 4 };
    const first = await alice.client.post<RenderStateResponse>("/api/studio/render-state", body);
    const again = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      ...body,
      state: { ...project(), title: "Another title", selection: { anchorBeats: 1, focusBeats: 2 } },
    });
    expect(again.body.data.id).toBe(first.body.data.id);
    const louder = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      ...body,
      state: project(0.5),
    });
    expect(louder.status).toBe(200);
    expect(louder.body.data.id).not.toBe(first.body.data.id);
    const otherRange = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      ...body,
      end_beats: 5,
    });
    expect(otherRange.body.data.id).not.toBe(first.body.data.id);
  });

  it("renders the demo project's material, which the server makes itself", async () => {
    const demo = (await import("../../src/engine/demo/demo-project.ts")).demoProject();
    const response = await alice.client.post<RenderStateResponse>("/api/studio/render-state", {
      state: demo,
      start_beats: 0,
      end_beats: 4,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.metadata.duration).toBeCloseTo(2, 6);
  });

  it("renders every track alone into a zip of WAVs named by track", async () => {
    const response = await alice.client.post<{ download_url: string }>(
      "/api/studio/render-state-multitrack",
      {
        state: project(),
      },
    );
    expect(response.status).toBe(200);
    const download = await fetchBytes(response.body.download_url, alice.token);
    expect(download.status).toBe(200);
    const zip = await JSZip.loadAsync(download.bytes);
    expect(Object.keys(zip.files).sort()).toEqual(["Bass.wav", "Tone.wav"]);
    const tone = decodeWav((await zip.file("Tone.wav")?.async("arraybuffer")) as ArrayBuffer);
    const bass = decodeWav((await zip.file("Bass.wav")?.async("arraybuffer")) as ArrayBuffer);
    expect(tone.channels[0].length).toBe(4 * RATE);
    expect(bass.channels[0].length).toBe(4 * RATE);
    // Each file holds its own track only: the tone at 1 kHz, the bass at 110 Hz.
    const middle = (signal: Float32Array) => signal.subarray(RATE, 3 * RATE);
    // Counting crossings over 2 s resolves 0.5 Hz.
    expect(Math.abs(frequencyOf(middle(tone.channels[0]), RATE) - 1000)).toBeLessThanOrEqual(1);
    expect(Math.abs(frequencyOf(middle(bass.channels[0]), RATE) - 110)).toBeLessThanOrEqual(1);
    // Only its maker can fetch it.
    expect((await fetchBytes(response.body.download_url, bob.token)).status).toBe(404);
  });

  it("refuses clips the user may not use, ranges that end before they start, and bad states", async () => {
    const theirs = await bob.client.post("/api/studio/render-state", { state: project() });
    expect(theirs.status).toBe(422);
    expect(theirs.body.detail).toContain('"Tone"');
    const backwards = await alice.client.post("/api/studio/render-state", {
      state: project(),
      start_beats: 4,
      end_beats: 2,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.detail).toContain(RENDER_RANGE_INVALID);
    const broken = await alice.client.post("/api/studio/render-state", { state: { tracks: "no" } });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/Invalid project state/);
    const empty = await alice.client.post("/api/studio/render-state", {
      state: project(),
      start_beats: 20,
      end_beats: 24,
    });
    expect(empty.status).toBe(422);
    const signedOut = await server.client().post("/api/studio/render-state-multitrack", { state: project() });
    expect(signedOut.status).toBe(401);
  });
});
