import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { type MediaInfo, probeMedia } from "../src/server/video/media-probe.ts";
import { runFfmpeg } from "../src/server/video/run-ffmpeg.ts";
import { VIDEO_TEMP_PREFIX } from "../src/server/video/video-job-service.ts";
import type { CreateAudioUploadResponse } from "../src/shared/api/uploads.ts";
import type { VideoUpload } from "../src/shared/api/video-uploads.ts";
import type { ApiClient } from "./api-server.ts";
import { formPost } from "./upload-client.ts";
import { waitFor } from "./wait.ts";

/** A folder for one test file's media, removed after its tests. */
export function testMediaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tunesmith-test-media-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real JPEG made by ffmpeg (its test pattern), for a song's cover. */
export async function makeJpeg(dir: string, name: string, size = 512): Promise<Buffer> {
  await runFfmpeg(["-y", "-f", "lavfi", "-i", `testsrc=s=${size}x${size}`, "-frames:v", "1", name], {
    cwd: dir,
    timeoutMs: 60_000,
  });
  return readFileSync(join(dir, name));
}

/** Probes bytes as a file: what ffmpeg reads of them. */
export async function probeBytes(dir: string, name: string, bytes: Uint8Array): Promise<MediaInfo> {
  writeFileSync(join(dir, name), bytes);
  return probeMedia(name, { cwd: dir });
}

/** Render folders of the song videos still on disk. */
export const videoTempFolders = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(VIDEO_TEMP_PREFIX));

/**
 * How long a check for leftover render folders waits: the folders live in the shared temporary
 * folder, where another test file's render may hold one of its own for a while; a leaked one stays.
 */
export const LEFTOVERS = { timeout: 60_000, interval: 500 };

/** A real video made by ffmpeg in `dir`: a test pattern (or `source`) and a tone, encoded with these arguments. */
export async function makeVideo(
  dir: string,
  name: string,
  options: {
    seconds: number;
    size?: string;
    rate?: number;
    codec: readonly string[];
    audio?: boolean;
    /** A lavfi picture source other than the moving test pattern, e.g. "color=c=black". */
    source?: string;
  },
): Promise<Buffer> {
  const source = options.source ?? "testsrc";
  const size = `s=${options.size ?? "320x240"}:r=${options.rate ?? 25}:d=${options.seconds}`;
  const picture = `${source}${source.includes("=") ? ":" : "="}${size}`;
  await runFfmpeg(
    [
      "-y",
      "-f",
      "lavfi",
      "-i",
      picture,
      ...(options.audio === false ? [] : ["-f", "lavfi", "-i", `sine=f=440:d=${options.seconds}`]),
      ...options.codec,
      "-threads",
      "1",
      name,
    ],
    { cwd: dir, timeoutMs: 120_000 },
  );
  return readFileSync(join(dir, name));
}

/** An MP4 with a tone and no picture. */
export async function makeAudioOnlyMp4(dir: string, name: string): Promise<Buffer> {
  await runFfmpeg(["-y", "-f", "lavfi", "-i", "sine=f=440:d=3", "-c:a", "aac", name], {
    cwd: dir,
    timeoutMs: 60_000,
  });
  return readFileSync(join(dir, name));
}

/** H.264 + AAC in MP4, fast: what most test videos are encoded with. */
export const H264_AAC = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

/**
 * A video sent through the whole upload protocol (form, form post, finish) and its check waited
 * for; answers the upload as it ended (complete or error).
 */
export async function uploadTestVideo(
  serverUrl: string,
  client: ApiClient,
  bytes: Uint8Array,
  extension: string,
  timeoutMs: number,
): Promise<VideoUpload> {
  const form = await client.post<CreateAudioUploadResponse>("/api/uploads/video/", { extension });
  expect(form.status).toBe(200);
  expect((await formPost(serverUrl, form.body, bytes, `file.${extension}`)).status).toBe(204);
  const finished = await client.post(`/api/uploads/video/${form.body.id}/upload-finish/`, {
    upload_type: "file_upload",
    upload_filename: `file.${extension}`,
  });
  expect(finished.status).toBe(200);
  return waitFor(
    async () => {
      const polled = await client.get<VideoUpload>(`/api/uploads/video/${form.body.id}/`);
      return polled.body.status === "complete" || polled.body.status === "error" ? polled.body : undefined;
    },
    "the video upload's check",
    timeoutMs,
  );
}
