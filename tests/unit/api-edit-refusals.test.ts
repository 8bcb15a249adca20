// Edit mode's calls refusing what they must, on both databases: another user's song, anonymous
// callers, ranges outside the song or reversed, speed factors outside the limits, a song not
// complete, a free plan, another user's edit session; the original song never changes. And the
// aligned-clip lookups on infill clips.
import { describe, expect, it } from "vitest";
import { EDIT_SESSION_NOT_YOURS } from "../../src/server/edit/edit-sessions.ts";
import { EDIT_MODE_NOT_ALLOWED } from "../../src/server/edit/edit-submissions.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import {
  type AlignmentsResponse,
  alignmentsResponseSchema,
  CLIP_NOT_COMPLETE,
  EDIT_SPEED_MAX,
  EDIT_SPEED_MIN,
} from "../../src/shared/api/edit.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { audioBytes, expectRefused, newSong, SONG_SECONDS } from "../edit-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

describe.each(BACKENDS)("edit calls refusing bad requests on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other, free },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" }, other: { plan: "pro" }, free: {} },
    { generator: () => new SineSongGenerator() },
  );
  const parts = () => ({ db: db(), storage: server.storage() });

  it("refuses another user's song (404 private, 403 public) and asks anonymous callers to sign in", async () => {
    const hidden = await newSong(parts(), owner);
    const shown = await newSong(parts(), owner, { isPublic: true });
    const crop = { crop_start_s: 1, crop_end_s: 2 };
    expectRefused(await other.client.post(`/api/edit/crop/${hidden.id}/`, crop), 404);
    expectRefused(await other.client.post(`/api/edit/fade/${shown.id}/`, { fade_out_time: 1 }), 403);
    expectRefused(await other.client.post(`/api/edit/speed/${shown.id}/`, { speed_factor: 0.9 }), 403);
    expectRefused(await server.client().post(`/api/edit/crop/${hidden.id}/`, crop), 401);
    expectRefused(await server.client().get(`/api/edit/action/${hidden.id}/`), 401);
    expectRefused(
      await free.client.post(`/api/edit/crop/${(await newSong(parts(), free)).id}/`, crop),
      403,
      EDIT_MODE_NOT_ALLOWED,
    );
  });

  it("refuses ranges outside the song or reversed, and speed factors outside the limits", async () => {
    const song = await newSong(parts(), owner);
    const crop = (body: object) => owner.client.post(`/api/edit/crop/${song.id}/`, body);
    expectRefused(await crop({ crop_start_s: 1, crop_end_s: SONG_SECONDS + 1 }), 400, /within the song/);
    expectRefused(
      await crop({ crop_start_s: 3, crop_end_s: 2 }),
      400,
      /crop_end_s must be after crop_start_s/,
    );
    expectRefused(await crop({ crop_start_s: -1, crop_end_s: 2 }), 400);
    expectRefused(
      await crop({ crop_start_s: 0, crop_end_s: SONG_SECONDS, is_crop_remove: true }),
      400,
      /leaves nothing/,
    );
    expectRefused(
      await crop({ crop_start_s: 0, crop_end_s: 1, fade_out_time: 2 }),
      400,
      /longer than the song/,
    );
    const speed = (body: object) => owner.client.post(`/api/edit/speed/${song.id}/`, body);
    expectRefused(await speed({ speed_factor: EDIT_SPEED_MAX * 1.01 }), 400, /speed_factor must be between/);
    expectRefused(await speed({ speed_factor: EDIT_SPEED_MIN * 0.99 }), 400, /speed_factor must be between/);
    expectRefused(
      await speed({ speed_factor: 1.2, change_speed_start_time: 4, change_speed_end_time: 2 }),
      400,
      /change_speed_end_time must be after/,
    );
    expectRefused(
      await owner.client.post(`/api/edit/fade/${song.id}/`, { fade_out_time: SONG_SECONDS + 1 }),
      400,
    );
    // Nothing of it changed the song.
    const after = await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${song.id}`);
    expect(after.body.clips[0].metadata.duration).toBe(SONG_SECONDS);
    expect((await audioBytes(server.url(), owner, after.body.clips[0].audio_url)).equals(song.wav)).toBe(
      true,
    );
  });

  it("says 'Clip is not complete' for a song still being made", async () => {
    const streaming = await newSong(parts(), owner, { status: "streaming" });
    expectRefused(
      await owner.client.post(`/api/edit/fade/${streaming.id}/`, { fade_out_time: 1 }),
      409,
      CLIP_NOT_COMPLETE,
    );
  });

  it("keeps an edit session to the user who named it first", async () => {
    const song = await newSong(parts(), owner);
    const body = { fade_out_time: 1, edit_session_id: `session-${song.id}` };
    const first = await owner.client.post<{ action_clip_id: string }>(`/api/edit/fade/${song.id}/`, body);
    expect(first.status).toBe(200);
    const theirs = await newSong(parts(), other);
    expectRefused(await other.client.post(`/api/edit/fade/${theirs.id}/`, body), 403, EDIT_SESSION_NOT_YOURS);
    // The owner polls the action; to another user it does not exist.
    expect((await owner.client.get(`/api/edit/action/${first.body.action_clip_id}/`)).status).toBe(200);
    expectRefused(await other.client.get(`/api/edit/action/${first.body.action_clip_id}/`), 404);
  });

  it("finds the takes of a replaced section around their source, and each one's siblings", async () => {
    const song = await newSong(parts(), owner);
    const take = (start: number, end: number) =>
      newTestClip(db(), {
        userId: owner.id,
        metadata: {
          type: "gen",
          task: "infill",
          infill: true,
          history: [{ id: song.id, infill_start_s: start, infill_end_s: end }],
        },
      });
    const a = await take(2, 4);
    const b = await take(2.05, 4.02);
    const elsewhere = await take(1, 3);
    const aligned = await owner.client.get<AlignmentsResponse>(
      `/api/clips/aligned_clips?history_clip_id=${song.id}&history_end_seconds_gte=1.9&history_end_seconds_lte=2.1&future_clip_id=${song.id}&future_start_seconds_gte=3.9&future_start_seconds_lte=4.1`,
    );
    expect(aligned.status).toBe(200);
    const found = alignmentsResponseSchema.parse(aligned.body).alignments;
    expect(found.map((x) => x.clip.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.find((x) => x.clip.id === a.id)).toMatchObject({
      history_end_seconds: 2,
      future_start_seconds: 4,
    });
    const siblings = await owner.client.get<AlignmentsResponse>(
      `/api/clips/aligned_clip_siblings?clip_id=${a.id}`,
    );
    expect(siblings.body.alignments.map((x) => x.clip.id)).toEqual([b.id]);
    expect(siblings.body.alignments.map((x) => x.clip.id)).not.toContain(elsewhere.id);
    // Another user sees none of the owner's private takes; a malformed query is refused.
    const theirs = await other.client.get<AlignmentsResponse>(
      `/api/clips/aligned_clips?history_clip_id=${song.id}`,
    );
    expect(theirs.body.alignments).toEqual([]);
    expectRefused(await other.client.get(`/api/clips/aligned_clip_siblings?clip_id=${a.id}`), 404);
    expectRefused(await owner.client.get("/api/clips/aligned_clips"), 400);
    expectRefused(await server.client().get(`/api/clips/aligned_clips?history_clip_id=${song.id}`), 401);
  });
});
