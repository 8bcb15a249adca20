import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { readS3Settings } from "../src/server/storage/s3-config.ts";
import { S3Storage } from "../src/server/storage/s3-storage.ts";
import type { Storage } from "../src/server/storage/storage.ts";

/** The media store a test's child process is given: the S3 bucket of S3_BUCKET ..., else FILES_DIR on disk. */
export async function testStorageFromEnv(): Promise<Storage> {
  const s3 = readS3Settings(process.env, (message) => new Error(message));
  if (s3) return new S3Storage(s3);
  const files = process.env.FILES_DIR;
  if (!files) throw new Error("Set S3_BUCKET ... or FILES_DIR");
  return new LocalDiskStorage(files);
}
