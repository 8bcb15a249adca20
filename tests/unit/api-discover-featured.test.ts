import { describe, expect, it } from "vitest";
import { type DiscoverResponse, discoverResponseSchema } from "../../src/shared/api/discovery.ts";
import { newTestClip, newTestUser, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

type Client = ReturnType<ReturnType<typeof startApiServerWithUsers>["server"]["client"]>;

describe.each(BACKENDS)("the featured feed for you on %s", (backend) => {
  const {
    server,
    db,
    users: { fan, followed, maker, other },
  } = startApiServerWithUsers(backend, { fan: {}, followed: {}, maker: {}, other: {} });

  const featured = async (client: Client) => {
    const answer = await client.post<DiscoverResponse>("/api/discover/", {
      section_name: "featured_feed_for_you",
      page_size: 20,
    });
    expect(answer.status).toBe(200);
    return discoverResponseSchema.parse(answer.body).sections[0]?.items ?? [];
  };
  const ids = async (client: Client) =>
    (await featured(client)).flatMap((item) =>
      item.entity_type === "following_feed_item_schema" ? [item.clip.id] : [],
    );
  const like = (client: Client, clipId: string) =>
    client.post(`/api/gen/${clipId}/update_reaction_type/`, { reaction: "L" });

  it("shows the owner what the creators they follow or like published lately, hottest first, as feed items", async () => {
    const root = await newTestClip(db(), { userId: followed.id, isPublic: true, title: "Root" });
    const persona = await db()
      .insertInto("personas")
      .values({ user_id: followed.id, root_clip_id: root.id, name: "Followed", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("persona_follows").values({ user_id: fan.id, persona_id: persona.id }).execute();
    const hot = await newTestClip(db(), { userId: followed.id, isPublic: true, title: "Hot" });
    const quiet = await newTestClip(db(), { userId: followed.id, isPublic: true, title: "Quiet" });
    const hidden = await newTestClip(db(), { userId: followed.id, title: "Private" });
    const liked = await newTestClip(db(), { userId: maker.id, isPublic: true, title: "Liked" });
    const fromLiked = await newTestClip(db(), {
      userId: maker.id,
      isPublic: true,
      title: "More of the liked",
    });
    const own = await newTestClip(db(), { userId: fan.id, isPublic: true, title: "Own" });
    expect((await like(fan.client, liked.id)).status).toBe(200);
    for (const client of [other.client, maker.client]) expect((await like(client, hot.id)).status).toBe(200);

    const items = await featured(fan.client);
    expect(items.every((item) => item.entity_type === "following_feed_item_schema")).toBe(true);
    expect(items[0]).toMatchObject({ activity_type: "publish_song", clip: { id: hot.id } });
    const found = await ids(fan.client);
    expect(found).toEqual(expect.arrayContaining([hot.id, quiet.id, fromLiked.id, root.id]));
    expect(found.indexOf(hot.id)).toBeLessThan(found.indexOf(quiet.id));
    for (const left of [hidden.id, liked.id, own.id]) expect(found).not.toContain(left);

    // Not Interested takes a song out of it; Undo puts it back.
    const mark = { feedback_type: "not_interested" };
    expect((await fan.client.post(`/api/recommend/feedback/song/${quiet.id}`, mark)).status).toBe(200);
    expect(await ids(fan.client)).not.toContain(quiet.id);
    await fan.client.request("DELETE", `/api/recommend/feedback/song/${quiet.id}`, mark);
    expect(await ids(fan.client)).toContain(quiet.id);

    // A user who follows and liked no one gets an empty section; anonymous has none at all.
    // One who liked a song of the followed creator sees their songs too, never the fan's own private ones.
    expect(await ids(other.client)).toContain(quiet.id);
    const newcomer = await newTestUser(db(), server.client());
    expect(await featured(newcomer.client)).toEqual([]);
    expect(await featured(server.client())).toEqual([]);
    const home = await server
      .client()
      .post<DiscoverResponse>("/api/discover/", { page: 1, section_size: 20 });
    expect(discoverResponseSchema.parse(home.body).sections.map((s) => s.section_name)).not.toContain(
      "featured_feed_for_you",
    );
    const signedIn = await fan.client.post<DiscoverResponse>("/api/discover/", {
      page: 1,
      section_size: 20,
      disable_shuffle: true,
    });
    expect(discoverResponseSchema.parse(signedIn.body).sections.map((s) => s.section_name)).toContain(
      "featured_feed_for_you",
    );
  });
});
