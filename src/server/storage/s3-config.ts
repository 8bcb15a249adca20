import type { S3Settings } from "./s3-storage.ts";

const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

/**
 * The S3-compatible store the environment names, or undefined for local disk.
 * Throws a one-line message (the caller's ConfigError) for a half-given setup.
 */
export function readS3Settings(
  env: NodeJS.ProcessEnv,
  fail: (message: string) => Error,
): S3Settings | undefined {
  const bucket = env.S3_BUCKET || undefined;
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) {
      throw fail(
        `${stray.join(", ")} set without S3_BUCKET: set S3_BUCKET too, or unset them to store files on disk.`,
      );
    }
    return undefined;
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw fail(`S3_ENDPOINT=${endpoint} is not an http:// or https:// URL.`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw fail(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS credential chain.",
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && !["1", "0", "true", "false"].includes(pathStyle)) {
    throw fail(`S3_FORCE_PATH_STYLE=${pathStyle} is not one of true, false, 1, 0.`);
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || "us-east-1",
    accessKeyId,
    secretAccessKey,
    // Self-hosted S3 servers mostly have no per-bucket host names.
    forcePathStyle: pathStyle ? pathStyle === "1" || pathStyle === "true" : endpoint !== undefined,
  };
}
