// Profile pins on both databases: newest first, the limit of 5 (10 with artist-profiles) letting
// the oldest go, a private song made public, unpinning, and others, the signed out and unfinished,
// trashed or deleted songs refused with nothing changed.

import { describe, expect, it } from "vitest";
import { pinClipResponseSchema, pinnedClipsResponseSchema } from "../../src/shared/api/clip-settings.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("profile pins on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob, carol },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {}, carol: {} });

  const pin = (client: typeof alice.client, id: string) => client.post(`/api/profiles/pin-clip/${id}`);
  const pinnedIds = async (client: typeof alice.client, query = "") =>
    pinnedClipsResponseSchema
      .parse((await client.get(`/api/profiles/pinned-clips${query}`)).body)
      .clips.map((clip) => clip.id);
  const stored = (id: string) =>
    db().selectFrom("clips").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("pins newest first, up to 5, letting the oldest go at the limit", async () => {
    const songs = [];
    for (let n = 0; n < 6; n++)
      songs.push(await newTestClip(db(), { userId: alice.id, title: `Pin ${n}`, isPublic: true }));
    for (const song of songs.slice(0, 5)) {
      const answer = pinClipResponseSchema.parse((await pin(alice.client, song.id)).body);
      expect(answer).toMatchObject({ is_pinned: true, unpinned_clip_id: null });
    }
    expect(await pinnedIds(alice.client)).toEqual(
      songs
        .slice(0, 5)
        .map((song) => song.id)
        .reverse(),
    );
    const sixth = pinClipResponseSchema.parse((await pin(alice.client, songs[5]?.id ?? "")).body);
    expect(sixth.unpinned_clip_id).toBe(songs[0]?.id);
    expect(await pinnedIds(alice.client)).toEqual(
      songs
        .slice(1)
        .map((song) => song.id)
        .reverse(),
    );
    // Others see the public pins by handle; the limit comes with them.
    const forBob = pinnedClipsResponseSchema.parse(
      (await bob.client.get(`/api/profiles/pinned-clips?handle=${alice.handle}`)).body,
    );
    expect(forBob.clips).toHaveLength(5);
    expect(forBob.max_pins).toBe(5);
    // Unpinning: a second press.
    const off = pinClipResponseSchema.parse((await pin(alice.client, songs[5]?.id ?? "")).body);
    expect(off.is_pinned).toBe(false);
    expect(await pinnedIds(alice.client)).toHaveLength(4);
  });

  it("makes a private song public when pinning it", async () => {
    const song = await newTestClip(db(), { userId: bob.id, title: "Quiet", isPublic: false });
    const answer = pinClipResponseSchema.parse((await pin(bob.client, song.id)).body);
    expect(answer.clip).toMatchObject({ is_pinned: true, is_public: true });
    expect((await stored(song.id)).is_public).toBe(true);
  });

  it("allows 10 pins with artist-profiles", async () => {
    await db()
      .updateTable("users")
      .set({ flags: ["artist-profiles"] })
      .where("id", "=", carol.id)
      .execute();
    for (let n = 0; n < 10; n++) {
      const song = await newTestClip(db(), { userId: carol.id, title: `Artist ${n}`, isPublic: true });
      expect(
        pinClipResponseSchema.parse((await pin(carol.client, song.id)).body).unpinned_clip_id,
      ).toBeNull();
    }
    const list = pinnedClipsResponseSchema.parse((await carol.client.get("/api/profiles/pinned-clips")).body);
    expect(list.clips).toHaveLength(10);
    expect(list.max_pins).toBe(10);
  });

  it("refuses others' songs (404), the signed out (401), unfinished, trashed and deleted songs, changing nothing", async () => {
    const song = await newTestClip(db(), { userId: alice.id, title: "Mine", isPublic: true });
    const other = await pin(bob.client, song.id);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: "Clip not found" });
    expect((await pin(server.client(), song.id)).status).toBe(401);
    expect((await server.client().get("/api/profiles/pinned-clips")).status).toBe(401);
    expect((await stored(song.id)).is_pinned).toBe(false);

    const unfinished = await newTestClip(db(), { userId: alice.id, status: "streaming", isPublic: false });
    const refused = await pin(alice.client, unfinished.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Only complete songs can be pinned");
    expect(await stored(unfinished.id)).toMatchObject({ is_pinned: false, is_public: false });

    const trashed = await newTestClip(db(), { userId: alice.id, isPublic: true });
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
    expect((await pin(alice.client, trashed.id)).body.detail).toBe(
      "Restore the song from the trash before pinning it",
    );

    const gone = await newTestClip(db(), { userId: alice.id, isPublic: true });
    await db().deleteFrom("clips").where("id", "=", gone.id).execute();
    expect((await pin(alice.client, gone.id)).status).toBe(404);
    expect((await pin(alice.client, "not-a-uuid")).status).toBe(400);
    expect((await bob.client.get("/api/profiles/pinned-clips?handle=nobody_here")).status).toBe(404);
  });

  it("leaves songs in error, in the trash and private ones (for others) out of the list", async () => {
    const user = await newTestClip(db(), { userId: bob.id, title: "Shown", isPublic: true });
    await pin(bob.client, user.id);
    const hidden = await newTestClip(db(), { userId: bob.id, title: "Later private", isPublic: true });
    await pin(bob.client, hidden.id);
    await db().updateTable("clips").set({ is_public: false }).where("id", "=", hidden.id).execute();
    const failed = await newTestClip(db(), { userId: bob.id, title: "Failed", isPublic: true });
    await pin(bob.client, failed.id);
    await db().updateTable("clips").set({ status: "error" }).where("id", "=", failed.id).execute();
    const own = await pinnedIds(bob.client);
    expect(own).toContain(hidden.id);
    expect(own).not.toContain(failed.id);
    const forAlice = await pinnedIds(alice.client, `?handle=${bob.handle}`);
    expect(forAlice).toContain(user.id);
    expect(forAlice).not.toContain(hidden.id);
  });
});
