// Play counts: POST /api/gen/{id}/increment_play_count/ and /v2 with sample_factor, for the owner,
// another user and an anonymous listener; another's private or trashed song is a 404 that counts
// nothing; a sampled play adds at most the song's own sampling factor.

import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { playCountSampleFactor } from "../../src/shared/player/listening.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe("the play-count sampling factor", () => {
  it("is 1 + floor(play_count / 100)", () => {
    expect([0, 99, 100, 199, 250, 12_345].map(playCountSampleFactor)).toEqual([1, 1, 2, 2, 3, 124]);
  });
});

describe.each(BACKENDS)("play counts on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const clientOf = viewerClients(server, alice, bob);
  const song = (isPublic: boolean, playCount = 0) =>
    newTestClip(db(), { userId: alice.id, title: "Counted", isPublic }).then(async (row) => {
      await db().updateTable("clips").set({ play_count: playCount }).where("id", "=", row.id).execute();
      return row;
    });
  const playsOf = async (id: string) =>
    (await db().selectFrom("clips").select("play_count").where("id", "=", id).executeTakeFirstOrThrow())
      .play_count;

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "counts a play of a public song by the %s",
    async (viewer) => {
      const { id } = await song(true);
      const first = await clientOf(viewer).post(`/api/gen/${id}/increment_play_count/`);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ play_count: 1 });
      const second = await clientOf(viewer).post(`/api/gen/${id}/increment_play_count/v2`, {
        sample_factor: 1,
      });
      expect(second.body).toEqual({ play_count: 2 });
      // The song's readers see the count.
      expect((await clientOf(viewer).get<Clip>(`/api/clip/${id}`)).body.play_count).toBe(2);
    },
  );

  it("adds a sampled play's factor, never more than the song's own", async () => {
    const { id } = await song(true, 250);
    const sampled = await bob.client.post(`/api/gen/${id}/increment_play_count/v2`, { sample_factor: 3 });
    expect(sampled.body).toEqual({ play_count: 253 });
    const inflated = await bob.client.post(`/api/gen/${id}/increment_play_count/v2`, { sample_factor: 1000 });
    expect(inflated.body).toEqual({ play_count: 256 });
    const fresh = await song(true);
    const early = await server
      .client()
      .post(`/api/gen/${fresh.id}/increment_play_count/v2`, { sample_factor: 50 });
    expect(early.body).toEqual({ play_count: 1 });
  });

  describe.each([
    ["private", false, false],
    ["trashed", true, true],
  ] as const)("a %s song", (_kind, isPublic, trashed) => {
    const hidden = async () => {
      const row = await song(isPublic);
      if (trashed)
        await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", row.id).execute();
      return row;
    };

    it("counts its owner's plays", async () => {
      const { id } = await hidden();
      expect((await alice.client.post(`/api/gen/${id}/increment_play_count/`)).body).toEqual({
        play_count: 1,
      });
    });

    it.each<Viewer>(["other user", "anonymous"])(
      "is not found for the %s, and counts nothing",
      async (viewer) => {
        const { id } = await hidden();
        for (const [path, body] of [
          [`/api/gen/${id}/increment_play_count/`, {}],
          [`/api/gen/${id}/increment_play_count/v2`, { sample_factor: 1 }],
        ] as const) {
          const answer = await clientOf(viewer).post(path, body);
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({ detail: "Clip not found" });
        }
        expect(await playsOf(id)).toBe(0);
      },
    );
  });

  it("refuses a sampling factor that is no whole number from 1, and a malformed id, counting nothing", async () => {
    const { id } = await song(true);
    for (const body of [
      {},
      { sample_factor: 0 },
      { sample_factor: 1.5 },
      { sample_factor: "2" },
      { sample_factor: 2_000_000 },
    ]) {
      const answer = await bob.client.post<{ detail: string }>(
        `/api/gen/${id}/increment_play_count/v2`,
        body,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/sample_factor/);
    }
    const malformed = await bob.client.post<{ detail: string }>("/api/gen/not-an-id/increment_play_count/");
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/UUID/);
    expect(await playsOf(id)).toBe(0);
  });

  describe("in bulk", () => {
    const bulk = (client: ApiClient, body: unknown) =>
      client.post<{ clips: { id: string; play_count: number }[]; detail?: string }>(
        "/api/gen/bulk_increment_play_counts/v2",
        body,
      );

    it.each<Viewer>(["owner", "other user", "anonymous"])(
      "adds the %s's sampled plays to each visible song, at most its own factor",
      async (viewer) => {
        const fresh = await song(true);
        const popular = await song(true, 250);
        const hidden = await song(false, 7);
        const answer = await bulk(clientOf(viewer), {
          gen_ids: [fresh.id, popular.id, hidden.id, fresh.id],
          sample_factor: 3,
        });
        expect(answer.status).toBe(200);
        const counts = Object.fromEntries(answer.body.clips.map((clip) => [clip.id, clip.play_count]));
        // A new song's factor is 1; one of 250 plays has 3; the private song counts for its owner only.
        expect(counts[fresh.id]).toBe(1);
        expect(counts[popular.id]).toBe(253);
        expect(await playsOf(hidden.id)).toBe(viewer === "owner" ? 8 : 7);
        expect(hidden.id in counts).toBe(viewer === "owner");
      },
    );

    it("refuses bad reports, counting nothing", async () => {
      const { id } = await song(true);
      for (const body of [
        { gen_ids: [], sample_factor: 1 },
        { gen_ids: [id], sample_factor: 0 },
        { gen_ids: ["nope"], sample_factor: 1 },
        { gen_ids: Array.from({ length: 101 }, () => id), sample_factor: 1 },
        { sample_factor: 1 },
      ]) {
        const answer = await bulk(bob.client, body);
        expect(answer.status).toBe(400);
        expect(answer.body.detail).toMatch(/gen_ids|sample_factor/);
      }
      expect(await playsOf(id)).toBe(0);
    });
  });
});
