// Hooks: POST /api/video/hooks/create checks the form's rules on what was sent (the boundaries of
// the video's length, the song's range and its 100 ms tolerance), renders the video's range with
// the song's range mixed in as an H.264 + AAC MP4 of the range's length, runs automatic moderation
// (a black, still video fails it) and GET /api/video/hooks/{id} follows it. Others see a hook only
// once it is posted and its song public; locked accounts get 423, accounts without the flag 403.

import { beforeAll, describe, expect, it } from "vitest";
import { HOOKS_NEED_FLAG } from "../../src/server/routes/hooks.ts";
import { MODERATION_PROBLEMS } from "../../src/server/video/hook-moderation.ts";
import { LOCKED_DETAIL } from "../../src/shared/api/account.ts";
import type { Hook } from "../../src/shared/api/hooks.ts";
import { HOOK_MESSAGES } from "../../src/shared/hooks/hook-rules.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import {
  H264_AAC,
  LEFTOVERS,
  makeVideo,
  probeBytes,
  testMediaDir,
  uploadTestVideo,
  videoTempFolders,
} from "../video-files.ts";
import { waitFor } from "../wait.ts";

/** Checks and renders on a loaded two-core machine: generous. */
const RENDER_WAIT_MS = 300_000;
const RATE = 22050;
const SONG_S = 12;

