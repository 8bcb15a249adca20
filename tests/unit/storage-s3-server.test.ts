import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ObjectTooLargeError } from "../../src/server/storage/byte-limit.ts";
import { S3Storage } from "../../src/server/storage/s3-storage.ts";
import type { Storage } from "../../src/server/storage/storage.ts";
import type { AudioUpload } from "../../src/shared/api/uploads.ts";
import { startApiServer } from "../api-server.ts";
import { tone, wavFile } from "../audio-files.ts";
import { type S3Server, startS3Server } from "../s3-server.ts";
import { BACKENDS } from "../server-database.ts";
import { expectObjectCopy, expectObjectRoundTrip } from "../storage-round-trip.ts";
import { uploadSongThroughForm } from "../upload-client.ts";

async function keysIn(storage: S3Storage, bucket: string): Promise<string[]> {
  const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "");
}

describe("S3 storage against a real S3-compatible server (s3rver)", () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server();
  }, 30_000);
  afterAll(() => server?.close());

  it("puts, stats, reads ranges of and deletes objects", async () => {
    const settings = await server.newBucket();
    const storage = new S3Storage(settings);
    await storage.check();
    await expectObjectRoundTrip(storage, "a/b.bin");
    await storage.delete("a/b.bin");
    expect(await storage.stat("a/b.bin")).toBeNull();
    expect(await keysIn(storage, settings.bucket)).toEqual([]);
  });

  it("copies an object inside the bucket, the copy standing on its own", async () => {
    const settings = await server.newBucket();
    const storage = new S3Storage(settings);
    await expectObjectCopy(storage, "stems/one.wav", "clips/two/audio.wav");
    expect(await keysIn(storage, settings.bucket)).toEqual(["clips/two/audio.wav"]);
  });

  it("leaves nothing in the bucket for a body over its limit (no partial objects to sweep)", async () => {
    const settings = await server.newBucket();
    const storage = new S3Storage(settings);
    await expect(
      storage.put("big.bin", Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
        contentType: "audio/wav",
        maxBytes: 1000,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await keysIn(storage, settings.bucket)).toEqual([]);
    // Writes to a bucket are whole or nothing: the store has no leftover sweep to run.
    expect((storage as Storage).removeLeftovers).toBeUndefined();
  });

  it("fails the start-up check for a bucket that is not there", async () => {
    const settings = await server.newBucket();
    await new S3Storage(settings).check();
    await expect(new S3Storage({ ...settings, bucket: "not-there" }).check()).rejects.toThrow();
  });

  it("takes a browser-style presigned POST upload", async () => {
    const settings = await server.newBucket();
    const storage = new S3Storage(settings);
    const post = await storage.presignPost("uploads/u/1/original.wav", {
      minBytes: 1,
      maxBytes: 1_000_000,
      expiresInSeconds: 600,
    });
    const wav = wavFile(tone(0.5, 8000));
    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    form.append("file", new Blob([wav], { type: "audio/wav" }), "song.wav");
    const response = await fetch(post.url, { method: "POST", body: form });
    expect(response.status).toBeLessThan(300);
    expect((await storage.stat("uploads/u/1/original.wav"))?.size).toBe(wav.length);
  });
});

describe.each(BACKENDS)("the upload protocol against s3rver on %s", (backend) => {
  let s3: S3Server;
  let bucket = "";
  const api = startApiServer(backend, {
    storage: async () => {
      s3 = await startS3Server();
      const settings = await s3.newBucket();
      bucket = settings.bucket;
      return new S3Storage(settings);
    },
  });
  afterAll(() => s3?.close());

  it("sends the file straight to the bucket, processes it from there and makes a clip", async () => {
    const { client } = await api.signedUp();
    const upload = await uploadSongThroughForm(client, api.url());
    expect(upload.form.url).toBe(`${s3.endpoint}/${bucket}`);
    expect(upload.postedStatus).toBeLessThan(300);
    expect(upload.done).toMatchObject<Partial<AudioUpload>>({ status: "complete", title: "bucket song" });
    expect(upload.initStatus).toBe(200);
    const keys = await keysIn(api.storage() as S3Storage, bucket);
    expect(keys).toContain(upload.form.fields.key);
    expect(keys.some((key) => key.endsWith(`${upload.form.id}/audio.wav`))).toBe(true);
  });
});
