import { readdirSync } from "node:fs";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeOggOpus } from "../../src/server/clips/ogg-opus.ts";
import type { AudioUpload, InitializeClipResponse } from "../../src/shared/api/uploads.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { flacFile, mp3File, oggVorbisFile, tone, wavFile } from "../audio-files.ts";
import { BACKENDS } from "../server-database.ts";
import { formPost, newUpload, sendUpload, settledUpload } from "../upload-client.ts";

describe.each(BACKENDS)("audio uploads on %s", (backend) => {
  const server = startApiServer(backend);
  let owner: Awaited<ReturnType<typeof server.signedUp>>;
  beforeAll(async () => {
    owner = await server.signedUp();
  });

  it("takes a WAV through the whole protocol: form, file, finish, status, clip", async () => {
    const { client, userId } = await server.signedUp();
    const audio = tone(7);
    const form = await newUpload(client, "wav");
    expect(form.url).toBe("/api/storage/upload");
    expect(Object.keys(form.fields).sort()).toEqual(["key", "policy", "x-tunesmith-signature"]);
    expect(await formPost(server.url(), form, wavFile(audio), "My Song.wav")).toEqual({
      status: 204,
      body: undefined,
    });
    const uploading = await client.get<AudioUpload>(`/api/uploads/audio/${form.id}/`);
    expect(uploading.body.status).toBe("uploading");

    const finish = await client.post<AudioUpload>(`/api/uploads/audio/${form.id}/upload-finish/`, {
      upload_type: "file_upload",
      upload_filename: "My Song.wav",
    });
    expect(finish.status).toBe(200);
    expect(finish.body.status).toBe("initializing");

    const done = await settledUpload(client, form.id);
    expect(done).toMatchObject({
      id: form.id,
      status: "complete",
      error_message: null,
      title: "My Song",
      image_url: null,
      has_vocal: false,
      clip_id: null,
    });
    expect(done.duration).toBeCloseTo(7, 3);

    const init = await client.post<InitializeClipResponse>(
      `/api/uploads/audio/${form.id}/initialize-clip/`,
      {},
    );
    expect(init.status).toBe(200);
    const clip = await server
      .database()
      .db.selectFrom("clips")
      .selectAll()
      .where("id", "=", init.body.clip_id)
      .executeTakeFirstOrThrow();
    expect(clip).toMatchObject({ user_id: userId, title: "My Song", status: "complete" });
    expect(clip.metadata).toMatchObject({ type: "upload", has_vocal: false });
    expect(clip.metadata.duration).toBeCloseTo(7, 3);

    // The engine's copy: float WAV, the same samples the file held (16-bit, dithered).
    const stored = decodeWav(
      new Uint8Array(await buffer(await server.storage().read(clip.audio_key as string))).buffer,
    );
    expect(stored.sampleRate).toBe(44100);
    expect(stored.channels).toHaveLength(2);
    expect(stored.channels[0].length).toBe(audio.channels[0].length);
    for (const i of [0, 1000, 150_000, 308_000]) {
      expect(stored.channels[0][i]).toBeCloseTo(audio.channels[0][i], 3);
      expect(stored.channels[1][i]).toBeCloseTo(audio.channels[1][i], 3);
    }

    // A repeated initialize-clip answers the same clip rather than making another.
    const again = await client.post<InitializeClipResponse>(`/api/uploads/audio/${form.id}/initialize-clip/`);
    expect(again.body.clip_id).toBe(init.body.clip_id);
    expect((await client.get<AudioUpload>(`/api/uploads/audio/${form.id}/`)).body.clip_id).toBe(
      init.body.clip_id,
    );
  });

  it.each([
    ["mp3", "mp3", () => mp3File(tone(7, 22050)), 7, 7],
    ["flac", "flac", async () => flacFile(tone(7, 22050)), 7, 7],
    ["Ogg Vorbis", "ogg", () => oggVorbisFile(tone(7, 22050)), 7, 7],
    // The encoder's 312-sample start-up delay comes off the front and the last page trims the padding.
    ["Ogg Opus", "opus", async () => encodeOggOpus(tone(7, 48000)), 7, 7],
  ])("decodes a real %s file", async (_name, extension, make, low, high) => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), await make(), extension, `tone.${extension}`);
    const done = await settledUpload(client, id);
    expect(done).toMatchObject({ status: "complete", title: "tone", error_message: null });
    // The MP3's LAME tag tells the decoder the encoder's delay and padding: it gives back exactly the audio.
    expect(done.duration).toBeGreaterThanOrEqual(low);
    expect(done.duration).toBeLessThanOrEqual(high);
  });

  it("keeps the downbeats the studio sends with initialize-clip", async () => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), wavFile(tone(6.5, 8000)), "wav", "beat.wav");
    await settledUpload(client, id);
    const init = await client.post<InitializeClipResponse>(`/api/uploads/audio/${id}/initialize-clip/`, {
      downbeats: [0, 2, 4],
    });
    expect(init.status).toBe(200);
    const row = await server
      .database()
      .db.selectFrom("uploads")
      .select("clip_context")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.clip_context).toEqual({ downbeats: [0, 2, 4] });
    const bad = await client.post(`/api/uploads/audio/${id}/initialize-clip/`, { downbeats: [-1] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^Invalid body: downbeats\[0\]/);
  });

  it("lets a Pro user upload past one minute", async () => {
    const { client, userId } = await server.signedUp();
    await server
      .database()
      .db.updateTable("users")
      .set({ plan_key: "pro" })
      .where("id", "=", userId)
      .execute();
    const id = await sendUpload(client, server.url(), wavFile(tone(61, 8000)), "wav", "long.wav");
    expect(await settledUpload(client, id)).toMatchObject({ status: "complete" });
  });

  it("initializes a stem mix from clips the user may use", async () => {
    const { client, userId } = owner;
    const db = server.database().db;
    const source = await db
      .insertInto("clips")
      .values({ user_id: userId, title: "Source", status: "complete" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const form = await newUpload(client, "wav", true);
    await formPost(server.url(), form, wavFile(tone(6.5, 8000)));
    await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, { upload_filename: "mix.wav" });
    await settledUpload(client, form.id);
    const missing = await client.post(`/api/uploads/audio/${form.id}/initialize-stem-mix-clip`, {
      stem_remix_of_clip_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing).toMatchObject({
      status: 404,
      body: { detail: "Clip 00000000-0000-4000-8000-000000000000 not found" },
    });
    const mix = await client.post<InitializeClipResponse>(
      `/api/uploads/audio/${form.id}/initialize-stem-mix-clip`,
      {
        stem_remix_of_clip_id: source.id,
        combined_from_clip_ids: [source.id],
      },
    );
    expect(mix.status).toBe(200);
    const row = await db
      .selectFrom("uploads")
      .select("clip_context")
      .where("id", "=", form.id)
      .executeTakeFirstOrThrow();
    expect(row.clip_context).toEqual({
      stem_remix_of_clip_id: source.id,
      combined_from_clip_ids: [source.id],
    });

    const plain = await sendUpload(client, server.url(), wavFile(tone(6.5, 8000)), "wav", "plain.wav");
    await settledUpload(client, plain);
    const wrong = await client.post(`/api/uploads/audio/${plain}/initialize-stem-mix-clip/`, {
      stem_remix_of_clip_id: source.id,
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { detail: "This upload was not started as a stem mix (is_stem_mix)" },
    });
  });

  it("marks an upload whose audio has vanished invalid_upload at initialize-clip", async () => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), wavFile(tone(6.5, 8000)), "wav", "gone.wav");
    await settledUpload(client, id);
    const row = await server
      .database()
      .db.selectFrom("uploads")
      .select("audio_key")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await server.storage().delete(row.audio_key as string);
    const init = await client.post(`/api/uploads/audio/${id}/initialize-clip/`);
    expect(init).toMatchObject({ status: 409, body: { detail: "Invalid upload. Please try again." } });
    expect(await settledUpload(client, id)).toMatchObject({
      status: "invalid_upload",
      error_message: "Invalid upload. Please try again.",
    });
  });

  it("stores nothing outside its keys", async () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name)).map((name) => `${entry.name}/${name}`)
          : [entry.name],
      );
    const root = (server.storage() as unknown as { root: string }).root;
    const stray = files(root).filter(
      (name) =>
        !/^uploads\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/(original\.[a-z0-9]+|audio\.wav)(\.type)?$/.test(name),
    );
    expect(stray).toEqual([]);
    const counts = await sql<{
      status: string;
      n: number;
    }>`select status, count(*)::int as n from uploads group by status`.execute(server.database().db);
    expect(counts.rows.find((row) => row.status === "initializing")).toBeUndefined();
  });
});
