import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  ON_REPEAT_DAYS,
  type OnRepeatResponse,
  onRepeatResponseSchema,
} from "../../src/shared/api/on-repeat.ts";
import {
  newTestClip,
  startApiServerWithUsers,
  type TestUser,
  type Viewer,
  viewerClients,
} from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the on-repeat list on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob, carol },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {}, carol: {} });
  const as = viewerClients(server, alice, bob);

  const song = (userId: string, isPublic = true) =>
    newTestClip(db(), { userId, status: "complete", audioKey: "a.wav", isPublic });
  const listen = (user: TestUser, clipId: string) =>
    user.client.post<{ plays: number }>("/api/music_player/listens/", { clip_id: clipId });
  const listenTimes = async (user: TestUser, clipId: string, times: number) => {
    for (let at = 0; at < times; at++) expect((await listen(user, clipId)).status).toBe(200);
  };
  const list = async (user: TestUser) => {
    const answer = await user.client.get<OnRepeatResponse>("/api/playlist/on_repeat/");
    expect(answer.status).toBe(200);
    return onRepeatResponseSchema.parse(answer.body);
  };
  const ids = async (user: TestUser) => (await list(user)).playlist_clips.map((entry) => entry.clip.id);

  it.each<[Viewer, number]>([
    ["owner", 200],
    ["other user", 404],
    ["anonymous", 401],
  ])("records a listen of the owner's private song for the %s: %i", async (viewer, status) => {
    const mine = await song(alice.id, false);
    const answer = await as(viewer).post<{ plays?: number; detail?: string }>("/api/music_player/listens/", {
      clip_id: mine.id,
    });
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.body.plays).toBe(1);
    else expect(typeof answer.body.detail).toBe("string");
  });

  it.each<[Viewer, number]>([
    ["owner", 200],
    ["other user", 200],
    ["anonymous", 401],
  ])("answers the list to the %s (%i), each their own", async (viewer, status) => {
    const mine = await song(alice.id, false);
    await listenTimes(alice, mine.id, 2);
    const answer = await as(viewer).get<OnRepeatResponse & { detail?: string }>("/api/playlist/on_repeat/");
    expect(answer.status).toBe(status);
    if (status !== 200) {
      expect(answer.body.detail).toBe("Sign in to continue");
      return;
    }
    const found = onRepeatResponseSchema.parse(answer.body).playlist_clips.map((entry) => entry.clip.id);
    if (viewer === "owner") expect(found).toContain(mine.id);
    else expect(found).not.toContain(mine.id);
  });

  it("ranks songs heard twice or more, most plays first, then the latest heard", async () => {
    const [once, twice, thrice, twiceLater] = await Promise.all([
      song(bob.id),
      song(bob.id),
      song(alice.id),
      song(bob.id),
    ]);
    await listenTimes(carol, once.id, 1);
    await listenTimes(carol, twice.id, 2);
    await listenTimes(carol, thrice.id, 3);
    await listenTimes(carol, twiceLater.id, 2);
    const answer = await list(carol);
    expect(answer.playlist_clips.map((entry) => [entry.clip.id, entry.plays, entry.relative_index])).toEqual([
      [thrice.id, 3, 0],
      [twiceLater.id, 2, 1],
      [twice.id, 2, 2],
    ]);
    expect(answer.num_total_results).toBe(3);
    expect((await listen(carol, once.id)).body.plays).toBe(2);
    expect(await ids(carol)).toContain(once.id);
  });

  it("counts only the last weeks' plays", async () => {
    const old = await song(bob.id);
    await db()
      .insertInto("listener_plays")
      .values({
        user_id: alice.id,
        clip_id: old.id,
        day: sql`current_date - ${sql.lit(ON_REPEAT_DAYS)}`,
        plays: 9,
      })
      .execute();
    await listenTimes(alice, old.id, 1);
    expect(await ids(alice)).not.toContain(old.id);
    await db()
      .insertInto("listener_plays")
      .values({
        user_id: alice.id,
        clip_id: old.id,
        day: sql`current_date - ${sql.lit(ON_REPEAT_DAYS - 1)}`,
        plays: 1,
      })
      .execute();
    expect(await ids(alice)).toContain(old.id);
  });

  it("leaves out songs marked Not Interested (back after Undo) and songs their owner made private", async () => {
    const [liked, hidden] = await Promise.all([song(alice.id), song(alice.id)]);
    await listenTimes(bob, liked.id, 2);
    await listenTimes(bob, hidden.id, 2);
    expect(await ids(bob)).toEqual(expect.arrayContaining([liked.id, hidden.id]));
    const mark = { feedback_type: "not_interested" };
    expect((await bob.client.post(`/api/recommend/feedback/song/${liked.id}`, mark)).status).toBe(200);
    expect(await ids(bob)).not.toContain(liked.id);
    expect(
      (await bob.client.request("DELETE", `/api/recommend/feedback/song/${liked.id}`, mark)).status,
    ).toBe(200);
    expect(await ids(bob)).toContain(liked.id);
    await db().updateTable("clips").set({ is_public: false }).where("id", "=", hidden.id).execute();
    expect(await ids(bob)).not.toContain(hidden.id);
    // The owner still has it: their own songs are theirs to hear.
    await listenTimes(alice, hidden.id, 2);
    expect(await ids(alice)).toContain(hidden.id);
  });

  it("refuses a listen of no song with a clear detail", async () => {
    const bad = await listen(alice, "nope");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Clip ids are UUIDs");
    const missing = await listen(alice, "00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
  });
});
