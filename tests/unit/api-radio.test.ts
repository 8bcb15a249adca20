import { describe, expect, it } from "vitest";
import { type RadioResponse, radioResponseSchema } from "../../src/shared/api/radio.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("song radio on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (userId: string, tags: string, isPublic = true) =>
    newTestClip(db(), { userId, status: "complete", audioKey: "a.wav", isPublic, metadata: { tags } });
  const radio = (user: TestUser | null, tag: string, query: Record<string, string>) =>
    (user?.client ?? server.client()).get<RadioResponse>(`/api/radio/${tag}/?${new URLSearchParams(query)}`);
  const ids = (answer: { body: RadioResponse }) =>
    radioResponseSchema.parse(answer.body).clips.map((c) => c.id);

  it("plays songs of the style like the seed first, leaves out the excluded, the seed and private songs", async () => {
    const seed = await song(alice.id, "sea shanty, D minor");
    const twin = await song(bob.id, "sea shanty, D minor");
    const cousin = await song(bob.id, "sea shanty");
    const heard = await song(bob.id, "sea shanty");
    const hidden = await song(bob.id, "sea shanty", false);
    const answer = await radio(alice, "sea shanty", { clip_id: seed.id, exclude_clip_ids: heard.id });
    expect(answer.status).toBe(200);
    const found = ids(answer);
    expect(found.slice(0, 2)).toEqual([twin.id, cousin.id]);
    for (const left of [seed.id, heard.id, hidden.id]) expect(found).not.toContain(left);
    expect(ids(await radio(null, "sea shanty", { clip_id: seed.id }))).not.toContain(hidden.id);
    // A private seed of someone else is as unknown: the style alone leads.
    const privateSeed = await song(bob.id, "sea shanty", false);
    const asAlice = await radio(alice, "sea shanty", { clip_id: privateSeed.id });
    expect(asAlice.status).toBe(200);
    expect(ids(asAlice)).not.toContain(privateSeed.id);
  });

  it("refuses bad input with a clear detail", async () => {
    const tooMany = Array.from({ length: 201 }, (_, at) => `c${at}`).join(",");
    const answer = await radio(alice, "pop", { exclude_clip_ids: tooMany });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain("Leave out at most 200 songs");
    expect((await radio(alice, "pop", { clip_id: "nope" })).status).toBe(400);
  });
});
