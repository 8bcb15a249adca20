// Song videos: POST /api/video/generate/{clip_id}/ queues a render of the song as an MP4 (cover,
// waveform, title and handle, lyrics), the status route follows it to complete, the clip's
// video_url serves it, and the file is H.264 + AAC, 1280x720, as long as the song within a frame.
// Others and anonymous callers get nothing; a lyrics change marks the video stale.

import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import type { ClipRow } from "../../src/server/db/schema.ts";
import { VIDEO_NEEDS_PLAN } from "../../src/server/routes/video.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { SongVideo, SongVideoList } from "../../src/shared/api/video.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { LEFTOVERS, makeJpeg, probeBytes, testMediaDir, videoTempFolders } from "../video-files.ts";
import { waitFor } from "../wait.ts";

const RATE = 44100;
/** 4.5 s: not a whole number of frames' worth of audio rounding, and short enough for a loaded CI. */
const FRAMES = Math.round(RATE * 4.5);
/** A render on a loaded two-core machine: generous. */
const RENDER_WAIT_MS = 150_000;

describe.each(BACKENDS)("song videos on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  const media = testMediaDir();
  let owner: TestUser;
  let other: TestUser;
  let free: TestUser;
  let song: ClipRow;
  let publicSong: ClipRow;
  let freeSong: ClipRow;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client(), { plan: "pro" });
    other = await newTestUser(db(), server.client(), { plan: "pro" });
    free = await newTestUser(db(), server.client(), { plan: "free" });
    const audio = { channels: testAudio(FRAMES), sampleRate: RATE };
    song = (await newClipWithAudio(db(), server.storage(), { userId: owner.id, title: "Neon {Rain}" }, audio))
      .row;
    const imageKey = clipMediaKey(song.id, "image", "jpg");
    await server.storage().put(imageKey, Readable.from([await makeJpeg(media, "cover.jpg")]), {
      contentType: "image/jpeg",
    });
    await db().updateTable("clips").set({ image_key: imageKey }).where("id", "=", song.id).execute();
    publicSong = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Out", isPublic: true },
        audio,
      )
    ).row;
    freeSong = (await newClipWithAudio(db(), server.storage(), { userId: free.id, title: "Mine" }, audio))
      .row;
  });

  const generate = (user: TestUser | null, id: string) =>
    (user?.client ?? server.client()).post<SongVideo & { detail?: string }>(`/api/video/generate/${id}/`);
  const status = (user: TestUser | null, id: string) =>
    (user?.client ?? server.client()).get<SongVideo & { detail?: string }>(
      `/api/video/generate/${id}/status/`,
    );

  it(
    "renders the owner's song as an H.264 + AAC MP4 as long as the song, served at the clip's video_url",
    async () => {
      const asked = await generate(owner, song.id);
      expect(asked.status).toBe(200);
      expect(["pending", "complete"]).toContain(asked.body.status);
      const done = await waitFor(
        async () => {
          const polled = await status(owner, song.id);
          expect(polled.body.status).not.toBe("error");
          return polled.body.status === "complete" ? polled.body : undefined;
        },
        "the song video to render",
        RENDER_WAIT_MS,
      );
      expect(done.video_url).toMatch(new RegExp(`^/api/media/clips/${song.id}/video\\.mp4\\?v=`));
      expect(done.is_stale).toBe(false);
      const clip = await owner.client.get<Clip>(`/api/clip/${song.id}`);
      expect(clip.body.video_url).toBe(done.video_url);
      expect(clip.body.is_video_pending).toBe(false);

      const file = await fetch(`${server.url()}${done.video_url}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("video/mp4");
      const info = await probeBytes(media, "got.mp4", new Uint8Array(await file.arrayBuffer()));
      expect(info.video).toMatchObject({ codec: "h264", width: 1280, height: 720, fps: 30 });
      expect(info.audio?.codec).toBe("aac");
      expect(Math.abs((info.durationS ?? 0) - FRAMES / RATE)).toBeLessThanOrEqual(1 / 30);
      // Nobody else may fetch a private song's video.
      const stranger = await fetch(`${server.url()}${done.video_url}`, {
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(stranger.status).toBe(404);
      await expect.poll(videoTempFolders, LEFTOVERS).toEqual([]);

      const list = await owner.client.get<SongVideoList>("/api/video_gen/videos");
      expect(list.status).toBe(200);
      expect(list.body.videos.map((video) => video.clip_id)).toContain(song.id);
      const othersList = await other.client.get<SongVideoList>("/api/video_gen/videos");
      expect(othersList.body.videos).toEqual([]);

      // New lyrics: the video no longer matches the song.
      const edited = await owner.client.post(`/api/gen/${song.id}/set_metadata/`, { lyrics: "new words" });
      expect(edited.status).toBe(200);
      expect((await status(owner, song.id)).body.is_stale).toBe(true);
      const stale = await owner.client.get<Clip>(`/api/clip/${song.id}`);
      expect(stale.body.metadata.video_is_stale).toBe(true);
    },
    RENDER_WAIT_MS + 30_000,
  );

  it("refuses another user, anonymous callers and a plan without song videos, with a {detail}", async () => {
    const hidden = await generate(other, song.id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.detail).toBe("Clip not found");
    // Another user's public song is as missing to its owner's actions as a hidden one.
    const notTheirs = await generate(other, publicSong.id);
    expect([notTheirs.status, notTheirs.body]).toEqual([404, { detail: "Clip not found" }]);
    expect((await status(other, song.id)).status).toBe(404);
    expect((await status(other, publicSong.id)).status).toBe(404);
    expect((await generate(null, song.id)).status).toBe(401);
    expect((await status(null, song.id)).status).toBe(401);
    expect((await server.client().get("/api/video_gen/videos")).status).toBe(401);

    const unpaid = await generate(free, freeSong.id);
    expect(unpaid.status).toBe(403);
    expect(unpaid.body.detail).toBe(VIDEO_NEEDS_PLAN);
    expect((await status(free, freeSong.id)).body.status).toBe("none");
    const malformed = await generate(owner, "not-a-clip");
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toEqual(expect.any(String));
  });
});
