import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { spoolToTempFile } from "./spool.ts";
import type { ByteRange, PresignedPost, PresignPostOptions, Storage, StoredObject } from "./storage.ts";

export interface S3Settings {
  readonly bucket: string;
  /** An S3-compatible server (MinIO, R2, ...); AWS itself when absent. */
  readonly endpoint?: string;
  readonly region: string;
  /** Without keys the SDK's own chain (environment, profile, instance role) supplies them. */
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name: most self-hosted servers need it. */
  readonly forcePathStyle: boolean;
}

/**
 * Media in an S3-compatible bucket. The page uploads straight to the bucket
 * with a presigned POST whose policy fixes the key and the size range (S3
 * refuses a larger file while it arrives); the server reads objects back as
 * streams.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, clientOverrides: Partial<S3ClientConfig> = {}) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: several S3-compatible servers refuse the SDK's newer default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      ...clientOverrides,
    });
  }

  /** Proves at start-up that the bucket is there and the keys work, rather than at the first upload. */
  async check(timeoutMs = 15_000): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(timeoutMs),
    });
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number },
  ): Promise<StoredObject> {
    // A single PUT needs its length up front; spooling to disk keeps memory flat whatever the size.
    const spooled = await spoolToTempFile(body, options.maxBytes);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(spooled.path),
          ContentLength: spooled.size,
          ContentType: options.contentType,
        }),
      );
    } finally {
      await spooled.remove();
    }
    return { size: spooled.size, contentType: options.contentType };
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    const body = object.Body;
    if (body instanceof Readable) return body;
    if (body && "transformToWebStream" in body) {
      return Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream);
    }
    throw new Error(`The S3 object ${key} came back without a body`);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** A server-side copy (up to 5 GB, far above any object the product stores). */
  async copy(fromKey: string, toKey: string): Promise<StoredObject> {
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: toKey,
        CopySource: `${this.bucket}/${fromKey.split("/").map(encodeURIComponent).join("/")}`,
      }),
    );
    const copied = await this.stat(toKey);
    if (copied === null) throw new Error(`The S3 copy of ${fromKey} to ${toKey} is not there`);
    return copied;
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignPost(key: string, options: PresignPostOptions): Promise<PresignedPost> {
    return createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [["content-length-range", options.minBytes, options.maxBytes]],
      Expires: options.expiresInSeconds,
    });
  }
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404;
}
