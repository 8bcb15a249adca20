// A song's video cover and its rendered video are two files: set_metadata's video_cover_upload_id
// (one of the owner's finished video uploads) sets video_cover_url and leaves video_url as it was;
// remove_video_cover clears the cover only. Another person's upload, an unfinished one or a storage
// key is refused. New audio under a rendered video marks the video stale (Regenerate Video).

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { updateClip } from "../../src/server/clips/clip-store.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const VIDEO_PROBLEM = "The cover video was not found: upload it again";
const COVER_BYTES = Buffer.from("a stored cover video's bytes");

describe.each(BACKENDS)("video covers on %s", (backend) => {
  const { server, db, users } = startApiServerWithUsers(backend, { owner: {}, other: {} });
  const { owner, other } = users;

  const store = async (key: string, bytes: Buffer) =>
    (await server.storage()).put(key, Readable.from([bytes]), { contentType: "video/mp4" });

  /** A video upload row as the upload's check leaves it, with its file stored. */
  async function videoUpload(user: TestUser, status: "complete" | "processing" = "complete") {
    const id = randomUUID();
    const key = `video-uploads/${id}/original.mp4`;
    await store(key, COVER_BYTES);
    await db()
      .insertInto("video_uploads")
      .values({ id, user_id: user.id, extension: "mp4", original_key: key, status, duration_s: 5 })
      .execute();
    return id;
  }

  let songId: string;
  let videoUrl: string | null;
  beforeAll(async () => {
    const videoKey = `clips/${randomUUID()}/video.mp4`;
    await store(videoKey, Buffer.from("the song's rendered video"));
    songId = (await newTestClip(db(), { userId: owner.id, title: "Covered", videoKey })).id;
    videoUrl = (await owner.client.get<Clip>(`/api/clip/${songId}`)).body.video_url;
    expect(videoUrl).not.toBeNull();
  });

  const setMetadata = (user: TestUser | null, body: unknown) =>
    (user?.client ?? server.client()).post<Clip & { detail?: string }>(
      `/api/gen/${songId}/set_metadata/`,
      body,
    );

  it("sets the owner's uploaded video as the cover, serves it, and leaves the song's video alone", async () => {
    const uploadId = await videoUpload(owner);
    const set = await setMetadata(owner, { video_cover_upload_id: uploadId });
    expect(set.status).toBe(200);
    expect(set.body.video_cover_url).toMatch(
      new RegExp(`^/api/media/clips/${songId}/video_cover\\.mp4\\?v=`),
    );
    expect(set.body.video_url).toBe(videoUrl);
    const served = await fetch(`${server.url()}${set.body.video_cover_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(COVER_BYTES);
    // The song is private: nobody else gets the cover's file.
    expect((await fetch(`${server.url()}${set.body.video_cover_url}`)).status).not.toBe(200);

    const removed = await setMetadata(owner, { remove_video_cover: true });
    expect(removed.body.video_cover_url).toBeNull();
    expect(removed.body.video_url).toBe(videoUrl);
  });

  it("refuses another person's upload, an unfinished one and a storage key; others may not set it", async () => {
    const othersUpload = await videoUpload(other);
    const unfinished = await videoUpload(owner, "processing");
    for (const reference of [othersUpload, unfinished, `video-uploads/${othersUpload}/original.mp4`]) {
      const refused = await setMetadata(owner, { video_cover_upload_id: reference });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(VIDEO_PROBLEM);
    }
    const mine = await videoUpload(owner);
    expect([403, 404]).toContain((await setMetadata(other, { video_cover_upload_id: mine })).status);
    expect((await setMetadata(null, { video_cover_upload_id: mine })).status).toBe(401);
    expect((await owner.client.get<Clip>(`/api/clip/${songId}`)).body.video_cover_url).toBeNull();
  });

  it("marks a rendered video stale when the song's audio changes, and no video when there is none", async () => {
    const withVideo = await newTestClip(db(), { userId: owner.id, videoKey: "clips/x/video.mp4" });
    const withoutVideo = await newTestClip(db(), { userId: owner.id });
    await updateClip(db(), withVideo.id, { audioKey: "clips/x/new-audio.wav" });
    await updateClip(db(), withoutVideo.id, { audioKey: "clips/y/new-audio.wav" });
    const stale = await owner.client.get<Clip>(`/api/clip/${withVideo.id}`);
    expect(stale.body.metadata.video_is_stale).toBe(true);
    const none = await owner.client.get<Clip>(`/api/clip/${withoutVideo.id}`);
    expect(none.body.metadata.video_is_stale ?? false).toBe(false);
    // A title change keeps its own rule; an audio-less update leaves the flag as it is.
    await updateClip(db(), withoutVideo.id, { title: "Renamed" });
    expect(
      (await owner.client.get<Clip>(`/api/clip/${withoutVideo.id}`)).body.metadata.video_is_stale ?? false,
    ).toBe(false);
  });
});
