// A streaming clip's audio address answers, on the server that renders it, with one growing WAV:
// an open-ended header, the audio so far at once, then each rendered chunk, ending when the clip is
// complete. The same address then serves the finished file with ranges. Visibility is the clip's.

import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";
import { SINE_SONG_SECONDS, SineSongGenerator } from "../sine-song-generator.ts";

const RATE = 48_000;
const FRAME_BYTES = 4;

/** Reads a response body until `bytes` have come (or it ends), leaving the rest unread. */
async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let total = 0;
  while (total < bytes) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.length;
  }
  return Buffer.concat(parts);
}

/** A new owner's song whose render holds after its first second (the fixture's "hold" style), once it streams. */
async function startStreaming(server: ReturnType<typeof startApiServer>) {
  const owner = await server.signedUp({ credits: 50 });
  const answer = await owner.client.post<GenerateResponse>("/api/generate/v2/", {
    mv: "chirp-v3-5",
    title: "Slow River",
    tags: "ambient, hold",
    prompt: "[Verse]\nthe river takes its time",
  });
  expect(answer.status).toBe(200);
  const ids = answer.body.clips.map((clip) => clip.id);
  const clip = async (id = ids[0]) => (await owner.client.get<Clip>(`/api/clip/${id}`)).body;
  await expect.poll(async () => (await clip()).status, { timeout: 10_000, interval: 20 }).toBe("streaming");
  return { owner, ids, clip };
}

describe.each(BACKENDS)("a streaming clip's audio on %s", (backend) => {
  const generator = new SineSongGenerator();
  const server = startApiServer(backend, { generator: () => generator });

  const streamingClip = () => startStreaming(server);

  /** Lets the request's held renders go on until all its clips are complete (the queue is then free). */
  async function finish(ids: readonly string[], clip: (id: string) => Promise<Clip>) {
    const releaser = setInterval(() => generator.release(), 20);
    try {
      for (const id of ids) {
        await expect
          .poll(async () => (await clip(id)).status, { timeout: 10_000, interval: 20 })
          .toBe("complete");
      }
    } finally {
      clearInterval(releaser);
    }
  }

  it("grows one response from the first chunk to the song's end, then serves the file with ranges", async () => {
    const { owner, ids, clip } = await streamingClip();
    const url = `${server.url()}${(await clip()).audio_url}`;
    const headers = { authorization: `Bearer ${owner.token}`, range: "bytes=0-" };
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("accept-ranges")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The generator holds after its first second: the header and that second come at once.
    const head = await readAtLeast(reader, 44 + RATE * FRAME_BYTES);
    expect(head.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(head.readUInt32LE(40)).toBe(0xffffffff);
    expect(head.length).toBe(44 + RATE * FRAME_BYTES);

    generator.release();
    const rest = await readAtLeast(reader, Number.POSITIVE_INFINITY);
    const streamed = Buffer.concat([head, rest]);
    expect(streamed.length).toBe(44 + SINE_SONG_SECONDS * RATE * FRAME_BYTES);
    await expect.poll(async () => (await clip()).status).toBe("complete");

    // The finished file has the same samples (the dither aside) and answers ranges.
    const done = await clip();
    const file = await fetch(`${server.url()}${done.audio_url}`, {
      headers: { authorization: headers.authorization },
    });
    const finished = Buffer.from(await file.arrayBuffer());
    const fixed = Buffer.from(streamed);
    fixed.writeUInt32LE(finished.readUInt32LE(4), 4);
    fixed.writeUInt32LE(finished.readUInt32LE(40), 40);
    const [a, b] = [fixed, finished].map((bytes) => decodeWav(new Uint8Array(bytes).buffer).channels[0]);
    expect(a.length).toBe(b.length);
    expect(a.reduce((most, sample, i) => Math.max(most, Math.abs(sample - b[i])), 0)).toBeLessThan(3 / 32768);
    const ranged = await fetch(url, {
      headers: { authorization: headers.authorization, range: "bytes=44-47" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 44-47/${finished.length}`);
    await ranged.arrayBuffer();
    await finish(ids, clip);
  });

  it("keeps a listener's response open while the render holds, and ends it with the render", async () => {
    const { owner, ids, clip } = await streamingClip();
    const url = `${server.url()}${(await clip()).audio_url}`;
    // A HEAD gets the stored part's headers at once, not a response held open.
    const head = await fetch(url, { method: "HEAD", headers: { authorization: `Bearer ${owner.token}` } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(44);
    const first = await fetch(url, { headers: { authorization: `Bearer ${owner.token}` } });
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    expect((await readAtLeast(reader, 44 + RATE * FRAME_BYTES)).length).toBe(44 + RATE * FRAME_BYTES);
    generator.release();
    await expect.poll(async () => (await clip()).status).toBe("complete");
    const all = await readAtLeast(reader, Number.POSITIVE_INFINITY);
    expect(44 + RATE * FRAME_BYTES + all.length).toBe(44 + SINE_SONG_SECONDS * RATE * FRAME_BYTES);
    await finish(ids, clip);
  });

  it("is the clip's owner's: another user and an anonymous caller get a 404 with a detail", async () => {
    const { ids, clip } = await streamingClip();
    const path = (await clip()).audio_url as string;
    const stranger = await server.signedUp();
    for (const caller of [stranger.client, server.client()]) {
      const refused = await caller.get<{ detail: string }>(path);
      expect(refused.status).toBe(404);
      expect(typeof refused.body.detail).toBe("string");
    }
    await finish(ids, clip);
  });
});

describe.each(BACKENDS)("closing a server with a listener on a streaming clip on %s", (backend) => {
  const generator = new SineSongGenerator();
  const server = startApiServer(backend, { generator: () => generator });

  it("ends the growing response and closes at once, though the render still holds", async () => {
    const { owner, clip } = await startStreaming(server);
    const response = await fetch(`${server.url()}${(await clip()).audio_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await readAtLeast(reader, 44 + RATE * FRAME_BYTES);
    const closed = server
      .app()
      .close()
      .then(() => "closed");
    const late = new Promise((resolve) => setTimeout(() => resolve("still open"), 8000));
    expect(await Promise.race([closed, late])).toBe("closed");
    // The listener's response is over (cut short: the song was not finished).
    await readAtLeast(reader, Number.POSITIVE_INFINITY).catch(() => Buffer.alloc(0));
  });
});
