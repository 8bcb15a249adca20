// Get Stems through an external separation server (SEPARATION_URL), on both databases. The server is
// a boundary: a small real HTTP server in this test answers like one (multipart in, a task polled,
// stem files out) and "separates" by known gains, so what our clips hold can be checked exactly.
// A server that fails its task leaves the job to our own separation.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformStems } from "../../src/server/separation/separation-server.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { decodeWav, encodeWav, type PlanarAudio } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { arrayBufferOf, newClipWithAudio } from "../clip-fixtures.ts";
import { whiteNoise } from "../noise.ts";
import { BACKENDS } from "../server-database.ts";
import { sine } from "../sine.ts";
import { waitFor } from "../wait.ts";

const RATE = 48_000;
const FRAMES = RATE * 2;
const KEY = "separation-key";
/** What the test server answers for each stem: the song times this gain (guitar and piano go to "other"). */
const GAINS = { vocals: 0.5, drums: 0.2, bass: 0.1, guitar: 0.15, piano: 0.05 } as const;

/** A model server in the adapter's API shape; `failing` makes it fail every task. */
function separationServer() {
  const state = { failing: false, received: [] as Uint8Array[], unauthorised: 0 };
  const stems = new Map<string, Uint8Array>();
  const server: Server = createServer(async (request, response) => {
    if (request.headers.authorization !== `Bearer ${KEY}`) {
      state.unauthorised++;
      response.writeHead(401).end("no key");
      return;
    }
    const url = request.url ?? "";
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === "POST" && url === "/separate") {
      // The Fetch API's own multipart parser reads what the adapter sent.
      const form = await new Request("http://x/", {
        method: "POST",
        headers: { "content-type": request.headers["content-type"] ?? "" },
        body: Buffer.concat(chunks),
      }).formData();
      const audio = new Uint8Array(await (form.get("audio") as Blob).arrayBuffer());
      state.received.push(audio);
      const song = decodeWav(arrayBufferOf(Buffer.from(audio)));
      const task = `task-${state.received.length}`;
      for (const [name, gain] of Object.entries(GAINS)) {
        const scaled: PlanarAudio = {
          sampleRate: song.sampleRate,
          channels: song.channels.map((channel) => channel.map((x) => x * gain)),
        };
        stems.set(`/files/${task}/${name}.wav`, new Uint8Array(encodeWav(scaled, "float32")));
      }
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ task_id: task }));
      return;
    }
    const task = /^\/separate\/(task-\d+)$/.exec(url)?.[1];
    if (request.method === "GET" && task) {
      const answer = state.failing
        ? { status: "failed", error: "out of GPU memory" }
        : {
            status: "done",
            stems: Object.keys(GAINS).map((name) => ({ name, file: `/files/${task}/${name}.wav` })),
          };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      return;
    }
    const file = stems.get(url);
    if (request.method === "GET" && file) {
      response.writeHead(200, { "content-type": "audio/wav" }).end(Buffer.from(file));
      return;
    }
    response.writeHead(404).end("not found");
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // The adapter's fetch keeps its connections open for reuse: close them, or close() waits.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { state, url: () => url };
}

function songAudio(): Float32Array[] {
  const noise = whiteNoise(FRAMES, 11);
  const tone = sine(FRAMES, 330, RATE, 0.3);
  return [tone.map((x, n) => x + 0.1 * noise[n]), tone.map((x, n) => 0.8 * x + 0.1 * noise[FRAMES - 1 - n])];
}

