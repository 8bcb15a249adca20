// Show in Hooks Feed: a public song's video cover is in the hooks feed as a hook of kind
// video_cover until its owner turns the song menu's toggle off (set_metadata's
// opt_out_video_cover_hook); on again, the same hook comes back with its likes. Removing the cover
// takes it out of the feed. Another user and an anonymous caller cannot change the toggle, and the
// feed stays as it was.

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { HookFeed } from "../../src/shared/api/hook-social.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("a video cover in the hooks feed on %s", (backend) => {
  const { server, db, users } = startApiServerWithUsers(backend, { owner: {}, other: {} });
  const { owner, other } = users;
  let songId: string;

  beforeAll(async () => {
    songId = (await newTestClip(db(), { userId: owner.id, title: "Covered Song" })).id;
    await db().updateTable("clips").set({ is_public: true }).where("id", "=", songId).execute();
  });

  /** One of the owner's finished video uploads, its file stored, as the upload's check leaves it. */
  async function videoUpload(bytes: string): Promise<string> {
    const id = randomUUID();
    const key = `video-uploads/${id}/original.mp4`;
    await (await server.storage()).put(key, Readable.from([Buffer.from(bytes)]), {
      contentType: "video/mp4",
    });
    await db()
      .insertInto("video_uploads")
      .values({
        id,
        user_id: owner.id,
        extension: "mp4",
        original_key: key,
        status: "complete",
        duration_s: 6,
      })
      .execute();
    return id;
  }

  const setMetadata = (user: TestUser | null, body: unknown) =>
    (user?.client ?? server.client()).post<Clip & { detail?: string }>(
      `/api/gen/${songId}/set_metadata/`,
      body,
    );
  const coversInFeed = async () =>
    (await server.client().get<HookFeed>("/api/video/hooks/feed")).body.hooks.filter(
      (hook) => hook.clip_id === songId,
    );

  it("lists the cover until the owner turns Show in Hooks Feed off, and brings the same hook back", async () => {
    expect(await coversInFeed()).toEqual([]);
    expect(
      (await setMetadata(owner, { video_cover_upload_id: await videoUpload("first cover") })).status,
    ).toBe(200);
    const [shown] = await coversInFeed();
    expect(shown).toMatchObject({ kind: "video_cover", clip_id: songId, handle: owner.handle, duration: 6 });
    const served = await fetch(`${server.url()}${shown?.video_url}`);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe("first cover");
    expect((await other.client.post(`/api/video/hooks/${shown?.id}/like`, { liked: true })).status).toBe(200);

    const hidden = await setMetadata(owner, { opt_out_video_cover_hook: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.metadata.opt_out_video_cover_hook).toBe(true);
    expect(await coversInFeed()).toEqual([]);

    expect((await setMetadata(owner, { opt_out_video_cover_hook: false })).status).toBe(200);
    expect(await coversInFeed()).toMatchObject([{ id: shown?.id, like_count: 1 }]);

    // A new cover replaces the file of the same hook; removing the cover takes the hook away.
    await setMetadata(owner, { video_cover_upload_id: await videoUpload("second cover") });
    const [replaced] = await coversInFeed();
    expect(replaced?.id).toBe(shown?.id);
    const again = await fetch(`${server.url()}${replaced?.video_url}`);
    expect(Buffer.from(await again.arrayBuffer()).toString()).toBe("second cover");
    await setMetadata(owner, { remove_video_cover: true });
    expect(await coversInFeed()).toEqual([]);
  });

  it("lets neither another user nor an anonymous caller hide the cover", async () => {
    await setMetadata(owner, {
      video_cover_upload_id: await videoUpload("a cover"),
      opt_out_video_cover_hook: false,
    });
    expect(await coversInFeed()).toHaveLength(1);
    expect([403, 404]).toContain((await setMetadata(other, { opt_out_video_cover_hook: true })).status);
    const anonymous = await setMetadata(null, { opt_out_video_cover_hook: true });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
    expect(await coversInFeed()).toHaveLength(1);
  });
});
