import { OggOpusDecoder } from "ogg-opus-decoder";
import { beforeAll, describe, expect, it } from "vitest";
import { derivedKey } from "../../src/server/clips/media-urls.ts";
import type { ClipRow } from "../../src/server/db/schema.ts";
import type { DownloadUsage } from "../../src/shared/api/billing.ts";
import {
  type WaveformAggregatesResponse,
  waveformAggregatesResponseSchema,
} from "../../src/shared/api/clip-media.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { arrayBufferOf, newClipWithAudio, newTestClip, newTestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { waitFor } from "../wait.ts";

type TestUser = Awaited<ReturnType<typeof newTestUser>>;

describe.each(BACKENDS)("clip media on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  let owner: TestUser;
  let other: TestUser;
  let publicClip: { row: ClipRow; wav: Buffer };
  let privateClip: { row: ClipRow; wav: Buffer };

  /** A raw request: media answers are bytes, not JSON. */
  async function fetchRaw(
    path: string,
    user: TestUser | null,
    headers: Record<string, string> = {},
    method = "GET",
  ) {
    const response = await fetch(`${server.url()}${path}`, {
      method,
      headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    });
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  }
  /** Polls GET /api/gen/{id}/{format}_file/ until the converted file's address appears. */
  const pollFileUrl = (user: TestUser, id: string, format: "wav" | "opus") =>
    waitFor(async () => {
      const response = await user.client.get<Record<string, string | null>>(`/api/gen/${id}/${format}_file/`);
      expect(response.status).toBe(200);
      return response.body[`${format}_file_url`] ?? undefined;
    }, `the ${format} file of ${id}`);
  const audioUrl = async (user: TestUser, id: string) =>
    (await user.client.get<Clip>(`/api/clip/${id}`)).body.audio_url as string;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client(), { plan: "pro" });
    other = await newTestUser(db(), server.client());
    publicClip = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Café Song", isPublic: true },
      { channels: testAudio(3000), sampleRate: 8000 },
    );
    privateClip = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Secret" },
      { channels: testAudio(500), sampleRate: 8000 },
    );
  });

  describe("audio with HTTP ranges", () => {
    it("serves the whole file, saying ranges are accepted", async () => {
      const url = await audioUrl(owner, publicClip.row.id);
      const response = await fetchRaw(url, null);
      expect(response.status).toBe(200);
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("content-type")).toBe("audio/wav");
      expect(Number(response.headers.get("content-length"))).toBe(publicClip.wav.length);
      expect(response.body.equals(publicClip.wav)).toBe(true);
      const head = await fetchRaw(url, null, { range: "bytes=0-9" }, "HEAD");
      expect(head.status).toBe(206);
      expect(head.headers.get("content-length")).toBe("10");
      expect(head.body.length).toBe(0);
    });

    it("serves the first bytes, a suffix, an open-ended range and a range past the end", async () => {
      const url = await audioUrl(owner, publicClip.row.id);
      const size = publicClip.wav.length;
      const cases: [string, number, number][] = [
        ["bytes=0-99", 0, 99],
        ["bytes=-100", size - 100, size - 1],
        [`bytes=${size - 50}-`, size - 50, size - 1],
        [`bytes=10-${size + 1000}`, 10, size - 1],
        [`bytes=-${size * 2}`, 0, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await fetchRaw(url, other, { range });
        expect(response.status, range).toBe(206);
        expect(response.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
        expect(Number(response.headers.get("content-length"))).toBe(end - start + 1);
        expect(response.body.equals(publicClip.wav.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it("answers 416 for a range it cannot satisfy, and ignores one it cannot read", async () => {
      const url = await audioUrl(owner, publicClip.row.id);
      const size = publicClip.wav.length;
      for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, "bytes=-0"]) {
        const response = await fetchRaw(url, other, { range });
        expect(response.status, range).toBe(416);
        expect(response.headers.get("content-range")).toBe(`bytes */${size}`);
      }
      for (const range of ["bytes=5-2", "items=0-1", "bytes=0-1,4-5", "bytes=-"]) {
        const response = await fetchRaw(url, other, { range });
        expect(response.status, range).toBe(200);
        expect(response.body.length).toBe(size);
      }
    });

    it("keeps private and trashed songs' media from everyone but their owner", async () => {
      const url = await audioUrl(owner, privateClip.row.id);
      expect((await fetchRaw(url, owner, { range: "bytes=0-3" })).status).toBe(206);
      for (const viewer of [other, null]) {
        const response = await fetchRaw(url, viewer);
        expect(response.status).toBe(404);
        expect(JSON.parse(response.body.toString())).toEqual({ detail: "Clip not found" });
      }
      const trashed = await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, isPublic: true },
        { channels: testAudio(100), sampleRate: 8000 },
      );
      const trashedUrl = await audioUrl(owner, trashed.row.id);
      expect((await fetchRaw(trashedUrl, other)).status).toBe(200);
      await owner.client.post("/api/gen/trash", { trash: true, clip_ids: [trashed.row.id] });
      expect((await fetchRaw(trashedUrl, other)).status).toBe(404);
      expect((await fetchRaw(trashedUrl, owner)).status).toBe(200);
    });

    it("names a download after the song, and refuses unknown media", async () => {
      const url = await audioUrl(owner, publicClip.row.id);
      const response = await fetchRaw(`${url}&download=true`, null);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Caf_ Song.wav"; filename*=UTF-8''Caf%C3%A9%20Song.wav`,
      );
      const id = publicClip.row.id;
      expect((await fetchRaw(`/api/media/clips/${id}/image`, null)).status).toBe(404);
      const unknown = await fetchRaw(`/api/media/clips/${id}/lyrics.txt`, null);
      expect(unknown.status).toBe(400);
      expect(JSON.parse(unknown.body.toString()).detail).toMatch(/^Invalid path: file: /);
    });
  });

  describe("waveform aggregates", () => {
    const path = (id: string) => `/api/gen/${id}/waveform-aggregates`;

    it("answers min/max mipmaps sorted by level, matching the stored audio", async () => {
      const response = await other.client.get<WaveformAggregatesResponse>(path(publicClip.row.id));
      expect(response.status).toBe(200);
      const body = waveformAggregatesResponseSchema.parse(response.body);
      const audio = decodeWav(arrayBufferOf(publicClip.wav));
      const frames = audio.channels[0].length;
      expect(body.frames).toBe(frames);
      expect(body.duration).toBeCloseTo(frames / 8000, 6);
      const levels = body.waveform_aggregates;
      expect(levels.map((level) => level.mip_map_level)).toEqual(levels.map((_, index) => index));
      // 3000 frames in blocks of 256: 12 points, then 6, 3, 2, 1.
      expect(levels.map((level) => level.min.length)).toEqual([12, 6, 3, 2, 1]);
      for (const level of levels) {
        expect(level.sample_rate).toBe(8000);
        expect(level.max).toHaveLength(level.min.length);
        const block = level.frames_per_point;
        expect(block).toBe(256 * 2 ** level.mip_map_level);
        level.min.forEach((min, point) => {
          const samples = audio.channels.flatMap((channel) =>
            Array.from(channel.subarray(point * block, (point + 1) * block)),
          );
          const [low, high] = [Math.min(...samples), Math.max(...samples)];
          // Rounded outwards to 4 decimals: never inside the audio's envelope, never more than 1e-4 outside.
          expect(min).toBeLessThanOrEqual(low);
          expect(low - min).toBeLessThan(1e-4 + 1e-9);
          expect(level.max[point]).toBeGreaterThanOrEqual(high);
          expect(level.max[point] - high).toBeLessThan(1e-4 + 1e-9);
        });
      }
    });

    it("computes once and keeps the result beside the audio", async () => {
      const { row } = await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id },
        { channels: testAudio(700), sampleRate: 8000 },
      );
      const cacheKey = derivedKey(row.id, row.audio_key as string, "waveform.json");
      expect(await server.storage().stat(cacheKey)).toBeNull();
      const [first, concurrent] = await Promise.all([
        owner.client.get(path(row.id)),
        owner.client.get(path(row.id)),
      ]);
      expect(first.status).toBe(200);
      expect(concurrent.body).toEqual(first.body);
      expect(await server.storage().stat(cacheKey)).not.toBeNull();
      expect((await owner.client.get(path(row.id))).body).toEqual(first.body);
    });

    it("follows the visibility rule, and answers 404 for a song without audio", async () => {
      expect((await other.client.get(path(privateClip.row.id))).status).toBe(404);
      expect((await server.client().get(path(privateClip.row.id))).status).toBe(404);
      const silent = await newTestClip(db(), { userId: owner.id, status: "queued" });
      const response = await owner.client.get(path(silent.id));
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: "This song has no audio yet" });
      expect((await owner.client.get(path("nope"))).status).toBe(400);
    });
  });

  describe("WAV downloads", () => {
    const convert = (user: TestUser, id: string) => user.client.post(`/api/gen/${id}/convert_wav/`, {});
    const wavFile = (user: TestUser, id: string) =>
      user.client.get<{ wav_file_url: string | null }>(`/api/gen/${id}/wav_file/`);

    const pollWavUrl = (user: TestUser, id: string) => pollFileUrl(user, id, "wav");

    it("hands a PCM WAV original to its Pro owner at once, as an attachment", async () => {
      const converted = await convert(owner, publicClip.row.id);
      expect(converted.status).toBe(200);
      expect(converted.body).toEqual({ status: "complete" });
      const url = await pollWavUrl(owner, publicClip.row.id);
      expect(url).toMatch(new RegExp(`^/api/media/clips/${publicClip.row.id}/wav\\.wav\\?v=`));
      const file = await fetchRaw(url, owner);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Caf_ Song\.wav"/);
      expect(file.body.equals(publicClip.wav)).toBe(true);
    });

    it("converts a float WAV to 16-bit in the background while the page polls", async () => {
      const channels = testAudio(2000);
      const { row } = await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Float" },
        { channels, sampleRate: 8000, format: "float32" },
      );
      const converted = await convert(owner, row.id);
      expect(converted.body).toEqual({ status: "processing" });
      const file = await fetchRaw(await pollWavUrl(owner, row.id), owner, { range: "bytes=0-43" });
      expect(file.status).toBe(206);
      const whole = await fetchRaw(await pollWavUrl(owner, row.id), owner);
      const wav = decodeWav(arrayBufferOf(whole.body));
      expect(whole.body.readUInt16LE(20)).toBe(1);
      expect(whole.body.readUInt16LE(34)).toBe(16);
      expect(wav.sampleRate).toBe(8000);
      for (const [c, channel] of channels.entries()) {
        const error = Math.max(...channel.map((sample, i) => Math.abs(sample - wav.channels[c][i])));
        expect(error).toBeLessThan(3 / 32768);
      }
      expect((await convert(owner, row.id)).body).toEqual({ status: "complete" });
    });

    it("lets a Pro listener download someone's public song, counted in their download usage", async () => {
      const listener = await newTestUser(db(), server.client(), { plan: "pro" });
      const bystander = await newTestUser(db(), server.client(), { plan: "pro" });
      expect((await convert(listener, publicClip.row.id)).body).toEqual({ status: "complete" });
      const wavUrl = await pollWavUrl(listener, publicClip.row.id);
      expect((await fetchRaw(wavUrl, listener)).status).toBe(200);
      const usage = await listener.client.get<DownloadUsage>(
        `/api/billing/download-usage?clip_id=${publicClip.row.id}`,
      );
      expect(usage.body).toMatchObject({
        downloads_used: 1,
        clip_owned_by_user: false,
        has_unlimited_downloads: true,
      });
      // Someone who never asked for it gets neither the link nor the file.
      expect((await wavFile(bystander, publicClip.row.id)).status).toBe(403);
      expect((await fetchRaw(wavUrl, bystander)).status).toBe(403);
      expect((await fetchRaw(wavUrl, null)).status).toBe(401);
    });

    it("needs a paid plan, a finished visible song, and a session", async () => {
      const freeOwner = await newTestUser(db(), server.client());
      const theirs = await newTestClip(db(), { userId: freeOwner.id, audioKey: publicClip.row.audio_key });
      const refused = await convert(freeOwner, theirs.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: "WAV downloads need a Pro or Premier plan" });
      const unfinished = await newTestClip(db(), { userId: owner.id, status: "streaming" });
      expect((await convert(owner, unfinished.id)).status).toBe(409);
      expect((await convert(owner, theirs.id)).status).toBe(404);
      expect((await server.client().post(`/api/gen/${publicClip.row.id}/convert_wav/`, {})).status).toBe(401);
      expect((await convert(owner, "x")).status).toBe(400);
    });
  });

  describe("Opus downloads", () => {
    const convert = (user: TestUser, id: string) => user.client.post(`/api/gen/${id}/convert_opus`, {});
    const opusFile = (user: TestUser, id: string) => user.client.get(`/api/gen/${id}/opus_file/`);
    const pollOpusUrl = (user: TestUser, id: string) => pollFileUrl(user, id, "opus");

    it("encodes a song as Ogg Opus at 48 kHz that a real decoder plays back: same length, same tone", async () => {
      const rate = 44100;
      const sine = Float32Array.from(
        { length: rate },
        (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate),
      );
      const { row } = await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Tone", isPublic: true },
        { channels: [sine, sine], sampleRate: rate },
      );
      expect((await convert(owner, row.id)).body).toEqual({ status: "processing" });
      const url = await pollOpusUrl(owner, row.id);
      expect(url).toMatch(new RegExp(`^/api/media/clips/${row.id}/opus\\.opus\\?v=`));
      const file = await fetchRaw(url, owner);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("audio/ogg");
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="Tone\.opus"/);
      const decoder = new OggOpusDecoder();
      await decoder.ready;
      const decoded = await decoder.decodeFile(new Uint8Array(file.body));
      decoder.free();
      expect(decoded.sampleRate).toBe(48000);
      expect(decoded.channelData).toHaveLength(2);
      // One second in, one second out: pre-skip and the last page's granule trim it exactly.
      expect(Math.abs(decoded.samplesDecoded - 48000)).toBeLessThanOrEqual(1);
      const left = decoded.channelData[0].subarray(2400, 45600);
      let crossings = 0;
      for (let i = 1; i < left.length; i++) if (left[i - 1] < 0 !== left[i] < 0) crossings++;
      const frequency = (crossings / 2) * (48000 / left.length);
      expect(Math.abs(frequency - 440)).toBeLessThan(2);
      const rms = Math.sqrt(left.reduce((sum, sample) => sum + sample * sample, 0) / left.length);
      expect(Math.abs(20 * Math.log10(rms / (0.5 / Math.SQRT2)))).toBeLessThan(0.5);
      expect((await convert(owner, row.id)).body).toEqual({ status: "complete" });
    });

    it("lets anyone who sees a song ask for it, counted as a download; others get neither link nor file", async () => {
      const listener = await newTestUser(db(), server.client());
      const bystander = await newTestUser(db(), server.client());
      expect((await convert(listener, publicClip.row.id)).status).toBe(200);
      const url = await pollOpusUrl(listener, publicClip.row.id);
      expect((await fetchRaw(url, listener)).status).toBe(200);
      const usage = await listener.client.get<DownloadUsage>(
        `/api/billing/download-usage?clip_id=${publicClip.row.id}`,
      );
      expect(usage.body).toMatchObject({ downloads_used: 1, clip_owned_by_user: false });
      expect((await opusFile(bystander, publicClip.row.id)).status).toBe(403);
      expect((await fetchRaw(url, bystander)).status).toBe(403);
      expect((await fetchRaw(url, null)).status).toBe(401);
      expect((await convert(other, privateClip.row.id)).status).toBe(404);
      expect((await server.client().post(`/api/gen/${publicClip.row.id}/convert_opus`, {})).status).toBe(401);
      const unfinished = await newTestClip(db(), { userId: owner.id, status: "streaming" });
      expect((await convert(owner, unfinished.id)).status).toBe(409);
    });
  });
});
