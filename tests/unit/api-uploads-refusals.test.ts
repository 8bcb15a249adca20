import { buffer } from "node:stream/consumers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AudioUpload } from "../../src/shared/api/uploads.ts";
import { startApiServer } from "../api-server.ts";
import { mp3File, tone, wavFile } from "../audio-files.ts";
import { BACKENDS } from "../server-database.ts";
import { formPost, newUpload, sendUpload, settledUpload } from "../upload-client.ts";

describe.each(BACKENDS)("audio upload refusals on %s", (backend) => {
  const server = startApiServer(backend);
  let owner: Awaited<ReturnType<typeof server.signedUp>>;
  beforeAll(async () => {
    owner = await server.signedUp();
  });

  it.each([
    ["WAV bytes sent as .mp3", "mp3", () => wavFile(tone(7, 8000)), "The file is not MP3 audio (it is WAV)"],
    ["MP3 bytes sent as .wav", "wav", () => mp3File(tone(7, 8000)), "The file is not WAV audio (it is MP3)"],
    [
      "garbage as .wav",
      "wav",
      () => new Uint8Array(100_000).map((_, i) => (i * 7919) % 251),
      "The file is not WAV audio",
    ],
    [
      "garbage as .flac",
      "flac",
      () => Buffer.from("fLaC but nothing else at all"),
      "No audio could be decoded from the FLAC file",
    ],
    [
      "a WAV cut short",
      "wav",
      () => wavFile(tone(7, 8000)).subarray(0, 100_000),
      "The WAV file is cut short: 99956 of its 224000 bytes of audio arrived",
    ],
    [
      "3 seconds",
      "wav",
      () => wavFile(tone(3, 8000)),
      "The audio is 3.0 seconds long: uploads need at least 6 seconds",
    ],
    [
      "61 seconds (free)",
      "wav",
      () => wavFile(tone(61, 8000)),
      "The audio is longer than 1 minute: trim it to at most 1 minute",
    ],
  ])("ends %s in status error with a message", async (_name, extension, make, message) => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), await make(), extension, `file.${extension}`);
    const done = await settledUpload(client, id);
    expect(done).toMatchObject({ status: "error", error_message: message });
    const init = await client.post(`/api/uploads/audio/${id}/initialize-clip/`);
    expect(init.status).toBe(409);
    expect(init.body).toEqual({ detail: "Invalid upload. Please try again." });
  });

  it("refuses an empty file at the form post, and its finish ends in error", async () => {
    const { client } = owner;
    const form = await newUpload(client, "wav");
    expect(await formPost(server.url(), form, new Uint8Array(0))).toEqual({
      status: 400,
      body: { detail: "The file is empty" },
    });
    await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, { upload_filename: "empty.wav" });
    expect(await settledUpload(client, form.id)).toMatchObject({
      status: "error",
      error_message: "Upload failed: the file never arrived. Please try again.",
    });
  });

  it("refuses a replayed upload-finish, and the upload goes on undisturbed", async () => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), wavFile(tone(6.5, 8000)), "wav", "first.wav");
    const replay = await client.post(`/api/uploads/audio/${id}/upload-finish/`, {
      upload_filename: "second.wav",
    });
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual({ detail: "This upload is already finished" });
    expect(await settledUpload(client, id)).toMatchObject({ status: "complete", title: "first" });
    const late = await client.post(`/api/uploads/audio/${id}/upload-finish/`, {});
    expect(late.status).toBe(409);
  });

  it("refuses a second file on a finished upload's form: the stored file stays as it was", async () => {
    const { client } = owner;
    const form = await newUpload(client, "wav");
    const original = wavFile(tone(6.5, 8000));
    await formPost(server.url(), form, original);
    await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, { upload_filename: "a.wav" });
    const replay = await formPost(server.url(), form, wavFile(tone(9, 8000)));
    expect(replay).toEqual({ status: 409, body: { detail: "This upload is already finished" } });
    const key = form.fields.key;
    expect(Buffer.compare(await buffer(await server.storage().read(key)), Buffer.from(original))).toBe(0);
  });

  it("cancels an upload before it is finished: nothing is processed or initialized", async () => {
    const { client } = owner;
    const form = await newUpload(client, "wav");
    await formPost(server.url(), form, wavFile(tone(7, 8000)));
    const cancel = await client.post<AudioUpload>(`/api/uploads/audio/${form.id}/cancel/`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("cancelled");
    expect(await server.storage().stat(form.fields.key)).toBeNull();
    const finish = await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, {});
    expect(finish).toMatchObject({ status: 409, body: { detail: "This upload was cancelled" } });
    const init = await client.post(`/api/uploads/audio/${form.id}/initialize-clip/`);
    expect(init).toMatchObject({ status: 409, body: { detail: "This upload was cancelled" } });
    expect(await formPost(server.url(), form, wavFile(tone(7, 8000)))).toMatchObject({ status: 409 });
    expect((await client.post(`/api/uploads/audio/${form.id}/cancel/`)).status).toBe(200);
    expect((await client.get<AudioUpload>(`/api/uploads/audio/${form.id}/`)).body.status).toBe("cancelled");
  });

  it("cancels an upload while it is processed: it ends cancelled, never complete, and makes no clip", async () => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), wavFile(tone(30)), "wav", "long.wav");
    const cancel = await client.post<AudioUpload>(`/api/uploads/audio/${id}/cancel/`);
    const done = await settledUpload(client, id);
    if (cancel.status === 200) {
      expect(done.status).toBe("cancelled");
      const init = await client.post(`/api/uploads/audio/${id}/initialize-clip/`);
      expect(init.status).toBe(409);
    } else {
      // Processing won the race: the cancel says so and the upload stays complete.
      expect(cancel.body).toEqual({ detail: "This upload is already complete" });
      expect(done.status).toBe("complete");
    }
  });

  it.each([
    ["../../../etc/passwd.wav", "passwd"],
    ["..\\..\\Windows\\evil.wav", "evil"],
    ["/abs/path/to/song.mp3.wav", "song.mp3"],
    ["..", "Untitled Song"],
    ["line\nbreak.wav", "linebreak"],
  ])("takes only a title from the file name %j", async (filename, title) => {
    const { client } = owner;
    const id = await sendUpload(client, server.url(), wavFile(tone(6.5, 8000)), "wav", filename);
    const done = await settledUpload(client, id);
    expect(done).toMatchObject({ status: "complete", title });
    const row = await server
      .database()
      .db.selectFrom("uploads")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.original_key).toMatch(new RegExp(`^uploads/[0-9a-f-]{36}/${id}/original\\.wav$`));
    expect(row.audio_key).toMatch(new RegExp(`^uploads/[0-9a-f-]{36}/${id}/audio\\.wav$`));
  });

  it("refuses forged, altered and expired upload forms", async () => {
    const { client } = owner;
    const form = await newUpload(client, "wav");
    const file = wavFile(tone(6.5, 8000));
    const refused = (detail: string) => ({ status: 403, body: { detail } });
    const otherKey = { ...form, fields: { ...form.fields, key: "../../escape.wav" } };
    expect(await formPost(server.url(), otherKey, file)).toEqual(
      refused("The upload form's key does not match its policy"),
    );
    const forged = { ...form, fields: { ...form.fields, "x-tunesmith-signature": "A".repeat(43) } };
    expect(await formPost(server.url(), forged, file)).toEqual(
      refused("The upload form's signature does not match"),
    );
    const policy = JSON.parse(Buffer.from(form.fields.policy, "base64url").toString());
    const bigger = Buffer.from(JSON.stringify({ ...policy, max_bytes: 10 ** 12 })).toString("base64url");
    expect(
      await formPost(server.url(), { ...form, fields: { ...form.fields, policy: bigger } }, file),
    ).toEqual(refused("The upload form's signature does not match"));
    const bare = { ...form, fields: { key: form.fields.key } };
    expect(await formPost(server.url(), bare, file)).toEqual(
      refused("The upload form is missing its signed fields"),
    );
    const signer = server.storage().formPostSigner;
    if (!signer) throw new Error("local storage signs its forms");
    const expired = signer.sign({
      key: form.fields.key,
      minBytes: 1,
      maxBytes: 1000,
      expiresAt: Date.now() - 1,
    });
    expect(await formPost(server.url(), { ...form, fields: expired }, file)).toEqual(
      refused("The upload form has expired: start the upload again"),
    );
    expect(await server.storage().stat(form.fields.key)).toBeNull();
    // The genuine form still works.
    expect((await formPost(server.url(), form, file)).status).toBe(204);
  });

  it("refuses a file over the form's own size limit while it streams", async () => {
    const { client } = owner;
    const form = await newUpload(client, "wav");
    const signer = server.storage().formPostSigner;
    if (!signer) throw new Error("local storage signs its forms");
    const small = signer.sign({
      key: form.fields.key,
      minBytes: 1,
      maxBytes: 1000,
      expiresAt: Date.now() + 60_000,
    });
    expect(await formPost(server.url(), { ...form, fields: small }, new Uint8Array(1001))).toEqual({
      status: 413,
      body: { detail: "The file is too large: audio uploads are at most 500 MB (524,288,000 bytes)" },
    });
    expect(await server.storage().stat(form.fields.key)).toBeNull();
  });

  it("answers bad requests with a 4xx detail", async () => {
    const { client } = owner;
    const m4a = await client.post("/api/uploads/audio/", { extension: "m4a" });
    expect(m4a).toMatchObject({
      status: 400,
      body: {
        detail:
          "Invalid body: extension: .m4a audio is not supported yet: upload WAV, MP3, FLAC or Ogg (Vorbis or Opus)",
      },
    });
    const exe = await client.post("/api/uploads/audio/", { extension: "exe" });
    expect(exe.body.detail).toBe(
      "Invalid body: extension: Please upload audio files only (WAV, MP3, FLAC or Ogg)",
    );
    expect((await client.get("/api/uploads/audio/not-an-id/")).status).toBe(400);
    const unknown = await client.get("/api/uploads/audio/00000000-0000-4000-8000-000000000000/");
    expect(unknown).toMatchObject({ status: 404, body: { detail: "Upload not found" } });
    const signedOut = await server.client().post("/api/uploads/audio/", { extension: "wav" });
    expect(signedOut.status).toBe(401);
    const notMultipart = await server.client().post("/api/storage/upload", {});
    expect(notMultipart).toMatchObject({
      status: 400,
      body: { detail: "Send the file as a multipart form post" },
    });
  });

  it("keeps uploads private to their owner", async () => {
    const owner = await server.signedUp();
    const stranger = await server.signedUp();
    const id = await sendUpload(owner.client, server.url(), wavFile(tone(6.5, 8000)), "wav", "mine.wav");
    await settledUpload(owner.client, id);
    for (const path of ["", "upload-finish/", "initialize-clip/", "cancel/"]) {
      const response = path
        ? await stranger.client.post(`/api/uploads/audio/${id}/${path}`, {})
        : await stranger.client.get(`/api/uploads/audio/${id}/`);
      expect(response).toMatchObject({ status: 404, body: { detail: "Upload not found" } });
    }
  });
});
