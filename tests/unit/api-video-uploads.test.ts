// The video upload protocol: POST /api/uploads/video/ hands out a form, the file is posted to
// storage with it (at most 200 MB, refused while it streams), upload-finish queues the check, and
// GET /api/uploads/video/{id}/ goes uploading -> uploading-complete -> processing -> complete (or
// error). Real MP4 and WebM files made by ffmpeg pass; a lying file, an audio-only MP4, a 4K video
// at 120 fps and an empty file do not; others and anonymous callers get nothing.

import { beforeAll, describe, expect, it } from "vitest";
import { VIDEO_NOT_ARRIVED } from "../../src/server/routes/video-uploads.ts";
import { VIDEO_TOO_BIG_PICTURE } from "../../src/server/video/video-rules.ts";
import type { CreateAudioUploadResponse } from "../../src/shared/api/uploads.ts";
import {
  VIDEO_NOT_A_VIDEO,
  VIDEO_TOO_LARGE,
  VIDEO_UPLOAD_MAX_BYTES,
  type VideoUpload,
} from "../../src/shared/api/video-uploads.ts";
import { startApiServer } from "../api-server.ts";
import { newTestUser, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { formPost, streamFormPost } from "../upload-client.ts";
import {
  LEFTOVERS,
  makeAudioOnlyMp4,
  makeVideo,
  probeBytes,
  testMediaDir,
  videoTempFolders,
} from "../video-files.ts";
import { waitFor } from "../wait.ts";

/** Checks on a loaded two-core machine: generous. */
const PROCESS_WAIT_MS = 120_000;
const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"];

describe.each(BACKENDS)("video uploads on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  const media = testMediaDir();
  let owner: TestUser;
  let other: TestUser;
  let mp4: Buffer;
  let webm: Buffer;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client());
    other = await newTestUser(db(), server.client());
    mp4 = await makeVideo(media, "clip.mp4", { seconds: 3, codec: H264 });
    webm = await makeVideo(media, "clip.webm", {
      seconds: 2,
      codec: ["-c:v", "libvpx", "-deadline", "realtime", "-b:v", "300k", "-c:a", "libopus"],
    });
  }, PROCESS_WAIT_MS);

  const start = async (user: TestUser, extension: string) => {
    const answer = await user.client.post<CreateAudioUploadResponse>("/api/uploads/video/", { extension });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const status = (user: TestUser | null, id: string) =>
    (user?.client ?? server.client()).get<VideoUpload & { detail?: string }>(`/api/uploads/video/${id}/`);
  const settled = (id: string) =>
    waitFor(
      async () => {
        const polled = await status(owner, id);
        return polled.body.status === "complete" || polled.body.status === "error" ? polled.body : undefined;
      },
      "the video upload's check",
      PROCESS_WAIT_MS,
    );

  async function upload(bytes: Uint8Array, extension: string, finish: Record<string, unknown> = {}) {
    const form = await start(owner, extension);
    expect((await status(owner, form.id)).body.status).toBe("uploading");
    const posted = await formPost(server.url(), form, bytes, `file.${extension}`);
    expect(posted.status).toBe(204);
    const finished = await owner.client.post<VideoUpload>(`/api/uploads/video/${form.id}/upload-finish/`, {
      upload_type: "file_upload",
      upload_filename: `file.${extension}`,
      ...finish,
    });
    expect(finished.status).toBe(200);
    expect(["uploading-complete", "processing", "complete"]).toContain(finished.body.status);
    return { id: form.id, done: await settled(form.id) };
  }

  it(
    "checks a real MP4, makes its thumbnail and sprite, and serves them to the owner only",
    async () => {
      const { id, done } = await upload(mp4, "mp4", {
        require_video_sprite: true,
        video_upload_type: "hook",
      });
      expect(done).toMatchObject({
        status: "complete",
        error_message: null,
        s3_id: id,
        width: 320,
        height: 240,
      });
      expect(Math.abs((done.duration ?? 0) - 3)).toBeLessThan(0.1);
      for (const url of [done.image_url, done.sprite_url]) {
        expect(url).not.toBeNull();
        const file = await fetch(`${server.url()}${url}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        });
        expect(file.status).toBe(200);
        const info = await probeBytes(media, "got.jpg", new Uint8Array(await file.arrayBuffer()));
        expect(info.video?.codec).toBe("mjpeg");
        const stranger = await fetch(`${server.url()}${url}`, {
          headers: { authorization: `Bearer ${other.token}` },
        });
        expect(stranger.status).toBe(404);
        expect((await fetch(`${server.url()}${url}`)).status).toBe(401);
      }
      const sprite = await fetch(`${server.url()}${done.sprite_url}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const spriteInfo = await probeBytes(media, "sprite.jpg", new Uint8Array(await sprite.arrayBuffer()));
      expect(spriteInfo.video?.width).toBe(1600);
      await expect.poll(videoTempFolders, LEFTOVERS).toEqual([]);
      // Another user and anonymous callers learn nothing of it.
      expect((await status(other, id)).status).toBe(404);
      expect((await status(null, id)).status).toBe(401);
      const again = await owner.client.post(`/api/uploads/video/${id}/upload-finish/`, {});
      expect(again.status).toBe(409);
      expect((await other.client.post(`/api/uploads/video/${id}/upload-finish/`, {})).status).toBe(404);
    },
    PROCESS_WAIT_MS + 30_000,
  );

  it(
    "checks a real WebM (VP8 + Opus)",
    async () => {
      const { done } = await upload(webm, "webm");
      expect(done).toMatchObject({ status: "complete", width: 320, height: 240, sprite_url: null });
    },
    PROCESS_WAIT_MS + 30_000,
  );

  it(
    "refuses a lying file, an audio-only MP4 and 4K at 120 fps with the upload's error",
    async () => {
      const garbage = new Uint8Array(4096).map((_, i) => (i * 31 + 7) & 0xff);
      expect((await upload(garbage, "mp4")).done).toMatchObject({
        status: "error",
        error_message: VIDEO_NOT_A_VIDEO,
      });
      const audioOnly = await makeAudioOnlyMp4(media, "audio.mp4");
      expect((await upload(audioOnly, "mp4")).done).toMatchObject({
        status: "error",
        error_message: VIDEO_NOT_A_VIDEO,
      });
      const huge = await makeVideo(media, "huge.mp4", {
        seconds: 0.1,
        size: "3840x2160",
        rate: 120,
        codec: ["-c:v", "libx264", "-preset", "ultrafast"],
        audio: false,
      });
      expect((await upload(huge, "mp4")).done).toMatchObject({
        status: "error",
        error_message: VIDEO_TOO_BIG_PICTURE,
      });
      await expect.poll(videoTempFolders, LEFTOVERS).toEqual([]);
    },
    3 * PROCESS_WAIT_MS,
  );

  it(
    "refuses an empty file, a finish before the file, another extension and a file past 200 MB",
    async () => {
      const form = await start(owner, "mp4");
      const empty = await formPost(server.url(), form, new Uint8Array(0), "empty.mp4");
      expect(empty.status).toBe(400);
      const early = await owner.client.post<{ detail: string }>(
        `/api/uploads/video/${form.id}/upload-finish/`,
        {},
      );
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe(VIDEO_NOT_ARRIVED);
      const wrong = await owner.client.post<{ detail: string }>("/api/uploads/video/", { extension: "exe" });
      expect(wrong.status).toBe(400);
      expect(wrong.body.detail).toContain("Videos are mp4, m4v, mov, webm");
      expect((await server.client().post("/api/uploads/video/", { extension: "mp4" })).status).toBe(401);

      const big = await start(owner, "mp4");
      const posted = await streamFormPost(server.url(), big, VIDEO_UPLOAD_MAX_BYTES + 1024 * 1024);
      expect(posted.status).toBe(413);
      expect(posted.body).toEqual({ detail: VIDEO_TOO_LARGE });
      // Nothing of the refused file is kept.
      expect(await server.storage().stat(`video-uploads/${owner.id}/${big.id}/original.mp4`)).toBeNull();
    },
    PROCESS_WAIT_MS,
  );
});
