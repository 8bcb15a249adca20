// A clip's is_video_pending: true from the moment its owner asks for the song's video until the
// render finishes or fails, false otherwise, in every clip answer (the song's own and the feed), for
// whoever may see the clip. This server runs no jobs, so the render stays asked for until the test
// ends it the way the video job does; the finished case runs for real in api-song-video.test.ts.

import { beforeAll, describe, expect, it } from "vitest";
import type { ClipRow } from "../../src/server/db/schema.ts";
import { failSongVideo } from "../../src/server/video/song-video-store.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 44100;

describe.each(BACKENDS)("is_video_pending on %s", (backend) => {
  const server = startApiServer(backend, { workerConcurrency: 0 });
  const db = () => server.database().db;
  let owner: TestUser;
  let other: TestUser;
  let song: ClipRow;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client(), { plan: "pro" });
    other = await newTestUser(db(), server.client(), { plan: "pro" });
    const audio = { channels: testAudio(RATE), sampleRate: RATE };
    song = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Slow", isPublic: true },
        audio,
      )
    ).row;
  });

  const pendingFor = async (user: TestUser | null) => {
    const response = await (user?.client ?? server.client()).get<Clip>(`/api/clip/${song.id}`);
    expect(response.status).toBe(200);
    return response.body.is_video_pending;
  };

  it("is true while the song's video is being made, for the owner, another user and anonymous", async () => {
    expect(await pendingFor(owner)).toBe(false);

    const asked = await owner.client.post<{ status: string }>(`/api/video/generate/${song.id}/`);
    expect([asked.status, asked.body.status]).toEqual([200, "pending"]);
    expect(await pendingFor(owner)).toBe(true);
    expect(await pendingFor(other)).toBe(true);
    expect(await pendingFor(null)).toBe(true);
    const feed = await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${song.id}`);
    expect(feed.body.clips.find((clip) => clip.id === song.id)?.is_video_pending).toBe(true);

    // The render gave up: nothing is being made any more.
    await failSongVideo(db(), song.id, "The render failed");
    expect(await pendingFor(owner)).toBe(false);
    expect(await pendingFor(other)).toBe(false);
    expect(await pendingFor(null)).toBe(false);
  });
});
