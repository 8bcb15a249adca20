import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { DownbeatsJobResponse } from "../../src/shared/api/downbeats.ts";
import type {
  AlignedLyricsResponse,
  GenerateResponse,
  GenerationRequestsResponse,
} from "../../src/shared/api/generate.ts";
import { REALTIME_PATH, userGenerateSongsChannel } from "../../src/shared/api/realtime.ts";
import { STEM_TYPES } from "../../src/shared/api/stem-types.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { type ApiClient, startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";
import { SINE_SONG_SECONDS, SineSongGenerator } from "../sine-song-generator.ts";

/** Every clip update pushed on a user's channel, kept in order. */
class ClipUpdates {
  readonly clips: Clip[] = [];
  private listeners: (() => void)[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== "event") return;
      this.clips.push(...(message.data as { clips: Clip[] }).clips);
      for (const listener of this.listeners) listener();
    });
  }

  static async open(baseUrl: string, token: string, userId: string): Promise<ClipUpdates> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}${REALTIME_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const updates = new ClipUpdates(socket);
    const subscribed = new Promise<void>((resolve) => {
      socket.on("message", (data) => {
        if (JSON.parse(data.toString()).type === "subscribed") resolve();
      });
    });
    socket.send(JSON.stringify({ type: "subscribe", channel: userGenerateSongsChannel(userId) }));
    await subscribed;
    return updates;
  }

  statuses(clipId: string): string[] {
    return this.clips.filter((clip) => clip.id === clipId).map((clip) => clip.status);
  }

  /** Resolves once the clip was pushed with this status. */
  until(clipId: string, status: string): Promise<Clip> {
    return new Promise((resolve) => {
      const check = () => {
        const found = this.clips.find((clip) => clip.id === clipId && clip.status === status);
        if (!found) return false;
        this.listeners = this.listeners.filter((listener) => listener !== onUpdate);
        resolve(found);
        return true;
      };
      const onUpdate = () => void check();
      if (!check()) this.listeners.push(onUpdate);
    });
  }

  close(): void {
    this.socket.close();
  }
}

