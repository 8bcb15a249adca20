import { describe, expect, it } from "vitest";
import {
  type DiscoverResponse,
  discoverResponseSchema,
  type FollowingFeedResponse,
  followingFeedResponseSchema,
  type MetaplaylistResponse,
  metaplaylistResponseSchema,
} from "../../src/shared/api/discovery.ts";
import { newTestClip, newTestUser, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const songIds = (response: DiscoverResponse, name: string, content: string | null = null) =>
  (
    response.sections.find((s) => s.section_name === name && s.section_content === content)?.items ?? []
  ).flatMap((item) => (item.entity_type === "song_schema" ? [item.song.id] : []));

describe.each(BACKENDS)("discover on %s", (backend) => {
  const {
    server,
    db,
    users: { maker, listener },
  } = startApiServerWithUsers(backend, { maker: {}, listener: {} });

  const discover = (client: ReturnType<typeof server.client>, body: object) =>
    client.post<DiscoverResponse>("/api/discover/", body);

  it("answers everyone the public lists, with no private, trashed or failed song in any of them", async () => {
    const shown = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "Shown",
      metadata: { tags: "jazz" },
    });
    const hidden = await newTestClip(db(), {
      userId: maker.id,
      title: "Private",
      metadata: { tags: "jazz" },
    });
    const failed = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      status: "error",
      metadata: { tags: "jazz" },
    });
    const anonymous = await discover(server.client(), { start_index: 0, page_size: 20 });
    expect(anonymous.status).toBe(200);
    const body = discoverResponseSchema.parse(anonymous.body);
    expect(body.sections.map((s) => s.section_name).slice(0, 3)).toEqual([
      "trending_songs",
      "new_songs",
      "popular_personas",
    ]);
    expect(body.total_sections).toBe(body.sections.length);
    expect(songIds(body, "trending_songs")).toContain(shown.id);
    expect(songIds(body, "new_songs")[0]).toBe(shown.id);
    expect(songIds(body, "trending_genre", "jazz")).toContain(shown.id);
    const everything = JSON.stringify(body);
    expect(everything).not.toContain(hidden.id);
    expect(everything).not.toContain(failed.id);
    // Even the owner's own private song stays out of discovery.
    const own = await discover(maker.client, { start_index: 0, page_size: 20 });
    expect(JSON.stringify(own.body)).not.toContain(hidden.id);
  });

  it("pages sections in both request shapes and pages one section's items", async () => {
    for (let i = 0; i < 3; i++)
      await newTestClip(db(), { userId: maker.id, isPublic: true, metadata: { tags: "reggae" } });
    const all = discoverResponseSchema.parse(
      (await discover(server.client(), { start_index: 0, page_size: 20 })).body,
    );
    const second = discoverResponseSchema.parse(
      (await discover(server.client(), { page: 2, section_size: 2 })).body,
    );
    expect(second.sections.map((s) => s.section_name)).toEqual(
      all.sections.slice(2, 4).map((s) => s.section_name),
    );
    const window = discoverResponseSchema.parse(
      (await discover(server.client(), { start_index: 1, page_size: 1 })).body,
    );
    expect(window.sections.map((s) => s.section_name)).toEqual([all.sections[1]?.section_name]);
    const more = discoverResponseSchema.parse(
      (
        await discover(server.client(), {
          section_name: "trending_genre",
          section_content: "reggae",
          start_index: 1,
          page_size: 2,
        })
      ).body,
    );
    const genre = all.sections.find((s) => s.section_content === "reggae");
    expect(more.sections[0]?.items).toEqual(genre?.items.slice(1, 3));
    expect(more.sections[0]).toMatchObject({ start_index: 1, has_more: false, title: "Trending in Reggae" });
    const past = await discover(server.client(), { start_index: 500, page_size: 5 });
    expect(past.body.sections).toEqual([]);
  });

  it("refuses bad requests with a clear detail", async () => {
    const cases: [object, RegExp][] = [
      [{ section_name: "everything" }, /Unknown section_name/],
      [{ page_size: 1000 }, /page_size/],
      [{ start_index: 0, page: 2 }, /start_index or page/],
      [{ section_name: "trending_genre" }, /section_content/],
      [{ start_index: -1 }, /start_index/],
      [{ section_content: "x".repeat(10_000) }, /section_content/],
      [{ cursor: "x" }, /cursor/],
    ];
    for (const [body, detail] of cases) {
      const answer = await discover(server.client(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as unknown as { detail: string }).detail).toMatch(detail);
    }
  });

  it("makes the special lists from what the viewer made, liked and follows", async () => {
    const fan = await newTestUser(db(), server.client());
    const liked = await newTestClip(db(), { userId: maker.id, isPublic: true, metadata: { tags: "latin" } });
    const more = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      metadata: { tags: "latin, salsa" },
    });
    const mine = await newTestClip(db(), { userId: fan.id, isPublic: true, metadata: { tags: "latin" } });
    expect(
      (await fan.client.post(`/api/gen/${liked.id}/update_reaction_type/`, { reaction: "L" })).status,
    ).toBe(200);
    const body = discoverResponseSchema.parse(
      (await discover(fan.client, { start_index: 0, page_size: 20, disable_shuffle: true })).body,
    );
    expect(body.sections[0]?.section_name).toBe("new_songs_for_you");
    const forYou = songIds(body, "new_songs_for_you");
    // Of their genre, neither their own nor one they already liked.
    expect(forYou).toContain(more.id);
    expect(forYou).not.toContain(liked.id);
    expect(forYou).not.toContain(mine.id);
    expect(songIds(body, "engaged_user_top_songs")).toEqual(expect.arrayContaining([liked.id, more.id]));
    expect(body.sections.find((s) => s.section_content !== null)?.section_content).toBe("latin");
    // What the followed persona's owner likes shows in following_listen.
    const persona = await db()
      .insertInto("personas")
      .values({ user_id: listener.id, root_clip_id: mine.id, name: "Voice", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("persona_follows").values({ user_id: fan.id, persona_id: persona.id }).execute();
    await listener.client.post(`/api/gen/${more.id}/update_reaction_type/`, { reaction: "L" });
    const following = await discover(fan.client, { section_name: "following_listen", page_size: 5 });
    expect(songIds(discoverResponseSchema.parse(following.body), "following_listen")).toEqual([more.id]);
  });

  it("gives a new listener five random genres' new songs, and anonymous no personal sections", async () => {
    const newcomer = await newTestUser(db(), server.client());
    const body = discoverResponseSchema.parse(
      (await discover(newcomer.client, { section_name: "new_songs_for_you", page_size: 50 })).body,
    );
    const genres = new Set(
      await Promise.all(
        songIds(body, "new_songs_for_you").map(async (id) => {
          const row = await db()
            .selectFrom("clip_scores")
            .select("genre")
            .where("clip_id", "=", id)
            .executeTakeFirst();
          return row?.genre;
        }),
      ),
    );
    expect(genres.size).toBeLessThanOrEqual(5);
    const anonymous = discoverResponseSchema.parse(
      (await discover(server.client(), { page: 1, section_size: 20 })).body,
    );
    expect(anonymous.sections.map((s) => s.section_name)).not.toContain("new_songs_for_you");
    const personal = await discover(server.client(), { section_name: "new_songs_for_you" });
    expect(personal.body.sections[0]?.items).toEqual([]);
  });

  it("lists the trending lists as playlists", async () => {
    const song = await newTestClip(db(), { userId: maker.id, isPublic: true, metadata: { tags: "ambient" } });
    const answer = await server.client().get<MetaplaylistResponse>("/api/trending/metaplaylist/");
    expect(answer.status).toBe(200);
    const { playlists } = metaplaylistResponseSchema.parse(answer.body);
    expect(playlists[0]).toMatchObject({ id: "trending", name: "Trending" });
    expect(playlists.find((p) => p.id === "trending-ambient")?.clip_ids).toContain(song.id);
  });

  it("pages the following feed by time until an empty page, for signed-in users only", async () => {
    const fan = await newTestUser(db(), server.client());
    const followed = await newTestUser(db(), server.client());
    const root = await newTestClip(db(), { userId: followed.id, isPublic: true, title: "Root" });
    const persona = await db()
      .insertInto("personas")
      .values({ user_id: followed.id, root_clip_id: root.id, name: "Followed", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feed = (body: object) =>
      fan.client.post<FollowingFeedResponse>("/api/social/following-feed/", body);
    expect((await feed({})).body).toEqual({ items: [], last_item_timestamp: null });
    await db().insertInto("persona_follows").values({ user_id: fan.id, persona_id: persona.id }).execute();
    const base = Date.now() - 60_000;
    const published = [];
    for (let i = 1; i <= 3; i++) {
      published.push(
        await newTestClip(db(), {
          userId: followed.id,
          isPublic: true,
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    await newTestClip(db(), { userId: followed.id, title: "Draft", createdAt: new Date(base + 5000) });
    await newTestClip(db(), { userId: maker.id, isPublic: true, createdAt: new Date(base + 6000) });
    const seen: string[] = [];
    let start: string | null = null;
    for (let page = 0; page < 5; page++) {
      const answer = await feed({ page_size: 2, start_feed_timestamp: start });
      expect(answer.status).toBe(200);
      const body = followingFeedResponseSchema.parse(answer.body);
      if (body.items.length === 0) break;
      expect(body.items.every((item) => item.activity_type === "publish_song")).toBe(true);
      seen.push(...body.items.map((item) => item.clip.id));
      start = body.last_item_timestamp;
    }
    // The persona's root song was made last (now): it comes first.
    expect(seen).toEqual([root.id, ...published.reverse().map((clip) => clip.id)]);
    expect((await server.client().post("/api/social/following-feed/", {})).status).toBe(401);
    for (const bad of [
      { start_feed_timestamp: "yesterday" },
      { page_size: 51 },
      { ranking_method: "random" },
    ]) {
      const answer = await feed(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect((answer.body as unknown as { detail: string }).detail).toMatch(
        /start_feed_timestamp|page_size|recency/,
      );
    }
  });
});