describe.each(BACKENDS)("hooks on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  const media = testMediaDir();
  let owner: TestUser;
  let other: TestUser;
  let songId: string;
  let uploadId: string;
  let blackUploadId: string;

  const flag = (user: TestUser, locked = false) =>
    db()
      .updateTable("users")
      .set({ flags: ["web-hooks-2025"], locked })
      .where("id", "=", user.id)
      .execute();

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client());
    other = await newTestUser(db(), server.client());
    await flag(owner);
    await flag(other);
    const song = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Hook Song", metadata: { duration: SONG_S } },
      { channels: testAudio(RATE * SONG_S), sampleRate: RATE },
    );
    songId = song.row.id;
    const moving = await makeVideo(media, "moving.mp4", { seconds: 11, codec: H264_AAC });
    const black = await makeVideo(media, "black.mp4", {
      seconds: 10.5,
      codec: H264_AAC,
      source: "color=c=black",
    });
    const uploaded = await uploadTestVideo(server.url(), owner.client, moving, "mp4", RENDER_WAIT_MS);
    expect(uploaded.status).toBe("complete");
    uploadId = uploaded.id;
    const blackUpload = await uploadTestVideo(server.url(), owner.client, black, "mp4", RENDER_WAIT_MS);
    expect(blackUpload.status).toBe("complete");
    blackUploadId = blackUpload.id;
  }, 2 * RENDER_WAIT_MS);

  const body = (options: {
    upload?: string;
    video?: [number, number];
    audio?: [number, number];
    videoSound?: boolean;
    song?: string;
    showLyrics?: boolean;
  }) => {
    const [videoStart, videoEnd] = options.video ?? [0, 10.5];
    const [audioStart, audioEnd] = options.audio ?? [1, 1 + videoEnd - videoStart];
    const sound = options.videoSound ?? false;
    return {
      clip_id: options.song ?? songId,
      hook_publish: { title: "My hook", caption: "watch", show_lyrics: options.showLyrics ?? false },
      video_render: {
        song: {
          song_id: options.song ?? songId,
          clip_start_time: audioStart,
          clip_end_time: audioEnd,
          volume: sound ? 0 : 100,
        },
        videos: [
          {
            upload_id: options.upload ?? uploadId,
            source_start_time: videoStart,
            source_end_time: videoEnd,
            volume: sound ? 100 : 0,
          },
        ],
      },
    };
  };
  const create = (user: TestUser | null, sent: unknown) =>
    (user?.client ?? server.client()).post<{ id: string; detail?: string }>("/api/video/hooks/create", sent);
  const hookOf = (user: TestUser | null, id: string) =>
    (user?.client ?? server.client()).get<Hook & { detail?: string }>(`/api/video/hooks/${id}`);
  const rendered = (id: string) =>
    waitFor(
      async () => {
        const polled = await hookOf(owner, id);
        expect(polled.status).toBe(200);
        return polled.body.status === "rendering" ? undefined : polled.body;
      },
      "the hook to render",
      RENDER_WAIT_MS,
    );

  it(
    "renders the video's range with the song mixed in, posts it, and shows it to others once the song is public",
    async () => {
      const created = await create(owner, body({ showLyrics: true }));
      expect(created.status).toBe(200);
      const hook = await rendered(created.body.id);
      expect(hook).toMatchObject({
        status: "rendered_passed_moderation",
        title: "My hook",
        caption: "watch",
        clip_id: songId,
        clip_url: null,
        handle: owner.handle,
        like_count: 0,
      });
      await expect.poll(videoTempFolders, LEFTOVERS).toEqual([]);
      const file = await fetch(`${server.url()}${hook.video_url}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(file.status).toBe(200);
      const info = await probeBytes(media, "hook.mp4", new Uint8Array(await file.arrayBuffer()));
      expect(info.video).toMatchObject({ codec: "h264", width: 720, height: 1280 });
      expect(info.audio?.codec).toBe("aac");
      expect(Math.abs((info.durationS ?? 0) - 10.5)).toBeLessThanOrEqual(1 / 30);
      // The song is private: nobody else sees the hook, nor its files.
      expect((await hookOf(other, hook.id)).status).toBe(404);
      expect((await hookOf(null, hook.id)).status).toBe(404);
      expect((await fetch(`${server.url()}${hook.video_url}`)).status).toBe(404);
      await db().updateTable("clips").set({ is_public: true }).where("id", "=", songId).execute();
      expect((await hookOf(other, hook.id)).body).toMatchObject({ id: hook.id, clip_url: `/song/${songId}` });
      expect((await fetch(`${server.url()}${hook.thumbnail_url}`)).status).toBe(200);
      await db().updateTable("clips").set({ is_public: false }).where("id", "=", songId).execute();
    },
    RENDER_WAIT_MS + 30_000,
  );

  it(
    "fails automatic moderation for a black, still video with its own sound",
    async () => {
      const created = await create(owner, body({ upload: blackUploadId, videoSound: true }));
      expect(created.status).toBe(200);
      const hook = await rendered(created.body.id);
      expect(hook.status).toBe("rendered_failed_moderation");
      const row = await db()
        .selectFrom("hooks")
        .select("moderation_note")
        .where("id", "=", hook.id)
        .executeTakeFirstOrThrow();
      expect(row.moderation_note).toContain(MODERATION_PROBLEMS.blank);
      expect(row.moderation_note).toContain(MODERATION_PROBLEMS.frozen);
    },
    RENDER_WAIT_MS + 30_000,
  );

  it(
    "refuses a video range of 9.9 s and 241.1 s, takes 10 s and 241 s, and holds the song to 100 ms",
    async () => {
      const refused = async (sent: unknown, detail: string) => {
        const answer = await create(owner, sent);
        expect(answer.status).toBe(400);
        expect(answer.body.detail).toBe(detail);
      };
      await refused(
        body({ video: [0, 9.9] }),
        "Video is too short. Video duration must be at least 10 seconds.",
      );
      await refused(body({ video: [0, 10.5], audio: [0, 10.601] }), HOOK_MESSAGES.audioMismatch);
      await refused(body({ video: [0, 10.5], audio: [5, 5] }), HOOK_MESSAGES.audioRange);
      await refused(body({ video: [5, 2], audio: [0, 10] }), HOOK_MESSAGES.videoRange);
      await refused(body({ video: [0, 11.5] }), HOOK_MESSAGES.videoRange);
      // A long, tiny video: 241.1 s is too long, 241 s passes the video's rule (and the 12 s song
      // then cannot cover it).
      const long = await makeVideo(media, "long.mp4", {
        seconds: 242,
        size: "64x64",
        rate: 2,
        codec: H264_AAC,
      });
      const longUpload = await uploadTestVideo(server.url(), owner.client, long, "mp4", RENDER_WAIT_MS);
      await refused(
        body({ upload: longUpload.id, video: [0, 241.1], audio: [0, 241.1] }),
        "Video is too long. Video duration must be less than 241 seconds.",
      );
      await refused(
        body({ upload: longUpload.id, video: [0, 241], audio: [0, 241] }),
        HOOK_MESSAGES.audioRange,
      );
      // 10 s exactly and a song range 100 ms shorter is a hook (rendered like the first test's).
      const ten = await create(owner, body({ video: [1, 11], audio: [2, 11.9] }));
      expect(ten.status).toBe(200);
      expect((await hookOf(owner, ten.body.id)).body.status).not.toBe("error");
    },
    2 * RENDER_WAIT_MS,
  );

  it("refuses others' songs and uploads, accounts without the flag, locked accounts and anonymous callers", async () => {
    expect((await create(other, body({}))).status).toBe(404);
    const stranger = await newTestUser(db(), server.client());
    await flag(stranger);
    const theirs = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: stranger.id, title: "Theirs", metadata: { duration: SONG_S } },
      { channels: testAudio(RATE * SONG_S), sampleRate: RATE },
    );
    const otherUpload = await create(stranger, body({ song: theirs.row.id }));
    expect(otherUpload.status).toBe(404);
    expect(otherUpload.body.detail).toBe("Upload not found");
    const noFlag = await newTestUser(db(), server.client());
    const unflagged = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: noFlag.id, title: "Mine", metadata: { duration: SONG_S } },
      { channels: testAudio(RATE), sampleRate: RATE },
    );
    const refused = await create(noFlag, body({ song: unflagged.row.id }));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(HOOKS_NEED_FLAG);
    await flag(stranger, true);
    const locked = await create(stranger, body({ song: theirs.row.id }));
    expect(locked.status).toBe(423);
    expect(locked.body.detail).toBe(LOCKED_DETAIL);
    expect((await create(null, body({}))).status).toBe(401);
    const missing = await hookOf(owner, "00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect((await hookOf(owner, "not-a-uuid")).status).toBe(400);
  });
});
