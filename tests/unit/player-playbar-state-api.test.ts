import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  type PlaybarState,
  type PlaybarStateResponse,
  playbarStateResponseSchema,
} from "../../src/shared/api/playbar-state.ts";
import { newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const PATH = "/api/music_player/playbar_state";

const state = (overrides: Partial<PlaybarState> = {}): PlaybarState => ({
  playbar_state: "paused",
  song_index: 1,
  song_play_time: 42.5,
  repeat_state: "all",
  action_time: "2026-11-27T02:00:00.000Z",
  song_ids_in_queue: ["a1", "b2", "c3"],
  volume: 0.6,
  device_id: "tab-1",
  device_type: "web",
  context_id: "w1",
  context_type: "workspace",
  ...overrides,
});

describe.each(BACKENDS)("playbar state on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const save = (user: TestUser, body: unknown) => user.client.post<PlaybarStateResponse>(PATH, body);
  const read = async (user: TestUser) => {
    const answer = await user.client.get<PlaybarStateResponse>(PATH);
    expect(answer.status).toBe(200);
    return playbarStateResponseSchema.parse(answer.body).state;
  };

  it("is empty before the first save, then answers the owner's state with every field", async () => {
    const user = await newTestUser(db(), server.client());
    expect(await read(user)).toBeNull();
    const saved = await save(user, state());
    expect(saved.status).toBe(200);
    expect(saved.body.state).toEqual(state());
    expect(await read(user)).toEqual(state());
  });

  it("keeps each user's own: another user neither sees nor changes it", async () => {
    await save(alice, state({ device_id: "alice's" }));
    await save(bob, state({ device_id: "bob's", action_time: "2026-11-27T02:30:00.000Z" }));
    expect((await read(alice))?.device_id).toBe("alice's");
    expect((await read(bob))?.device_id).toBe("bob's");
  });

  it("lets the latest action win: an older save does not replace a newer one", async () => {
    const user = await newTestUser(db(), server.client());
    await save(user, state({ device_id: "tab-2", action_time: "2026-11-27T02:10:00.000Z" }));
    const older = await save(user, state({ device_id: "tab-1", action_time: "2026-11-27T02:05:00.000Z" }));
    expect(older.status).toBe(200);
    expect(older.body.state?.device_id).toBe("tab-2");
    await save(user, state({ device_id: "tab-1", action_time: "2026-11-27T02:11:00.000Z" }));
    expect((await read(user))?.device_id).toBe("tab-1");
  });

  it("refuses bad input with a clear error and keeps what it had", async () => {
    const user = await newTestUser(db(), server.client());
    await save(user, state());
    for (const bad of [
      state({ volume: 2 }),
      state({ repeat_state: "twice" as "one" }),
      state({ song_index: -1 }),
      state({ action_time: "yesterday" }),
      { ...state(), playbar_state: undefined },
      "not json at all",
    ]) {
      const answer = await save(user, bad);
      expect(answer.status).toBe(400);
      expect(typeof (answer.body as unknown as { detail: unknown }).detail).toBe("string");
    }
    expect(await read(user)).toEqual(state());
  });

  it("keeps a queue of 10,000 songs", async () => {
    const user = await newTestUser(db(), server.client());
    const ids = Array.from({ length: 10_000 }, (_, index) => `clip-${index}`);
    expect((await save(user, state({ song_ids_in_queue: ids }))).status).toBe(200);
    expect((await read(user))?.song_ids_in_queue).toHaveLength(10_000);
  });

  it("answers none for a state stored by another version of the app", async () => {
    const user = await newTestUser(db(), server.client());
    await save(user, state());
    await sql`update playbar_states set state = '{"version": 0, "queue": 3}'::jsonb where user_id = ${user.id}`.execute(
      db(),
    );
    expect(await read(user)).toBeNull();
  });

  it("asks to sign in", async () => {
    const anonymous = server.client();
    expect((await anonymous.get(PATH)).status).toBe(401);
    expect((await anonymous.post(PATH, state())).status).toBe(401);
  });
});
