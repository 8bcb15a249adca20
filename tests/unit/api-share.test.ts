// Share links and oEmbed: POST /api/share/link makes a short code once per key (content, source,
// platform, sharer) for public songs, profiles and playlists, refuses private ones (404 to others,
// 400 to their owner); GET /api/share/code/{id} and /s/{code} open what the code names, and stop
// when the content goes private; /api/oembed answers a public song's embed player.

import { describe, expect, it } from "vitest";
import { SHARE_MESSAGES, type ShareCodeResponse } from "../../src/shared/api/share.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("share links on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const clientOf = viewerClients(server, alice, bob);
  const share = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<{ link: string; share_id: string; detail?: string }>("/api/share/link", body);
  const linkCount = async () =>
    Number(
      (
        await db()
          .selectFrom("share_links")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "makes one link per key for a public song, for the %s, that opens the song",
    async (viewer) => {
      const song = await newTestClip(db(), { userId: alice.id, title: "Shared", isPublic: true });
      const client = clientOf(viewer);
      const first = await share(client, {
        content_type: "clip",
        content_id: song.id,
        source: "song_page",
        platform: "x",
      });
      expect(first.status).toBe(200);
      expect(first.body.link).toBe(`${server.url()}/s/${first.body.share_id}`);
      const again = await share(client, {
        content_type: "clip",
        content_id: song.id,
        source: "song_page",
        platform: "x",
      });
      expect(again.body.share_id).toBe(first.body.share_id);
      const elsewhere = await share(client, {
        content_type: "clip",
        content_id: song.id,
        source: "song_page",
        platform: "reddit",
      });
      expect(elsewhere.body.share_id).not.toBe(first.body.share_id);

      const code = await server.client().get<ShareCodeResponse>(`/api/share/code/${first.body.share_id}`);
      expect(code.body).toEqual({ content_type: "clip", content_id: song.id, path: `/song/${song.id}` });
      const opened = await fetch(first.body.link, { redirect: "manual" });
      expect(opened.status).toBe(302);
      expect(opened.headers.get("location")).toBe(`/song/${song.id}`);
    },
  );

  it("shares profiles by handle (surviving a handle change) and public playlists", async () => {
    const profile = await share(bob.client, { content_type: "profile", content_id: `@${alice.handle}` });
    expect(profile.status).toBe(200);
    const code = await server.client().get<ShareCodeResponse>(`/api/share/code/${profile.body.share_id}`);
    expect(code.body.path).toBe(`/@${alice.handle}`);
    const list = await alice.client.post<{ id: string }>("/api/playlist/create/", { name: "Road trip" });
    const refused = await share(bob.client, { content_type: "playlist", content_id: list.body.id });
    expect(refused).toMatchObject({ status: 404, body: { detail: "Playlist not found" } });
    await db().updateTable("playlists").set({ is_public: true }).where("id", "=", list.body.id).execute();
    const shared = await share(bob.client, { content_type: "playlist", content_id: list.body.id });
    expect((await server.client().get(`/api/share/code/${shared.body.share_id}`)).body).toMatchObject({
      path: `/playlist/${list.body.id}`,
    });
  });

  it("refuses private and trashed songs, telling the owner what to do and others nothing", async () => {
    const hidden = await newTestClip(db(), { userId: alice.id, title: "Private", isPublic: false });
    const before = await linkCount();
    expect(await share(alice.client, { content_type: "clip", content_id: hidden.id })).toMatchObject({
      status: 400,
      body: { detail: SHARE_MESSAGES.notPublic },
    });
    for (const viewer of ["other user", "anonymous"] as const)
      expect(await share(clientOf(viewer), { content_type: "clip", content_id: hidden.id })).toMatchObject({
        status: 404,
        body: { detail: "Clip not found" },
      });
    expect(await linkCount()).toBe(before);

    // A link made while public stops when the song goes private or to the trash.
    const song = await newTestClip(db(), { userId: alice.id, title: "Soon hidden", isPublic: true });
    const made = await share(bob.client, { content_type: "clip", content_id: song.id });
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", song.id).execute();
    expect(await server.client().get(`/api/share/code/${made.body.share_id}`)).toMatchObject({
      status: 404,
      body: { detail: SHARE_MESSAGES.notFound },
    });
    const page = await fetch(`${server.url()}/s/${made.body.share_id}`, { redirect: "manual" });
    expect(page.status).toBe(404);
  });

  it("refuses bad input with a clear detail", async () => {
    for (const body of [
      {},
      { content_type: "video", content_id: "x" },
      { content_type: "clip", content_id: "not-a-uuid" },
      { content_type: "profile", content_id: "no_such_person" },
      { content_type: "clip", content_id: "5a0c1f4e-0000-4000-8000-000000000000", platform: "x".repeat(60) },
    ]) {
      const answer = await share(bob.client, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    expect((await server.client().get("/api/share/code/nope!")).status).toBe(400);
    expect((await server.client().get("/api/share/code/unknown_code")).status).toBe(404);
    expect((await fetch(`${server.url()}/s/unknown_code`, { redirect: "manual" })).status).toBe(404);
  });

  it("answers oEmbed for a public song's page, share and embed addresses, and nothing else", async () => {
    const song = await newTestClip(db(), { userId: alice.id, title: "Embedded <tune>", isPublic: true });
    const made = await share(bob.client, { content_type: "clip", content_id: song.id });
    for (const url of [
      `${server.url()}/song/${song.id}`,
      `${server.url()}/embed/${song.id}`,
      made.body.link,
    ]) {
      const answer = await server
        .client()
        .get<Record<string, unknown>>(`/api/oembed?format=json&url=${encodeURIComponent(url)}`);
      expect(answer.status, url).toBe(200);
      expect(answer.body).toMatchObject({
        version: "1.0",
        type: "rich",
        title: "Embedded <tune>",
        author_name: alice.handle,
        width: 760,
        height: 240,
      });
      expect(answer.body.html).toContain(`src="${server.url()}/embed/${song.id}"`);
      expect(answer.body.html).toContain('title="Embedded &#60;tune&#62;"');
      expect(answer.body.html).toContain("Listen on Tunesmith");
    }
    const small = await server
      .client()
      .get(`/api/oembed?maxwidth=400&url=${encodeURIComponent(`${server.url()}/song/${song.id}`)}`);
    expect(small.body).toMatchObject({ width: 400 });
    const hidden = await newTestClip(db(), { userId: alice.id, title: "Private", isPublic: false });
    for (const url of [`${server.url()}/song/${hidden.id}`, "https://elsewhere.test/song/x", "not a url"]) {
      const answer = await alice.client.get(`/api/oembed?url=${encodeURIComponent(url)}`);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain("Private");
    }
    expect((await server.client().get(`/api/oembed?format=xml&url=x`)).status).toBe(400);
  });
});
