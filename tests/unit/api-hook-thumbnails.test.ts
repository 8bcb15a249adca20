// A hook's thumbnail: the frame its owner chose (thumbnail_time_s, in the uploaded video's time)
// is the hook's picture at that moment, or an image they uploaded (custom_thumbnail_s3_id, the id
// POST /api/uploads/image/ answered) is served as the thumbnail, as the server re-encoded it. A
// frame outside the video's range and someone else's image are refused with their messages.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { HOOK_THUMBNAIL_MISSING } from "../../src/server/routes/hooks.ts";
import { runFfmpeg } from "../../src/server/video/run-ffmpeg.ts";
import type { Hook } from "../../src/shared/api/hooks.ts";
import type { ImageUploadResponse } from "../../src/shared/api/images.ts";
import { HOOK_MESSAGES } from "../../src/shared/hooks/hook-rules.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { H264_AAC, makeJpeg, makeVideo, testMediaDir, uploadTestVideo } from "../video-files.ts";
import { waitFor } from "../wait.ts";

/** Checks and renders on a loaded two-core machine: generous. */
const RENDER_WAIT_MS = 600_000;
const RATE = 22050;
const SONG_S = 12;

describe.each(BACKENDS)("hook thumbnails on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  const media = testMediaDir();
  let owner: TestUser;
  let other: TestUser;
  let songId: string;
  let uploadId: string;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client());
    other = await newTestUser(db(), server.client());
    await db()
      .updateTable("users")
      .set({ flags: ["web-hooks-2025"] })
      .where("id", "=", owner.id)
      .execute();
    const song = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Thumbnail Song", metadata: { duration: SONG_S } },
      { channels: testAudio(RATE * SONG_S), sampleRate: RATE },
    );
    songId = song.row.id;
    const moving = await makeVideo(media, "moving.mp4", { seconds: 11, codec: H264_AAC });
    const uploaded = await uploadTestVideo(server.url(), owner.client, moving, "mp4", RENDER_WAIT_MS);
    expect(uploaded.status).toBe("complete");
    uploadId = uploaded.id;
  }, 2 * RENDER_WAIT_MS);

  const body = (publish: Record<string, unknown>) => ({
    clip_id: songId,
    hook_publish: { title: "Thumbs", ...publish },
    video_render: {
      song: { song_id: songId, clip_start_time: 0, clip_end_time: 10, volume: 100 },
      videos: [{ upload_id: uploadId, source_start_time: 1, source_end_time: 11, volume: 0 }],
    },
  });
  const create = (user: TestUser, sent: unknown) =>
    user.client.post<{ id: string; detail?: string }>("/api/video/hooks/create", sent);
  const rendered = (id: string) =>
    waitFor(
      async () => {
        const polled = await owner.client.get<Hook>(`/api/video/hooks/${id}`);
        return polled.body.status === "rendering" ? undefined : polled.body;
      },
      "the hook to render",
      RENDER_WAIT_MS,
    );
  const bytesOf = async (path: string | null) => {
    const answer = await fetch(`${server.url()}${path}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(answer.status).toBe(200);
    return Buffer.from(await answer.arrayBuffer());
  };
  const uploadImage = async (user: TestUser) => {
    const answer = await fetch(`${server.url()}/api/uploads/image/`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "image/jpeg" },
      body: new Uint8Array(await makeJpeg(media, `${user.id}.jpg`, 200)),
    });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as ImageUploadResponse).image_s3_id;
  };

  it(
    "shows the chosen frame, or the uploaded image, as the hook's thumbnail",
    async () => {
      const imageId = await uploadImage(owner);
      const [framed, pictured] = await Promise.all([
        create(owner, body({ thumbnail_time_s: 9 })),
        create(owner, body({ custom_thumbnail_s3_id: imageId })),
      ]);
      expect([framed.status, pictured.status]).toEqual([200, 200]);
      const [frameHook, imageHook] = await Promise.all([
        rendered(framed.body.id),
        rendered(pictured.body.id),
      ]);
      expect(frameHook.status).toBe("rendered_passed_moderation");
      expect(imageHook.status).toBe("rendered_passed_moderation");

      // The frame 8 s into the hook (9 s into the video, whose range starts at 1 s), taken the
      // same way from the hook's own file; not the default frame a second in.
      const video = await bytesOf(frameHook.video_url);
      writeFileSync(join(media, "hook.mp4"), video);
      const frameAt = async (at: string, name: string) => {
        await runFfmpeg(["-y", "-ss", at, "-i", "hook.mp4", "-frames:v", "1", "-vf", "scale=360:-2", name], {
          cwd: media,
          timeoutMs: 120_000,
        });
        return readFileSync(join(media, name));
      };
      const thumbnail = await bytesOf(frameHook.thumbnail_url);
      expect(thumbnail.equals(await frameAt("8.000", "at8.jpg"))).toBe(true);
      expect(thumbnail.equals(await frameAt("1.000", "at1.jpg"))).toBe(false);

      const stored = await bytesOf(`/api/video/hooks/${imageHook.id}/thumbnail.jpg`);
      const row = await db()
        .selectFrom("hooks")
        .select("custom_thumbnail_key")
        .where("id", "=", imageHook.id)
        .executeTakeFirstOrThrow();
      expect(row.custom_thumbnail_key).toContain(imageId);
      // The image as the server re-encoded it: a JPEG, not the bytes as sent.
      expect(stored.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    },
    2 * RENDER_WAIT_MS + 60_000,
  );

  it("refuses a frame outside the video's range and an image that is not the owner's", async () => {
    const hooks = async () =>
      Number(
        (
          await db()
            .selectFrom("hooks")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("clip_id", "=", songId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await hooks();
    for (const at of [0.5, 11.2]) {
      const refused = await create(owner, body({ thumbnail_time_s: at }));
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(HOOK_MESSAGES.thumbnailFrame);
    }
    const othersImage = await uploadImage(other);
    const refused = await create(owner, body({ custom_thumbnail_s3_id: othersImage }));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(HOOK_THUMBNAIL_MISSING);
    expect(await hooks()).toBe(before);
  });
});