describe.each(BACKENDS)("stems from an external separation server on %s", (backend) => {
  const external = separationServer();
  const server = startApiServer(backend, {
    separationServer: () => ({ url: external.url(), apiKey: KEY, pollIntervalMs: 20 }),
  });

  async function stemsOf(owner: Awaited<ReturnType<typeof server.signedUp>>, channels: Float32Array[]) {
    const { row: song, wav } = await newClipWithAudio(
      server.database().db,
      server.storage(),
      { userId: owner.userId, title: "Upload", metadata: { type: "upload", duration: FRAMES / RATE } },
      { channels, sampleRate: RATE, format: "float32" },
    );
    const made = await owner.client.post<{ clips: Clip[] }>(`/api/edit/stems/${song.id}/`);
    expect(made.status).toBe(200);
    const ids = made.body.clips.map((clip) => clip.id);
    const done = await waitFor(
      async () => {
        const feed = await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${ids.join(",")}`);
        return feed.body.clips.every((clip) => clip.status === "complete") ? feed.body.clips : undefined;
      },
      "the stems to be complete",
      120_000,
    );
    const audio = await Promise.all(
      ids.map(async (id) => {
        const clip = done.find((candidate) => candidate.id === id);
        const response = await fetch(`${server.url()}${clip?.audio_url}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        });
        return decodeWav(await response.arrayBuffer());
      }),
    );
    return { wav, titles: made.body.clips.map((clip) => clip.title), audio };
  }

  const worstError = (a: readonly Float32Array[], b: readonly Float32Array[]) => {
    let worst = 0;
    a.forEach((channel, c) => {
      expect(b[c].length).toBe(channel.length);
      for (let n = 0; n < channel.length; n++) worst = Math.max(worst, Math.abs(channel[n] - b[c][n]));
    });
    return worst;
  };

  it("sends the song's file with the key and keeps the server's stems, the rest summed into Other", async () => {
    external.state.failing = false;
    const owner = await server.signedUp({ plan: "pro", credits: 0 });
    const song = songAudio();
    const before = external.state.received.length;
    const { wav, titles, audio } = await stemsOf(owner, song);
    expect(titles).toEqual(["Upload (Vocals)", "Upload (Drums)", "Upload (Bass)", "Upload (Other)"]);
    expect(external.state.received.length).toBe(before + 1);
    expect(Buffer.from(external.state.received[before]).equals(wav)).toBe(true);
    const expected = [GAINS.vocals, GAINS.drums, GAINS.bass, GAINS.guitar + GAINS.piano];
    audio.forEach((stem, i) => {
      expect(
        worstError(
          song.map((channel) => channel.map((x) => x * expected[i])),
          stem.channels,
        ),
      ).toBeLessThan(1e-6);
    });
    expect(external.state.unauthorised).toBe(0);
  });

  it("falls back to our own separation when the server fails the task: the stems still sum to the song", async () => {
    external.state.failing = true;
    const owner = await server.signedUp({ plan: "pro", credits: 0 });
    const song = songAudio();
    const before = external.state.received.length;
    const { audio } = await stemsOf(owner, song);
    expect(external.state.received.length).toBe(before + 1);
    const sum = song.map((channel, c) =>
      channel.map((_, n) => audio.reduce((total, stem) => total + stem.channels[c][n], 0)),
    );
    expect(worstError(song, sum)).toBeLessThan(1e-5);
    // Ours, not the server's gains: the vocals stem is not half the song.
    expect(
      worstError(
        song.map((channel) => channel.map((x) => x * GAINS.vocals)),
        audio[0].channels,
      ),
    ).toBeGreaterThan(0.01);
  });
});

describe("conformStems", () => {
  it("resamples, pads and mixes down a server's stems to the song's rate, length and channels", () => {
    const frames = 48_000;
    const tone = sine(44_100 / 2, 440, 44_100, 0.5);
    const [vocals, drums, bass] = conformStems(
      [
        { name: "Vocals", audio: { sampleRate: 44_100, channels: [tone, tone.map((x) => -x)] } },
        { name: "drums", audio: { sampleRate: 48_000, channels: [new Float32Array(frames * 2).fill(0.25)] } },
        { name: "bass", audio: { sampleRate: 48_000, channels: [new Float32Array(10).fill(1)] } },
      ],
      { sampleRate: 48_000, frames, channels: 1 },
    );
    // Half a second of 440 Hz at 48 kHz: its length and pitch kept (zero crossings), then silence.
    expect(vocals.audio.channels.length).toBe(1);
    expect(vocals.audio.channels[0].length).toBe(frames);
    // Left and right were opposite: the mono mean is silence.
    expect(Math.max(...vocals.audio.channels[0].map(Math.abs))).toBeLessThan(1e-6);
    expect(drums.audio.channels[0].length).toBe(frames);
    expect(drums.audio.channels[0].every((x) => x === 0.25)).toBe(true);
    expect(bass.audio.channels[0].slice(0, 10).every((x) => x === 1)).toBe(true);
    expect(bass.audio.channels[0].slice(10).every((x) => x === 0)).toBe(true);

    const [stereo] = conformStems(
      [
        { name: "vocals", audio: { sampleRate: 44_100, channels: [tone] } },
        { name: "drums", audio: { sampleRate: 48_000, channels: [new Float32Array(1)] } },
        { name: "bass", audio: { sampleRate: 48_000, channels: [new Float32Array(1)] } },
      ],
      { sampleRate: 48_000, frames, channels: 2 },
    );
    const left = stereo.audio.channels[0];
    expect(stereo.audio.channels[1]).toEqual(left);
    let crossings = 0;
    for (let n = 1000; n < 23_000; n++) if (left[n - 1] < 0 !== left[n] < 0) crossings++;
    // 22000 samples at 48 kHz of 440 Hz: 403 crossings.
    expect(Math.abs(crossings - (2 * 440 * 22_000) / 48_000)).toBeLessThan(3);
    expect(Math.max(...left.subarray(25_000).map(Math.abs))).toBeLessThan(1e-3);
  });

  it("refuses an answer without drums, or with two vocals", () => {
    const one = { sampleRate: 48_000, channels: [new Float32Array(4)] };
    const song = { sampleRate: 48_000, frames: 4, channels: 1 };
    expect(() =>
      conformStems(
        [
          { name: "vocals", audio: one },
          { name: "bass", audio: one },
        ],
        song,
      ),
    ).toThrow("The separation server gave no drums stem");
    expect(() =>
      conformStems(
        [
          { name: "vocals", audio: one },
          { name: "voice", audio: one },
        ],
        song,
      ),
    ).toThrow("The separation server named vocals twice");
  });
});
