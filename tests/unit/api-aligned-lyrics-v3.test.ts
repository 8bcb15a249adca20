// Aligned lyrics v3: POST (body lyrics) and GET /api/gen/{id}/aligned_lyrics/v3 answer the
// alignment's state: running while the song renders, an error naming why when there are no words,
// for the owner, another user and an anonymous listener; another's private song is a 404.

import { describe, expect, it } from "vitest";
import type { AlignedLyricsV3Response } from "../../src/shared/api/generate.ts";
import { newTestClip, startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("aligned lyrics v3 on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });
  const clientOf = viewerClients(server, alice, bob);
  const path = (id: string) => `/api/gen/${id}/aligned_lyrics/v3`;

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "tells the %s the alignment's state",
    async (viewer) => {
      const client = clientOf(viewer);
      const rendering = await newTestClip(db(), { userId: alice.id, isPublic: true, status: "streaming" });
      const running = await client.post<AlignedLyricsV3Response>(path(rendering.id), { lyrics: "la la" });
      expect(running.status).toBe(200);
      expect(running.body).toMatchObject({ status: "running", aligned_words: [], error_message: null });

      const instrumental = await newTestClip(db(), { userId: alice.id, isPublic: true, status: "complete" });
      const none = await client.get<AlignedLyricsV3Response>(`${path(instrumental.id)}/`);
      expect(none.body).toMatchObject({ status: "error", error_message: "No aligned words found" });

      const failed = await newTestClip(db(), { userId: alice.id, isPublic: true, status: "error" });
      const error = await client.get<AlignedLyricsV3Response>(path(failed.id));
      expect(error.body).toMatchObject({ status: "error", error_message: "Unknown error" });
    },
  );

  it.each<Viewer>(["other user", "anonymous"])(
    "is not found for the %s on another's private song",
    async (viewer) => {
      const hidden = await newTestClip(db(), { userId: alice.id, isPublic: false, status: "complete" });
      for (const answer of [
        await clientOf(viewer).get(path(hidden.id)),
        await clientOf(viewer).post(path(hidden.id), { lyrics: "la" }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: "Clip not found" });
      }
      expect((await alice.client.get(path(hidden.id))).status).toBe(200);
    },
  );

  it("refuses lyrics that are no text or too long", async () => {
    const song = await newTestClip(db(), { userId: alice.id, isPublic: true, status: "complete" });
    const missing = await bob.client.post<{ detail: string }>(path(song.id), {});
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain("lyrics is text");
    const long = await bob.client.post<{ detail: string }>(path(song.id), { lyrics: "a".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toContain("Lyrics are at most 5000 characters");
  });
});
