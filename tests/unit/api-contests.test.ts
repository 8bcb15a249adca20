// Contests on both databases: staff open one on public songs; a remix of a base song enters by
// publishing or pinning with submit_to_contest (anything else is refused); the contest page ranks
// entries by likes, then plays; entries are locked to their owners, base songs are not remastered.

import { describe, expect, it } from "vitest";
import { type Clip, clipSchema } from "../../src/shared/api/clips.ts";
import {
  CONTEST_MESSAGES,
  contestPageResponseSchema,
  contestSchema,
  contestsResponseSchema,
  isContestClipResponseSchema,
} from "../../src/shared/api/contests.ts";
import { newClipWithAudio, newTestClip, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

describe.each(BACKENDS)("contests on %s", (backend) => {
  const { server, db, users } = startApiServerWithUsers(
    backend,
    { staff: { isStaff: true }, host: { plan: "pro" }, alice: { plan: "pro" }, bob: {} },
    { generator: () => new SineSongGenerator() },
  );
  const song = (userId: string, extra: Omit<Parameters<typeof newTestClip>[1], "userId"> = {}) =>
    newTestClip(db(), { userId, title: "Song", isPublic: true, status: "complete", ...extra });
  const open = (body: unknown) => users.staff.client.post("/api/contests/", body);

  it("lets staff, and only staff, open a contest on public finished songs, listed while it runs", async () => {
    const base = await song(users.host.id);
    const hidden = await song(users.host.id, { isPublic: false });
    const opened = await open({ name: "Sea songs", rules: "Remix it.", base_clip_ids: [base.id] });
    expect(opened.status).toBe(200);
    const contest = contestSchema.parse(opened.body);
    expect(contest).toMatchObject({
      name: "Sea songs",
      rules: "Remix it.",
      base_clip_ids: [base.id],
      entry_count: 0,
    });
    expect(
      (await users.alice.client.post("/api/contests/", { name: "x", base_clip_ids: [base.id] })).status,
    ).toBe(403);
    expect(
      (await server.client().post("/api/contests/", { name: "x", base_clip_ids: [base.id] })).status,
    ).toBe(401);
    const cases: [unknown, string][] = [
      [{ name: "x", base_clip_ids: [hidden.id] }, CONTEST_MESSAGES.baseClipUnusable],
      [{ name: " ", base_clip_ids: [base.id] }, "Name the contest"],
      [{ name: "x", base_clip_ids: [] }, "Give the contest a song"],
      [{ name: "x", base_clip_ids: [base.id], end_time: "2001-01-01T00:00:00Z" }, CONTEST_MESSAGES.endInPast],
      [{ name: "x", base_clip_ids: [base.id], end_time: "soon" }, "end_time must be an ISO 8601 date-time"],
    ];
    for (const [body, detail] of cases) {
      const refused = await open(body);
      expect({ body, status: refused.status }).toEqual({ body, status: 400 });
      expect((refused.body as { detail: string }).detail).toContain(detail);
    }
    const listed = contestsResponseSchema.parse((await server.client().get("/api/contests/")).body);
    expect(listed.contests.map((c) => c.id)).toContain(contest.id);
    // The base song says so, in its fields and by the contest call.
    const fields = clipSchema.parse((await users.bob.client.get(`/api/clip/${base.id}`)).body);
    expect(fields.is_contest_base_clip).toBe(true);
    const isContest = isContestClipResponseSchema.parse(
      (await users.bob.client.get(`/api/contests/is_contest_clip/${base.id}/`)).body,
    );
    expect(isContest.is_contest_clip).toBe(true);
    // Ended by staff (is_active off): no longer listed, and its base song no longer one.
    await db().updateTable("contests").set({ is_active: false }).where("id", "=", contest.id).execute();
    const after = contestsResponseSchema.parse((await server.client().get("/api/contests/")).body);
    expect(after.contests.map((c) => c.id)).not.toContain(contest.id);
    expect(
      clipSchema.parse((await users.bob.client.get(`/api/clip/${base.id}`)).body).is_contest_base_clip,
    ).toBe(false);
  });

  it("enters remixes of a base song by publishing or pinning, ranks them, and locks them to their owners", async () => {
    const { row: base } = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: users.host.id, title: "Harbour", isPublic: true, modelName: "chirp-v4" },
      { channels: testAudio(8000), sampleRate: 8000 },
    );
    const contest = contestSchema.parse(
      (await open({ name: "Harbour remix", base_clip_ids: [base.id] })).body,
    );
    const cover = (userId: string, title: string) =>
      song(userId, { title, isPublic: false, metadata: { cover_clip_id: base.id, can_remix: true } });
    const first = await cover(users.alice.id, "Alice's take");
    const second = await cover(users.bob.id, "Bob's take");
    const unrelated = await song(users.bob.id, { isPublic: false, title: "Other" });

    const publish = (user: typeof users.alice, id: string) =>
      user.client.post<Clip>(`/api/gen/${id}/set_visibility/`, { is_public: true, submit_to_contest: true });
    const published = await publish(users.alice, first.id);
    expect(published.status).toBe(200);
    expect(published.body.is_contest_clip).toBe(true);
    const refused = await publish(users.bob, unrelated.id);
    expect([refused.status, refused.body]).toEqual([409, { detail: CONTEST_MESSAGES.notARemix }]);
    // Bob's take enters by a pin with submit_to_contest, once public.
    await users.bob.client.post(`/api/gen/${second.id}/set_visibility/`, { is_public: true });
    const pinned = await users.bob.client.post(`/api/profiles/pin-clip/${second.id}`, {
      submit_to_contest: true,
    });
    expect(pinned.status).toBe(200);
    // Someone else's song cannot be entered: it is not theirs.
    expect((await publish(users.bob, first.id)).status).toBe(404);

    // Ranked by likes: the host likes Bob's take, which goes first.
    await users.host.client.post(`/api/gen/${second.id}/update_reaction_type/`, { reaction: "L" });
    const page = contestPageResponseSchema.parse(
      (await server.client().get(`/api/contests/${contest.id}/`)).body,
    );
    expect(page.contest.entry_count).toBe(2);
    expect(page.base_clips.map((clip) => clip.id)).toEqual([base.id]);
    expect(page.entries.map((clip) => clip.title)).toEqual(["Bob's take", "Alice's take"]);
    expect(page.has_more).toBe(false);
    // A private entry leaves the page (going private clears its contests).
    await users.alice.client.post(`/api/gen/${first.id}/set_visibility/`, { is_public: false });
    const fewer = contestPageResponseSchema.parse(
      (await server.client().get(`/api/contests/${contest.id}/`)).body,
    );
    expect(fewer.entries.map((clip) => clip.title)).toEqual(["Bob's take"]);

    // Entries are locked to their owners; base songs are not remastered.
    await db().updateTable("users").set({ credits: 100 }).where("id", "=", users.alice.id).execute();
    const remix = await users.alice.client.post("/api/generate/v2/", {
      task: "cover",
      cover_clip_id: second.id,
      tags: "pop",
      make_instrumental: true,
    });
    expect([remix.status, remix.body]).toEqual([403, { detail: CONTEST_MESSAGES.entriesLocked }]);
    const remaster = await users.host.client.post("/api/generate/upsample/", { clip_id: base.id });
    expect(remaster.status).toBe(400);
    expect((remaster.body as { detail: string }).detail).toBe("Contest songs cannot be remastered");

    // Unknown and malformed contests.
    expect((await server.client().get("/api/contests/00000000-0000-4000-8000-000000000000/")).status).toBe(
      404,
    );
    expect((await server.client().get("/api/contests/nope/")).status).toBe(400);
    expect((await server.client().get(`/api/contests/${contest.id}/?page=-1`)).status).toBe(400);
  });
});