const credits = async (client: ApiClient) =>
  (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;

describe.each(BACKENDS)("generation API on %s", (backend) => {
  // Two words near the 6000 s limit of aligned lyrics: the one ending at it is dropped.
  const generator = new SineSongGenerator({
    extraWords: [
      { word: "edge", start_s: 5999, end_s: 5999.9 },
      { word: "late", start_s: 5999.5, end_s: 6000 },
    ],
  });
  const server = startApiServer(backend, { generator: () => generator });
  const sockets: ClipUpdates[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  async function user(plan: "free" | "pro" = "free", balance = 50) {
    const account = await server.signedUp({ plan, credits: balance });
    const updates = await ClipUpdates.open(server.url(), account.token, account.userId);
    sockets.push(updates);
    return { ...account, updates };
  }

  /** The bytes a signed-in client downloads from one of its media URLs. */
  async function download(token: string, url: string): Promise<Buffer> {
    const response = await fetch(`${server.url()}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it("answers at once with submitted clips that stream, complete and are pushed, with credits taken", async () => {
    const { client, token, updates } = await user();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      mv: "chirp-v3-5",
      title: "Night Bus",
      tags: "lofi, hold",
      prompt: "[Verse]\nthe night bus hums along",
      transaction_uuid: "flow-1",
    });
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.batch_size).toBe(2);
    expect(body.clips).toHaveLength(2);
    expect(body.status).toBe("submitted");
    expect(body.major_model_version).toBe("v3.5");
    expect(body.metadata).toMatchObject({ task: "create", tags: "lofi, hold", type: "gen", has_vocal: true });
    for (const clip of body.clips) {
      expect(clip.status).toBe("submitted");
      expect(clip.title).toBe("Night Bus");
      expect(clip.metadata.prompt).toBe("[Verse]\nthe night bus hums along");
      expect(clip.model_name).toBe("chirp-v3-5");
    }
    expect(await credits(client)).toBe(40);

    const [first, second] = body.clips.map((clip) => clip.id);
    const streaming = await updates.until(first, "streaming");
    expect(streaming.audio_url).toMatch(/^\/api\/media\/clips\//);
    // The rendering server answers with one growing WAV: its header and the audio so far come at once.
    const growing = await fetch(`${server.url()}${streaming.audio_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(growing.status).toBe(200);
    const reader = (growing.body as ReadableStream<Uint8Array>).getReader();
    let head = Buffer.alloc(0);
    while (head.length <= 44) head = Buffer.concat([head, (await reader.read()).value ?? Buffer.alloc(0)]);
    await reader.cancel();
    expect(head.subarray(0, 4).toString("latin1")).toBe("RIFF");
    const running = await client.get<GenerationRequestsResponse>("/api/generate/requests/?status=running");
    expect(running.body.requests.map((request) => request.id)).toContain(body.id);

    const releaser = setInterval(() => generator.release(), 20);
    const [, done] = await Promise.all([
      updates.until(first, "complete"),
      updates.until(second, "complete"),
    ]).finally(() => clearInterval(releaser));
    expect(updates.statuses(first)).toEqual(expect.arrayContaining(["streaming", "complete"]));
    expect(updates.statuses(first).indexOf("streaming")).toBeLessThan(
      updates.statuses(first).indexOf("complete"),
    );
    expect(done.metadata).toMatchObject({ duration: SINE_SONG_SECONDS, has_vocal: true, avg_bpm: 120 });
    expect(done.image_url).toMatch(/image\.png/);

    const feed = await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${first},${second}`);
    expect(feed.body.clips.map((clip) => clip.status)).toEqual(["complete", "complete"]);
    const wav = decodeWav(new Uint8Array(await download(token, feed.body.clips[0].audio_url ?? "")).buffer);
    expect(wav.sampleRate).toBe(48_000);
    expect(wav.channels).toHaveLength(2);
    expect(wav.channels[0].length).toBe(SINE_SONG_SECONDS * 48_000);
    const single = await client.get<Clip>(`/api/clip/${first}`);
    expect(single.body.status).toBe("complete");

    // Two clips of one request have their own seeds, so they differ.
    const [a, b] = await Promise.all(feed.body.clips.map((clip) => download(token, clip.audio_url ?? "")));
    expect(a.equals(b)).toBe(false);
    expect(
      (await client.get<GenerationRequestsResponse>("/api/generate/requests/?status=running")).body.requests,
    ).toEqual([]);
    expect(await credits(client)).toBe(40);
  });

  it("makes the same bytes from the same transaction_uuid", async () => {
    const { client, token, updates } = await user();
    const make = async () => {
      const response = await client.post<GenerateResponse>("/api/generate/v2-web/", {
        tags: "ambient",
        make_instrumental: true,
        batch_size: 1,
        transaction_uuid: "same-seed",
      });
      expect(response.status).toBe(200);
      const id = response.body.clips[0].id;
      return updates.until(id, "complete");
    };
    const one = await make();
    const two = await make();
    expect(one.metadata.has_vocal).toBe(false);
    const [a, b] = await Promise.all([
      download(token, one.audio_url ?? ""),
      download(token, two.audio_url ?? ""),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it("fails a clip whose generator throws, refunds its credits and says so in its metadata", async () => {
    const { client, updates } = await user();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "fail",
      prompt: "[Verse]\nthis one breaks",
    });
    expect(response.status).toBe(200);
    expect(await credits(client)).toBe(40);
    const failed = await Promise.all(response.body.clips.map((clip) => updates.until(clip.id, "error")));
    for (const clip of failed) {
      expect(clip.metadata).toMatchObject({
        refund_credits: true,
        error_type: "generation_error",
        error_message: "An error occurred generating a clip.",
      });
    }
    expect(await credits(client)).toBe(50);
    const requests = await client.get<GenerationRequestsResponse>("/api/generate/requests/");
    expect(requests.body.requests[0]).toMatchObject({ id: response.body.id, status: "error" });
  });

  it("queues clips beyond the plan's rendering limit and refuses a request beyond its job limit with a 429", async () => {
    const { client, updates } = await user("free", 100);
    const hold = { tags: "hold", prompt: "[Verse]\nwait for it" };
    const first = await client.post<GenerateResponse>("/api/generate/v2/", hold);
    const second = await client.post<GenerateResponse>("/api/generate/v2/", hold);
    expect(first.body.clips.map((clip) => clip.status)).toEqual(["submitted", "submitted"]);
    expect(second.body.status).toBe("queued");
    expect(second.body.clips.map((clip) => clip.status)).toEqual(["queued", "queued"]);
    const third = await client.post("/api/generate/v2/", hold);
    expect(third.status).toBe(429);
    expect(JSON.stringify(third.body)).toContain("Too many running jobs");
    expect(await credits(client)).toBe(80);
    // As the first clips finish, the queued ones are admitted and run.
    const all = [...first.body.clips, ...second.body.clips];
    const finishing = Promise.all(all.map((clip) => updates.until(clip.id, "complete")));
    const releaser = setInterval(() => generator.release(), 20);
    await finishing.finally(() => clearInterval(releaser));
    for (const clip of second.body.clips) expect(updates.statuses(clip.id)).toContain("submitted");
  });

  it("refuses bad requests with a clear 4xx detail and takes no credits", async () => {
    const { client, userId, updates } = await user("free", 50);
    const other = await user("free", 50);
    const db = server.database().db;
    const made = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz",
      batch_size: 1,
      make_instrumental: true,
    });
    const own = await updates.until(made.body.clips[0].id, "complete");
    const theirs = await other.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "rock",
      batch_size: 1,
      make_instrumental: true,
    });
    const theirClip = await other.updates.until(theirs.body.clips[0].id, "complete");
    // Public, with Allow Remixes turned off by its owner.
    await db
      .updateTable("clips")
      .set({ is_public: true, metadata: sql`metadata || '{"can_remix": false}'::jsonb` })
      .where("id", "=", theirClip.id)
      .execute();
    const pending = await db
      .insertInto("clips")
      .values({ user_id: userId, status: "submitted", title: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const balance = await credits(client);

    const cases: [unknown, number, string][] = [
      [{ mv: "melody-v9", tags: "pop" }, 400, "Unknown model melody-v9"],
      [{ mv: "chirp-crow", tags: "pop" }, 403, "needs a Pro plan"],
      [{}, 400, "Enter styles or lyrics to create"],
      [{ metadata: { create_mode: "simple" } }, 400, "Enter a description to create"],
      [{ tags: "x".repeat(201), mv: "chirp-v3-5" }, 400, "Styles are too long"],
      [{ prompt: "la ".repeat(1001), mv: "chirp-v3-5" }, 400, "Lyrics are too long"],
      [{ gpt_description_prompt: "d".repeat(201), mv: "chirp-v3-5" }, 400, "Description is too long"],
      [{ tags: "pop", negative_tags: "n".repeat(1001) }, 400, "Excluded styles are too long"],
      [{ tags: 5 }, 400, "Invalid body"],
      [{ tags: "pop", batch_size: 9 }, 400, "Invalid body"],
      [
        { tags: "pop", cover_clip_id: own.id, sample_clip_ids: [own.id] },
        400,
        "Sample cannot be combined with any other operation",
      ],
      [
        { tags: "pop", continue_clip_id: own.id, continue_at: 1, cover_clip_id: own.id },
        400,
        "Extend cannot be combined with cover",
      ],
      [
        { tags: "pop", continue_clip_id: own.id, continue_at: SINE_SONG_SECONDS + 5 },
        400,
        "beyond the end of the clip",
      ],
      [{ tags: "pop", cover_clip_id: theirClip.id }, 403, "The owner does not allow remixes of this song"],
      [{ tags: "pop", cover_clip_id: pending.id }, 409, "is not finished yet"],
      [{ tags: "pop", cover_clip_id: "8d6f1f4e-2a8a-4d5e-9f43-5d1c2b7e9a01" }, 404, "not found"],
      [
        { tags: "pop", prompt: "[Verse]\nkill yourself" },
        451,
        "The lyrics do not meet our content guidelines",
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await client.post<{ detail: string }>("/api/generate/v2/", body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(response.body.detail).toContain(detail);
    }
    expect(await credits(client)).toBe(balance);

    await db.updateTable("users").set({ credits: 9 }).where("id", "=", userId).execute();
    const broke = await client.post<{ detail: string }>("/api/generate/v2/", { tags: "pop" });
    expect(broke.status).toBe(402);
    expect(broke.body.detail).toBe("Need at least 10 credits to create.");
    expect(await credits(client)).toBe(9);
  });

  it("extends a finished clip from continue_at and joins the chain with Get Full Song", async () => {
    const { client, updates } = await user("pro", 100);
    const base = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "funk",
      prompt: "[Verse]\none two three",
      batch_size: 1,
    });
    const root = await updates.until(base.body.clips[0].id, "complete");
    const extend = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "funk",
      prompt: "[Chorus]\nfour five",
      batch_size: 1,
      continue_clip_id: root.id,
      continue_at: 2,
    });
    expect(extend.status).toBe(200);
    expect(extend.body.metadata).toMatchObject({ task: "extend", type: "extend" });
    const child = await updates.until(extend.body.clips[0].id, "complete");
    const request = generator.requests.at(-1);
    expect(request?.task).toBe("extend");
    expect(request?.continueAt).toBe(2);
    expect(request?.source?.clipId).toBe(root.id);
    expect(request?.source?.audio.channels[0].length).toBe(SINE_SONG_SECONDS * 48_000);

    const full = await client.post<Clip>("/api/generate/concat/v2/", { clip_id: child.id, is_infill: false });
    expect(full.status).toBe(200);
    expect(full.body.metadata).toMatchObject({ type: "concat", task: "concat" });
    const joined = await updates.until(full.body.id, "complete");
    expect(joined.metadata.duration).toBeCloseTo(2 + SINE_SONG_SECONDS, 3);
    expect(joined.metadata.concat_history?.map((entry) => entry.id)).toEqual([root.id, child.id]);
    const noHistory = await client.post<{ detail: string }>("/api/generate/concat/v2/", { clip_id: root.id });
    expect(noHistory.status).toBe(400);
  });

  it("serves stems as stem clips, aligned lyrics, MIDI and downbeats of a generated song", async () => {
    const { client, token, updates } = await user("pro", 100);
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "pop",
      prompt: "[Verse]\nhello bright world",
      batch_size: 1,
    });
    const clip = await updates.until(response.body.clips[0].id, "complete");
    // Two calls at once make one set of stem clips.
    const [stems, twin] = await Promise.all([
      client.post<{ clips: Clip[] }>(`/api/edit/stems/${clip.id}`),
      client.post<{ clips: Clip[] }>(`/api/edit/stems/${clip.id}`),
    ]);
    expect(stems.status).toBe(200);
    expect(twin.body.clips.map((stem) => stem.id)).toEqual(stems.body.clips.map((stem) => stem.id));
    // The fixture's parts, typed as the generator usually voices them (it keeps no score).
    expect(stems.body.clips.map((stem) => stem.metadata.stem_type_group_name)).toEqual(["Bass", "Synth"]);
    expect(stems.body.clips.map((stem) => stem.metadata.stem_type_id)).toEqual([
      STEM_TYPES.indexOf("Bass"),
      STEM_TYPES.indexOf("Synth"),
    ]);
    for (const stem of stems.body.clips) {
      expect(stem.metadata).toMatchObject({ type: "stem", stem_from_id: clip.id });
      const audio = decodeWav(new Uint8Array(await download(token, stem.audio_url ?? "")).buffer);
      expect(audio.channels[0].length).toBe(SINE_SONG_SECONDS * 48_000);
    }
    const again = await client.post<{ clips: Clip[] }>(`/api/edit/stems/${clip.id}/`);
    expect(again.body.clips.map((stem) => stem.id)).toEqual(stems.body.clips.map((stem) => stem.id));

    const aligned = await client.get<AlignedLyricsResponse>(`/api/gen/${clip.id}/aligned_lyrics/v2/`);
    expect(aligned.body.aligned_words.map((word) => word.word)).toEqual(["hello", "bright", "world", "edge"]);
    expect(aligned.body.aligned_words[1]).toMatchObject({ start_s: 0.5, end_s: 0.9, success: true });

    const midi = await download(token, `/api/gen/${clip.id}/midi/`);
    expect(midi.subarray(0, 4).toString("latin1")).toBe("MThd");

    // The generator's own downbeats are the clip's beat analysis: 120 BPM, four beats a bar.
    const beats = await client.get<DownbeatsJobResponse>(`/api/gen/${clip.id}/downbeats`);
    expect(beats.body.state).toBe("complete");
    expect(beats.body.bpm).toBeCloseTo(120, 6);
    expect(beats.body.downbeats?.slice(0, 5)).toEqual([
      [0, 1],
      [0.5, 2],
      [1, 3],
      [1.5, 4],
      [2, 1],
    ]);
  });

  it("remasters for paid plans only, and adjusts speed by the multiplier", async () => {
    const free = await user("free", 100);
    const made = await free.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "house",
      make_instrumental: true,
      batch_size: 1,
    });
    const song = await free.updates.until(made.body.clips[0].id, "complete");
    const refused = await free.client.post<{ detail: string }>("/api/generate/upsample", {
      clip_id: song.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("Remaster not allowed. Subscribe to access Remaster.");

    const pro = await user("pro", 100);
    const own = await pro.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "house",
      make_instrumental: true,
      batch_size: 1,
    });
    const source = await pro.updates.until(own.body.clips[0].id, "complete");
    const long = await pro.client.post<{ detail: string }>("/api/generate/upsample", {
      clip_id: source.id,
      title: "t".repeat(81),
    });
    expect(long.status).toBe(422);
    expect(long.body.detail).toBe("Title too long.");
    const remaster = await pro.client.post<{ id: string; clips: Clip[] }>("/api/generate/upsample", {
      clip_id: source.id,
      freedom: 0.2,
      stereo_width: 0.8,
    });
    expect(remaster.status).toBe(200);
    const remastered = await pro.updates.until(remaster.body.clips[0].id, "complete");
    expect(remastered.metadata).toMatchObject({ task: "upsample", upsample_clip_id: source.id });
    expect(generator.requests.at(-1)?.remaster).toEqual({
      freedom: 0.2,
      tone: 0.5,
      clarity: 0.5,
      strength: 0.5,
      stereoWidth: 0.8,
    });

    const faster = await pro.client.post<Clip>("/api/clips/adjust-speed/", {
      clip_id: source.id,
      speed_multiplier: 1.5,
      keep_pitch: true,
      title: "Faster",
    });
    expect(faster.status).toBe(200);
    expect(faster.body.title).toBe("Faster");
    const sped = await pro.updates.until(faster.body.id, "complete");
    expect(sped.metadata.duration).toBeCloseTo(SINE_SONG_SECONDS / 1.5, 3);
    expect(generator.requests.at(-1)?.speed).toEqual({ multiplier: 1.5, keepPitch: true });
  });
});

describe.each(BACKENDS)("generation turned off on %s", (backend) => {
  const server = startApiServer(backend);

  it("answers 503 with the required text and takes no credits", async () => {
    const { client } = await server.signedUp();
    const response = await client.post<{ detail: string }>("/api/generate/v2/", { tags: "pop" });
    expect(response.status).toBe(503);
    expect(response.body.detail).toBe("Generations are currently disabled. Please try again later.");
    expect(await credits(client)).toBe(50);
  });
});

describe.each(BACKENDS)("stopping the server on %s", (backend) => {
  const generator = new SineSongGenerator();
  const server = startApiServer(backend, { generator: () => generator });

  it("stops running generations without failing them and closes the generator", async () => {
    const { client } = await server.signedUp();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "hold",
      prompt: "[Verse]\nnever finished",
      batch_size: 1,
    });
    expect(response.status).toBe(200);
    const clipId = response.body.clips[0].id;
    const db = server.database().db;
    const state = () =>
      db
        .selectFrom("generated_clips")
        .select("state")
        .where("clip_id", "=", clipId)
        .executeTakeFirstOrThrow();
    while ((await state()).state !== "streaming") await new Promise((resolve) => setTimeout(resolve, 20));
    await server.app().close();
    expect(generator.closed).toBe(true);
    // Left as it was, with its credits still reserved: the next server's sweep refunds it.
    expect((await state()).state).toBe("streaming");
    const credits = await db
      .selectFrom("users")
      .innerJoin("clips", "clips.user_id", "users.id")
      .select("users.credits")
      .where("clips.id", "=", clipId)
      .executeTakeFirstOrThrow();
    expect(credits.credits).toBe(40);
  });
});
