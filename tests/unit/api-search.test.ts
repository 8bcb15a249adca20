import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { type SearchResponse, searchResponseSchema } from "../../src/shared/api/search.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("search on %s", (backend) => {
  const {
    server,
    db,
    users: { maker, other },
  } = startApiServerWithUsers(backend, { maker: {}, other: {} });

  const search = (client: ApiClient, query: object) =>
    client.post<SearchResponse>("/api/search/", { search_queries: [{ name: "q", ...query }] });
  const ids = async (client: ApiClient, query: object) => {
    const answer = await search(client, query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ((searchResponseSchema.parse(answer.body).result.q?.result ?? []) as { id: string }[]).map(
      (item) => item.id,
    );
  };

  it("ranks an exact title first, then partial and misspelt matches, never a private song", async () => {
    const exact = await newTestClip(db(), { userId: maker.id, isPublic: true, title: "Zanzibar Lantern" });
    const longer = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Zanzibar Lantern Parade",
    });
    const tagged = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Harbour",
      metadata: { tags: "zanzibar, lantern" },
    });
    const lyric = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Quiet",
      metadata: { prompt: "a zanzibar lantern in the night" },
    });
    const secret = await newTestClip(db(), { userId: maker.id, title: "Zanzibar Lantern" });
    const term = "zanzibar lantern";
    expect(await ids(server.client(), { search_type: "public_song", term })).toEqual([
      exact.id,
      longer.id,
      tagged.id,
      lyric.id,
    ]);
    // Partial words, any case: still the titles first.
    expect(
      (await ids(other.client, { search_type: "public_song", term: "  ZANZI lant " })).slice(0, 2),
    ).toEqual([exact.id, longer.id]);
    // A typo finds the title by its trigrams.
    expect((await ids(other.client, { search_type: "public_song", term: "Zanzibra Lantren" }))[0]).toBe(
      exact.id,
    );
    // The owner's private song is in their library search, never in a public one.
    expect(await ids(maker.client, { search_type: "public_song", term })).not.toContain(secret.id);
    expect(await ids(maker.client, { search_type: "library_song", term })).toContain(secret.id);
    expect(await ids(other.client, { search_type: "library_song", term })).toEqual([]);
    expect((await search(server.client(), { search_type: "library_song", term })).status).toBe(401);
  });

  it("ranks by trending on request, and filters by vocals and model", async () => {
    const cold = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Obsidian Tide",
      majorModelVersion: "v4",
      metadata: { has_vocal: false },
    });
    const hot = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Obsidian Tide Remix",
      majorModelVersion: "v5",
      metadata: { has_vocal: true },
    });
    await other.client.post(`/api/gen/${hot.id}/update_reaction_type/`, { reaction: "L" });
    const term = "obsidian tide";
    expect(await ids(other.client, { search_type: "public_song", term })).toEqual([cold.id, hot.id]);
    expect(await ids(other.client, { search_type: "public_song", term, rank_by: "trending" })).toEqual([
      hot.id,
      cold.id,
    ]);
    expect(await ids(other.client, { search_type: "public_song", term, is_instrumental: true })).toEqual([
      cold.id,
    ]);
    expect(await ids(other.client, { search_type: "public_song", term, is_instrumental: false })).toEqual([
      hot.id,
    ]);
    expect(await ids(other.client, { search_type: "public_song", term, model_version: "v5" })).toEqual([
      hot.id,
    ]);
  });

  it("answers tag, hashtag and genre searches with every hit counted", async () => {
    const word = `tg${Date.now()}`;
    const songs = [];
    for (let i = 0; i < 3; i++) {
      songs.push(
        await newTestClip(db(), {
          userId: maker.id,
          isPublic: true,
          caption: `Out now #${word} #fresh`,
          metadata: { tags: `Cinematic, ${word.toUpperCase()}` },
        }),
      );
    }
    await newTestClip(db(), { userId: maker.id, caption: `#${word}`, metadata: { tags: word } });
    const tag = await search(other.client, { search_type: "tag_song", term: ` ${word} `, size: 2 });
    expect(tag.body.result.q).toMatchObject({ total_hits: 3, from_index: 0, page_size: 2 });
    expect(tag.body.result.q?.result).toHaveLength(2);
    const hashtag = await search(other.client, {
      search_type: "hashtag_song",
      term: `#${word}`,
      from_index: 2,
    });
    expect(hashtag.body.result.q?.total_hits).toBe(3);
    expect(hashtag.body.result.q?.result).toHaveLength(1);
    const genre = await ids(other.client, { search_type: "platform_genre", term: "Cinematic", size: 40 });
    expect(genre).toEqual(expect.arrayContaining(songs.map((song) => song.id)));
  });

  it("finds users, public playlists, personas and the viewer's playlists", async () => {
    const users = await ids(other.client, { search_type: "user", term: maker.handle });
    expect(users[0]).toBe(maker.id);
    const misspelt = await ids(other.client, { search_type: "user", term: maker.handle.slice(0, -1) });
    expect(misspelt).toContain(maker.id);
    const song = await newTestClip(db(), { userId: maker.id, isPublic: true });
    const open = await db()
      .insertInto("playlists")
      .values({ user_id: maker.id, name: "Velvet Nights", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("playlist_clips")
      .values({ playlist_id: open.id, clip_id: song.id, position: 0 })
      .execute();
    const closed = await db()
      .insertInto("playlists")
      .values({ user_id: maker.id, name: "Velvet Secrets" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const found = await search(other.client, { search_type: "playlist", term: "velvet" });
    expect(found.body.result.q?.result).toEqual([
      expect.objectContaining({ id: open.id, user_handle: maker.handle, num_total_results: 1 }),
    ]);
    expect(await ids(maker.client, { search_type: "library_playlist", term: "velvet" })).toEqual(
      expect.arrayContaining([open.id, closed.id]),
    );
    expect(await ids(other.client, { search_type: "library_playlist", term: "velvet" })).toEqual([]);
    expect(await ids(other.client, { search_type: "public_persona", term: "velvet" })).toEqual([]);
    expect((await search(server.client(), { search_type: "library_persona", term: "x" })).status).toBe(401);
  });

  it("refuses bad input with a clear detail, or answers an empty page", async () => {
    const refused: [object, RegExp][] = [
      [{ search_type: "everything", term: "x" }, /Unknown search_type/],
      [{ search_type: "public_song", size: 51 }, /At most 50 results a page for public_song/],
      [{ search_type: "user", size: 41 }, /At most 40 results a page for user/],
      [{ search_type: "public_song", from_index: -1 }, /from_index/],
      [{ search_type: "public_song", rank_by: "random" }, /Use trending or most_relevant/],
      [{ search_type: "public_song", term: "a\u0001b" }, /control character|not allowed|text/i],
    ];
    for (const [query, detail] of refused) {
      const answer = await search(other.client, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect((answer.body as unknown as { detail: string }).detail).toMatch(detail);
    }
    expect((await search(other.client, { search_type: "public_song", size: 50 })).status).toBe(200);
    const past = await search(other.client, {
      search_type: "public_song",
      term: "zanzibar",
      from_index: 99_999,
    });
    expect(past.body.result.q?.result).toEqual([]);
    // A 10,000-character term is cut to 256 and answered.
    const long = await search(other.client, { search_type: "public_song", term: "z".repeat(10_000) });
    expect(long.status).toBe(200);
    expect(long.body.result.q?.result).toEqual([]);
    const empty = await search(server.client(), { search_type: "tag_song", term: "   " });
    expect(empty.body.result.q?.total_hits).toBe(0);
    const clips = (await search(server.client(), { search_type: "public_song", term: "" })).body.result.q
      ?.result as Clip[];
    expect(clips.every((clip) => clip.is_public && !clip.is_trashed && clip.status === "complete")).toBe(
      true,
    );
  });
});
