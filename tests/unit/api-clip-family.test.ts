// A song's parent and children: GET /api/clips/direct_children, direct_children_count,
// direct_children_by_user/, user_remixes_for_clip/ and parent, for the owner, another user and an
// anonymous listener. Private children show to their owner only, trashed ones to nobody else;
// another's private parent is a 404 for every call, and a child's hidden parent reads as none.

import { describe, expect, it } from "vitest";
import type { ChildrenPage, ParentResponse } from "../../src/shared/api/clip-family.ts";
import { newTestClip, startApiServerWithUsers, type Viewer, viewerClients } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("a song's parent and children on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });
  const clientOf = viewerClients(server, alice, bob);

  /** Alice's public song with: bob's public remix, bob's private one, alice's own extend and a trashed one. */
  async function family() {
    const parent = await newTestClip(db(), { userId: alice.id, title: "Original", isPublic: true });
    const child = (userId: string, title: string, isPublic: boolean) =>
      newTestClip(db(), { userId, title, isPublic, rootClipId: parent.id });
    const bobsRemix = await child(bob.id, "Bob remix", true);
    const bobsPrivate = await child(bob.id, "Bob private", false);
    const alicesExtend = await child(alice.id, "Alice extend", true);
    const trashed = await child(alice.id, "Alice trashed", true);
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
    return { parent, bobsRemix, bobsPrivate, alicesExtend };
  }
  const titles = (page: ChildrenPage) => page.clips.map((clip) => clip.title).sort();

  it.each<[Viewer, string[]]>([
    ["owner", ["Alice extend", "Bob remix"]],
    ["other user", ["Alice extend", "Bob private", "Bob remix"]],
    ["anonymous", ["Alice extend", "Bob remix"]],
  ])("lists the children the %s may see, and counts them alike", async (viewer, expected) => {
    const { parent } = await family();
    const children = await clientOf(viewer).get<ChildrenPage>(
      `/api/clips/direct_children?clip_id=${parent.id}`,
    );
    expect(children.status).toBe(200);
    expect(titles(children.body)).toEqual(expected);
    expect(children.body).toMatchObject({
      num_total_results: expected.length,
      current_page: 1,
      has_more: false,
    });
    const count = await clientOf(viewer).get(`/api/clips/direct_children_count?clip_id=${parent.id}`);
    expect(count.body).toEqual({ count: expected.length });
  });

  it.each<[Viewer, string[]]>([
    ["owner", ["Bob remix"]],
    ["other user", ["Bob private", "Bob remix"]],
    ["anonymous", ["Bob remix"]],
  ])("lists other people's remixes for the %s, not the owner's own", async (viewer, expected) => {
    const { parent } = await family();
    const remixes = await clientOf(viewer).get<ChildrenPage>(
      `/api/clips/user_remixes_for_clip/?clip_id=${parent.id}`,
    );
    expect(titles(remixes.body)).toEqual(expected);
  });

  it("lists the signed-in viewer's own children; anonymous is asked to sign in", async () => {
    const { parent } = await family();
    const path = `/api/clips/direct_children_by_user/?clip_id=${parent.id}`;
    expect(titles((await alice.client.get<ChildrenPage>(path)).body)).toEqual(["Alice extend"]);
    expect(titles((await bob.client.get<ChildrenPage>(path)).body)).toEqual(["Bob private", "Bob remix"]);
    expect((await server.client().get(path)).status).toBe(401);
  });

  it("pages children 20 at a time, newest first", async () => {
    const parent = await newTestClip(db(), { userId: alice.id, title: "Popular", isPublic: true });
    for (let index = 0; index < 22; index += 1)
      await newTestClip(db(), {
        userId: bob.id,
        title: `Remix ${index}`,
        isPublic: true,
        rootClipId: parent.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    const first = await bob.client.get<ChildrenPage>(`/api/clips/direct_children?clip_id=${parent.id}`);
    expect(first.body.clips).toHaveLength(20);
    expect(first.body.clips[0]?.title).toBe("Remix 21");
    expect(first.body).toMatchObject({ num_total_results: 22, has_more: true });
    const second = await bob.client.get<ChildrenPage>(
      `/api/clips/direct_children?clip_id=${parent.id}&page=2`,
    );
    expect(second.body.clips.map((clip) => clip.title)).toEqual(["Remix 1", "Remix 0"]);
    expect(second.body.has_more).toBe(false);
    const small = await bob.client.get<ChildrenPage>(
      `/api/clips/direct_children?clip_id=${parent.id}&page_size=5`,
    );
    expect(small.body.clips).toHaveLength(5);
  });

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "gives the %s a public child's parent",
    async (viewer) => {
      const { parent, bobsRemix } = await family();
      const answer = await clientOf(viewer).get<ParentResponse>(`/api/clips/parent?clip_id=${bobsRemix.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body.parent?.id).toBe(parent.id);
      const original = await clientOf(viewer).get<ParentResponse>(`/api/clips/parent?clip_id=${parent.id}`);
      expect(original.body).toEqual({ parent: null });
    },
  );

  it("reads a parent hidden from the viewer as none, naming nothing of it", async () => {
    const hidden = await newTestClip(db(), { userId: alice.id, title: "Secret original", isPublic: false });
    const remix = await newTestClip(db(), {
      userId: bob.id,
      title: "Open remix",
      isPublic: true,
      rootClipId: hidden.id,
    });
    const asBob = await bob.client.get<ParentResponse>(`/api/clips/parent?clip_id=${remix.id}`);
    expect(asBob.body).toEqual({ parent: null });
    expect(
      JSON.stringify((await server.client().get(`/api/clips/parent?clip_id=${remix.id}`)).body),
    ).not.toContain("Secret");
    const asAlice = await alice.client.get<ParentResponse>(`/api/clips/parent?clip_id=${remix.id}`);
    expect(asAlice.body.parent?.title).toBe("Secret original");
  });

  it.each<Viewer>(["other user", "anonymous"])(
    "answers 404 for another's private song to the %s",
    async (viewer) => {
      const hidden = await newTestClip(db(), { userId: alice.id, title: "Private", isPublic: false });
      for (const call of ["direct_children", "direct_children_count", "user_remixes_for_clip/", "parent"]) {
        const answer = await clientOf(viewer).get(`/api/clips/${call}?clip_id=${hidden.id}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ detail: "Clip not found" });
      }
      expect((await alice.client.get(`/api/clips/direct_children?clip_id=${hidden.id}`)).status).toBe(200);
    },
  );

  it("refuses a malformed id and a page size over 20", async () => {
    const bad = await bob.client.get<{ detail: string }>("/api/clips/direct_children?clip_id=nope");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("Clip ids are UUIDs");
    const { parent } = await family();
    const big = await bob.client.get<{ detail: string }>(
      `/api/clips/direct_children?clip_id=${parent.id}&page_size=21`,
    );
    expect(big.status).toBe(400);
    expect(big.body.detail).toContain("page_size is from 1 to 20");
  });
});
