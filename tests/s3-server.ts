// A real S3-compatible server for the storage tests: s3rver (npm), a separate process serving the S3
// REST API over HTTP with SigV4 authentication, keeping objects on disk. CI starts one (.ci/run sets
// S3_TEST_ENDPOINT); without it each test file starts its own. Each caller gets a bucket of its own.
// s3rver knows one account, whose keys are S3RVER / S3RVER. It does not enforce presigned POST
// policies, so the refusal of a tampered policy is checked against tests/fake-s3.ts instead.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { repoPath } from "../src/platform/paths.ts";
import type { S3Settings } from "../src/server/storage/s3-storage.ts";

export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Server {
  readonly endpoint: string;
  /** Settings for a new, empty bucket on the server. */
  newBucket(): Promise<S3Settings>;
  close(): Promise<void>;
}

function startS3rver(): Promise<{ endpoint: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "tunesmith-s3rver-"));
  const child = spawn(
    process.execPath,
    [
      repoPath("node_modules/s3rver/bin/s3rver.js"),
      "-d",
      dir,
      "-a",
      "127.0.0.1",
      "-p",
      "0",
      "--no-vhost-buckets",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (data) => {
      out += data;
      const port = /listening on [^:\s]+:(\d+)/.exec(out)?.[1];
      if (port) {
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve({ endpoint: `http://127.0.0.1:${port}`, child, dir });
      }
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}): ${out}`)));
  });
}

/** The CI's S3 server, or one of this caller's own. */
export async function startS3Server(): Promise<S3Server> {
  const shared = process.env.S3_TEST_ENDPOINT;
  const own = shared ? null : await startS3rver();
  const endpoint = shared ?? (own?.endpoint as string);
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  return {
    endpoint,
    async newBucket() {
      const bucket = `tunesmith-${randomUUID().slice(0, 13)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { bucket, endpoint, region: "us-east-1", forcePathStyle: true, ...S3RVER_KEYS };
    },
    async close() {
      client.destroy();
      if (!own) return;
      own.child.kill();
      await new Promise((resolve) =>
        own.child.exitCode === null ? own.child.once("exit", resolve) : resolve(null),
      );
      rmSync(own.dir, { recursive: true, force: true });
    },
  };
}

/** The server's settings for a bucket, as the environment a Tunesmith process reads them from. */
export const s3Env = (settings: S3Settings): Record<string, string> => ({
  S3_BUCKET: settings.bucket,
  S3_ENDPOINT: settings.endpoint ?? "",
  S3_REGION: settings.region,
  S3_ACCESS_KEY_ID: settings.accessKeyId ?? "",
  S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? "",
});
