import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ObjectTooLargeError } from "../../src/server/storage/byte-limit.ts";
import { readS3Settings } from "../../src/server/storage/s3-config.ts";
import { S3Storage } from "../../src/server/storage/s3-storage.ts";
import type { AudioUpload, CreateAudioUploadResponse } from "../../src/shared/api/uploads.ts";
import { startApiServer } from "../api-server.ts";
import { tone, wavFile } from "../audio-files.ts";
import { sigV4Key, startFakeS3 } from "../fake-s3.ts";
import { BACKENDS } from "../server-database.ts";
import { expectObjectRoundTrip } from "../storage-round-trip.ts";
import { formPost, settledUpload, uploadSongThroughForm } from "../upload-client.ts";

const KEYS = { bucket: "tunesmith-media", accessKeyId: "AKIDTESTKEY", secretAccessKey: "test/secret+key" };

const s3At = (endpoint: string) =>
  new S3Storage({ ...KEYS, endpoint, region: "eu-central-1", forcePathStyle: true });

describe("S3 presigned POST, checked without a server", () => {
  it("signs a policy that fixes the bucket and key and limits the size to 1..524,288,000 bytes", async () => {
    const storage = s3At("http://s3.example.test:9000");
    const before = Date.now();
    const post = await storage.presignPost("uploads/u/1/original.wav", {
      minBytes: 1,
      maxBytes: 524_288_000,
      expiresInSeconds: 3600,
    });
    expect(post.url).toBe("http://s3.example.test:9000/tunesmith-media");
    const fields = post.fields;
    expect(fields.key).toBe("uploads/u/1/original.wav");
    expect(fields["X-Amz-Algorithm"]).toBe("AWS4-HMAC-SHA256");
    const date = fields["X-Amz-Date"];
    expect(date).toMatch(/^\d{8}T\d{6}Z$/);
    expect(fields["X-Amz-Credential"]).toBe(`AKIDTESTKEY/${date.slice(0, 8)}/eu-central-1/s3/aws4_request`);

    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ["content-length-range", 1, 524_288_000],
        { bucket: "tunesmith-media" },
        { key: "uploads/u/1/original.wav" },
        { "X-Amz-Algorithm": "AWS4-HMAC-SHA256" },
        { "X-Amz-Credential": fields["X-Amz-Credential"] },
        { "X-Amz-Date": date },
      ]),
    );
    const expires = Date.parse(policy.expiration);
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);

    // The signature, worked out independently from AWS's documented key chain.
    const { createHmac } = await import("node:crypto");
    const expected = createHmac("sha256", sigV4Key(KEYS.secretAccessKey, date.slice(0, 8), "eu-central-1"))
      .update(fields.Policy)
      .digest("hex");
    expect(fields["X-Amz-Signature"]).toBe(expected);
  });

  it("reads the S3 settings from the environment, refusing half a setup", () => {
    const fail = (message: string) => new Error(message);
    expect(readS3Settings({}, fail)).toBeUndefined();
    expect(readS3Settings({ S3_BUCKET: "b" }, fail)).toEqual({
      bucket: "b",
      endpoint: undefined,
      region: "us-east-1",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    expect(
      readS3Settings({ S3_BUCKET: "b", S3_ENDPOINT: "http://minio:9000", S3_REGION: "eu-west-1" }, fail),
    ).toMatchObject({ endpoint: "http://minio:9000", region: "eu-west-1", forcePathStyle: true });
    expect(
      readS3Settings(
        { S3_BUCKET: "b", S3_ENDPOINT: "https://r2.example", S3_FORCE_PATH_STYLE: "false" },
        fail,
      )?.forcePathStyle,
    ).toBe(false);
    expect(() => readS3Settings({ S3_ENDPOINT: "http://minio:9000" }, fail)).toThrow(
      "S3_ENDPOINT set without S3_BUCKET: set S3_BUCKET too, or unset them to store files on disk.",
    );
    expect(() => readS3Settings({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "a" }, fail)).toThrow(/go together/);
    expect(() => readS3Settings({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" }, fail)).toThrow(
      "S3_ENDPOINT=minio:9000 is not an http:// or https:// URL.",
    );
    expect(() => readS3Settings({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "yes" }, fail)).toThrow(/not one of/);
  });
});

describe("S3 storage against a stand-in server on loopback", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3(KEYS);
  });
  afterAll(() => fake.close());

  it("puts, stats, reads ranges of and deletes objects through the SDK", async () => {
    const storage = s3At(fake.endpoint);
    await storage.check();
    const body = await expectObjectRoundTrip(storage, "a/b.bin");
    expect(Buffer.compare(fake.objects.get("a/b.bin")?.body ?? Buffer.alloc(0), body)).toBe(0);
    await storage.delete("a/b.bin");
    expect(await storage.stat("a/b.bin")).toBeNull();
  });

  it("refuses a body over its limit before anything reaches the bucket", async () => {
    const storage = s3At(fake.endpoint);
    await expect(
      storage.put("big.bin", Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), {
        contentType: "audio/wav",
        maxBytes: 1000,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(fake.objects.has("big.bin")).toBe(false);
  });

  it("fails the start-up check for a bucket that is not there", async () => {
    const storage = new S3Storage({
      ...KEYS,
      bucket: "nope",
      endpoint: fake.endpoint,
      region: "x",
      forcePathStyle: true,
    });
    await expect(storage.check()).rejects.toThrow();
  });
});

describe.each(BACKENDS)("the upload protocol with S3 storage on %s", (backend) => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  const server = startApiServer(backend, {
    storage: async () => {
      fake = await startFakeS3(KEYS);
      return s3At(fake.endpoint);
    },
  });
  afterAll(() => fake?.close());

  it("sends the file straight to the bucket, processes it from there and makes a clip", async () => {
    const { client } = await server.signedUp();
    const upload = await uploadSongThroughForm(client, server.url());
    expect(upload.form.url).toBe(`${fake.endpoint}/tunesmith-media`);
    expect(upload.postedStatus).toBe(204);
    expect(fake.objects.has(upload.form.fields.key)).toBe(true);
    expect(upload.done).toMatchObject<Partial<AudioUpload>>({ status: "complete", title: "bucket song" });
    expect(upload.initStatus).toBe(200);
    const keys = [...fake.objects.keys()];
    expect(keys.some((key) => key.endsWith(`${upload.form.id}/audio.wav`))).toBe(true);
    // No local endpoint exists when the store is S3: the bucket takes the files.
    expect((await server.client().post("/api/storage/upload", {})).status).toBe(404);
  });

  it("is refused by the bucket for a tampered policy or a file outside the size range", async () => {
    const { client } = await server.signedUp();
    const created = await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" });
    const form = created.body;
    const policy = JSON.parse(Buffer.from(form.fields.Policy, "base64").toString());
    const widened = {
      ...policy,
      conditions: policy.conditions.map((c: unknown) =>
        Array.isArray(c) && c[0] === "content-length-range" ? ["content-length-range", 1, 10 ** 12] : c,
      ),
    };
    const tampered = {
      ...form,
      fields: { ...form.fields, Policy: Buffer.from(JSON.stringify(widened)).toString("base64") },
    };
    expect((await formPost(server.url(), tampered, wavFile(tone(6.5, 8000)))).status).toBe(403);
    expect((await formPost(server.url(), form, new Uint8Array(0))).status).toBe(400);
    expect(fake.objects.has(form.fields.key)).toBe(false);
    // The upload then ends in a clear error rather than hanging.
    await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, {});
    expect(await settledUpload(client, form.id)).toMatchObject({
      status: "error",
      error_message: "Upload failed: the file never arrived. Please try again.",
    });
  });
});
