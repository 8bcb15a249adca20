import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createClip } from "../../src/server/clips/clip-store.ts";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import { SPEED_OF_VOCALS } from "../../src/server/generation/library-actions.ts";
import { STEMS_NEED_SCORE } from "../../src/server/generation/request-references.ts";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { encodeWav } from "../../src/shared/audio/wav.ts";
import { type ApiClient, startApiServer } from "../api-server.ts";
import { settledClips } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SINE_SONG_SECONDS, SineSongGenerator } from "../sine-song-generator.ts";
import { testScore } from "./generator-render-score.ts";

describe.each(BACKENDS)("generation references on %s", (backend) => {
  const generator = new SineSongGenerator();
  const server = startApiServer(backend, { generator: () => generator });

  const proUser = () => server.signedUp({ plan: "pro", credits: 200 });

  async function song(client: ApiClient, tags: string): Promise<Clip> {
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags,
      make_instrumental: true,
      batch_size: 1,
    });
    expect(response.status).toBe(200);
    const [clip] = await settledClips(client, [response.body.clips[0].id]);
    expect(clip.status).toBe("complete");
    return clip;
  }

  /** An uploaded song as the uploads module leaves it: a float WAV at the file's own rate (44.1 kHz). */
  async function upload(userId: string, seconds: number): Promise<string> {
    const id = randomUUID();
    const rate = 44_100;
    const channel = new Float32Array(seconds * rate).map(
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 330 * i) / rate),
    );
    const key = clipMediaKey(id, "audio", "wav");
    await server
      .storage()
      .put(key, Readable.from([Buffer.from(encodeWav({ sampleRate: rate, channels: [channel] }))]), {
        contentType: "audio/wav",
      });
    await createClip(server.database().db, {
      id,
      userId,
      title: "My recording",
      audioKey: key,
      metadata: { type: "upload", duration: seconds, has_vocal: false },
    });
    return id;
  }

  it("writes lyrics, a title and styles from a simple-mode description, per clip", async () => {
    const { client } = await proUser();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      gpt_description_prompt: "a sunny song about the sea and summer",
      metadata: { create_mode: "simple" },
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata).toMatchObject({
      task: "create",
      gpt_description_prompt: "a sunny song about the sea and summer",
    });
    const clips = await settledClips(
      client,
      response.body.clips.map((clip) => clip.id),
    );
    const requests = generator.requests.slice(-2);
    for (const request of requests) {
      expect(request.lyrics).toMatch(/\[(Verse|Chorus)/);
      expect(request.instrumental).toBe(false);
      expect(request.tags).not.toBe("");
    }
    expect(requests[0].lyrics).not.toBe(requests[1].lyrics);
    for (const clip of clips) {
      expect(clip.title).not.toBe("");
      expect(clip.metadata.has_vocal).toBe(true);
      expect(clip.metadata.prompt).toMatch(/\[(Verse|Chorus)/);
    }
  });

  it("uses an uploaded song, decoded at 48 kHz, as the source of a cover and an upload_extend", async () => {
    const { client, userId } = await proUser();
    const uploaded = await upload(userId, 4);
    const cover = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "reggae",
      cover_clip_id: uploaded,
      batch_size: 1,
    });
    expect(cover.status).toBe(200);
    expect(cover.body.metadata.task).toBe("cover");
    await settledClips(client, [cover.body.clips[0].id]);
    const covered = generator.requests.at(-1);
    expect(covered?.source?.clipId).toBe(uploaded);
    expect(covered?.source?.audio.sampleRate).toBe(48_000);
    expect(Math.abs((covered?.source?.audio.channels[0].length ?? 0) - 4 * 48_000)).toBeLessThanOrEqual(64);

    const extend = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "reggae",
      continue_clip_id: uploaded,
      continue_at: 3,
      batch_size: 1,
    });
    expect(extend.status).toBe(200);
    expect(extend.body.metadata).toMatchObject({ task: "upload_extend", type: "upload_extend" });
    const speed = await client.post<{ detail: string }>("/api/clips/adjust-speed/", {
      clip_id: uploaded,
      speed_multiplier: 1.25,
    });
    expect(speed.status).toBe(400);
    expect(speed.body.detail).toBe("Cannot adjust speed of uploaded audio and its derivatives");
    await settledClips(client, [extend.body.clips[0].id]);
  });

  it("resolves a persona to its root clip, caps its duration at 4 minutes, and gates it by plan", async () => {
    const { client, userId } = await proUser();
    const root = await song(client, "soul");
    const db = server.database().db;
    const persona = await db
      .insertInto("personas")
      .values({ user_id: userId, root_clip_id: root.id, name: "Velvet" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "soul",
      prompt: "[Verse]\nsmooth",
      persona_id: persona.id,
      duration: 300,
      mv: "chirp-v4",
      batch_size: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata).toMatchObject({ task: "artist_consistency", persona_id: persona.id });
    expect(response.body.clips[0].persona?.id).toBe(persona.id);
    await settledClips(client, [response.body.clips[0].id]);
    const request = generator.requests.at(-1);
    expect(request?.task).toBe("artist_consistency");
    expect(request?.source?.clipId).toBe(root.id);
    expect(request?.durationSeconds).toBe(240);
    expect(request?.artistRange).toBeNull();

    // The root's artist range reaches the generator; a bad one is a 400 with its reason.
    const ranged = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "soul",
      persona_id: persona.id,
      artist_start_s: 1,
      artist_end_s: 2.5,
      mv: "chirp-v4",
      batch_size: 1,
    });
    expect(ranged.status).toBe(200);
    await settledClips(client, [ranged.body.clips[0].id]);
    expect(generator.requests.at(-1)?.artistRange).toEqual({ start: 1, end: 2.5 });
    for (const [start, end, detail] of [
      [2, 1, "artist_end_s must be after artist_start_s"],
      [-1, 2, "artist_start_s"],
      [SINE_SONG_SECONDS + 1, SINE_SONG_SECONDS + 2, "is beyond the end of the clip"],
    ] as const) {
      const bad = await client.post<{ detail: string }>("/api/generate/v2/", {
        tags: "soul",
        persona_id: persona.id,
        artist_start_s: start,
        artist_end_s: end,
        mv: "chirp-v4",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain(detail);
    }

    const tooOld = await client.post<{ detail: string }>("/api/generate/v2/", {
      tags: "soul",
      persona_id: persona.id,
      mv: "chirp-v3-0",
    });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.detail).toContain("needs the V3.5 model or newer");

    const free = await server.signedUp();
    const refused = await free.client.post<{ detail: string }>("/api/generate/v2/", {
      tags: "soul",
      persona_id: persona.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Personas need a Pro or Premier plan");
  });

  it("draws a playlist's own songs as inspirations, and refuses a playlist without any", async () => {
    const { client, userId } = await proUser();
    const mine = await song(client, "disco");
    const other = await proUser();
    const theirs = await song(other.client, "metal");
    const db = server.database().db;
    const playlist = await db
      .insertInto("playlists")
      .values({ user_id: userId, name: "Mix" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("playlist_clips")
      .values([
        { playlist_id: playlist.id, clip_id: theirs.id, position: 0 },
        { playlist_id: playlist.id, clip_id: mine.id, position: 1 },
      ])
      .execute();
    const older = await client.post<{ detail: string }>("/api/generate/v2/", {
      tags: "disco",
      playlist_id: playlist.id,
      mv: "chirp-v4-5",
    });
    expect(older.status).toBe(400);
    expect(older.body.detail).toContain("needs the V4.5+ model or newer");
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "disco",
      playlist_id: playlist.id,
      mv: "chirp-v4-5-plus",
      batch_size: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata.task).toBe("playlist_condition");
    await settledClips(client, [response.body.clips[0].id]);
    expect(generator.requests.at(-1)?.inspirations.map((clip) => clip.clipId)).toEqual([mine.id]);

    const empty = await db
      .insertInto("playlists")
      .values({ user_id: userId, name: "Theirs only" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("playlist_clips")
      .values({ playlist_id: empty.id, clip_id: theirs.id, position: 0 })
      .execute();
    const refused = await client.post<{ detail: string }>("/api/generate/v2/", {
      tags: "disco",
      playlist_id: empty.id,
      mv: "chirp-crow",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe("Please choose a playlist with at least one song you made.");
  });

  it("replaces a section of a finished clip within its length only", async () => {
    const { client } = await proUser();
    const source = await song(client, "jazz");
    const beyond = await client.post<{ detail: string }>("/api/generate/v2/", {
      tags: "jazz",
      continue_clip_id: source.id,
      infill_start_s: 1,
      infill_end_s: SINE_SONG_SECONDS + 2,
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.detail).toContain("beyond the end of the clip");
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz",
      continue_clip_id: source.id,
      infill_start_s: 1,
      infill_end_s: 2,
      batch_size: 1,
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata).toMatchObject({ task: "infill", infill: true });
    await settledClips(client, [response.body.clips[0].id]);
    expect(generator.requests.at(-1)?.infill).toEqual({ start: 1, end: 2 });
  });

  it("carries an infill's context window to the generator: the context bounds, or history and future around the range", async () => {
    const { client } = await proUser();
    const source = await song(client, "jazz");
    const infill = (fields: Record<string, number>) =>
      client.post<GenerateResponse & { detail: string }>("/api/generate/v2/", {
        tags: "jazz",
        continue_clip_id: source.id,
        infill_start_s: 1,
        infill_end_s: 2,
        batch_size: 1,
        ...fields,
      });
    const bounded = await infill({ infill_context_start_s: 0.5, infill_context_end_s: 2.5 });
    expect(bounded.status).toBe(200);
    expect(bounded.body.metadata.history?.[0]).toMatchObject({
      infill_start_s: 1,
      infill_end_s: 2,
      infill_context_start_s: 0.5,
      infill_context_end_s: 2.5,
    });
    await settledClips(client, [bounded.body.clips[0].id]);
    expect(generator.requests.at(-1)?.infill).toEqual({
      start: 1,
      end: 2,
      context: { start: 0.5, end: 2.5 },
    });
    // History and future around the range; a future past the clip's end runs to its end.
    const around = await infill({ include_history_s: 0.25, include_future_s: 5 });
    expect(around.status).toBe(200);
    await settledClips(client, [around.body.clips[0].id]);
    expect(generator.requests.at(-1)?.infill).toEqual({
      start: 1,
      end: 2,
      context: { start: 0.75, end: null },
    });

    const after = await infill({ infill_context_start_s: 1.5, infill_context_end_s: 2.5 });
    expect(after.status).toBe(400);
    expect(after.body.detail).toBe("infill_context_start_s must be at or before infill_start_s");
    const before = await infill({ infill_context_start_s: 0, infill_context_end_s: 1.5 });
    expect(before.status).toBe(400);
    expect(before.body.detail).toBe("infill_context_end_s must be at or after infill_end_s");
    const beyond = await infill({ infill_context_start_s: 0, infill_context_end_s: SINE_SONG_SECONDS + 1 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.detail).toContain("beyond the end of the clip");
    const half = await infill({ infill_context_start_s: 0 });
    expect(half.status).toBe(400);
    expect(half.body.detail).toBe(
      "Infill with generate-full-context needs all four infill and context boundaries defined",
    );
  });

  it("refuses stems of a song without a score (an upload) before taking credits, and speed of a sung song", async () => {
    const { client, userId } = await proUser();
    const credits = async () => (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
    const stemOf = (clipId: string) =>
      client.post<GenerateResponse & { detail?: string }>("/api/generate/v2/", {
        task: "gen_stem",
        stem_condition_clip_id: clipId,
        stem_type_group_name: "bass",
        batch_size: 1,
      });
    const uploaded = await upload(userId, 4);
    const made = await song(client, "funk");
    const before = await credits();
    for (const clipId of [uploaded, made.id]) {
      const refused = await stemOf(clipId);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(STEMS_NEED_SCORE);
    }
    expect(await credits()).toBe(before);
    // With the score our generator keeps for its songs, the same request is taken.
    await server
      .database()
      .db.updateTable("generated_clips")
      .set({ score: sql<unknown>`${JSON.stringify(testScore())}::jsonb` })
      .where("clip_id", "=", made.id)
      .execute();
    const accepted = await stemOf(made.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.metadata.task).toBe("gen_stem");
    await settledClips(client, [accepted.body.clips[0].id]);

    const sung = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "funk",
      prompt: "[Verse]\nla la la",
      batch_size: 1,
    });
    const [sungClip] = await settledClips(client, [sung.body.clips[0].id]);
    expect(sungClip.metadata.has_vocal).toBe(true);
    const speed = await client.post<{ detail: string }>("/api/clips/adjust-speed/", {
      clip_id: sungClip.id,
      speed_multiplier: 1.25,
    });
    expect(speed.status).toBe(400);
    expect(speed.body.detail).toBe(SPEED_OF_VOCALS);
  });
});
