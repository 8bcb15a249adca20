import { describe, expect, it } from "vitest";
import { type LiveRadioSongList, liveRadioSongListSchema } from "../../src/shared/api/radio.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

/** Songs made before the current programme hour began, so its pool holds them. */
const BEFORE_THIS_HOUR = new Date(Date.now() - 2 * 3_600_000);

describe.each(BACKENDS)("the live radio station on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (userId: string, title: string, isPublic: boolean, duration: number) =>
    newTestClip(db(), {
      userId,
      title,
      status: "complete",
      audioKey: "a.wav",
      isPublic,
      metadata: { tags: "radio", duration },
      createdAt: BEFORE_THIS_HOUR,
    });
  const songList = (user: TestUser | null, station = "main") =>
    (user?.client ?? server.client()).get<LiveRadioSongList>(`/api/living_radio/${station}/song-list`);

  it("answers everyone the same programme of public songs, from the one playing now, end to end", async () => {
    const shown = [await song(alice.id, "Air One", true, 40), await song(bob.id, "Air Two", true, 50)];
    const hidden = await song(alice.id, "Off Air", false, 45);
    const answers = await Promise.all([songList(alice), songList(bob), songList(null)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const [owner, other, anonymous] = answers.map((answer) => liveRadioSongListSchema.parse(answer.body));
    const list = owner as LiveRadioSongList;
    const programme = (answer: LiveRadioSongList | undefined) =>
      answer?.items.map((item) => [item.song_id, item.start_time]) ?? [];
    // Asked within the same song, all three get the same list (a song boundary between two calls
    // would only move it by one song).
    expect(programme(other)[1]).toEqual(programme(list)[1]);
    expect(programme(anonymous)[1]).toEqual(programme(list)[1]);

    const ids = new Set(list.items.map((item) => item.song_id));
    for (const clip of shown) expect(ids).toContain(clip.id);
    expect(ids).not.toContain(hidden.id);
    expect(list.items.length).toBeGreaterThanOrEqual(3);
    const now = Date.parse(list.server_time);
    const first = list.items[0] as LiveRadioSongList["items"][number];
    expect(Date.parse(first.start_time)).toBeLessThanOrEqual(now);
    expect(Date.parse(first.start_time) + first.duration * 1000).toBeGreaterThan(now);
    for (const [at, item] of list.items.entries()) {
      const previous = list.items[at - 1];
      if (previous === undefined) continue;
      // End to end: each starts where the one before ends.
      expect(Date.parse(item.start_time)).toBeCloseTo(
        Date.parse(previous.start_time) + previous.duration * 1000,
        -1,
      );
      expect(item.song_url).toContain(item.song_id);
    }
  });

  it("answers 404 for a station there is not, 400 for a malformed id", async () => {
    const unknown = await songList(alice, "elsewhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Station not found" });
    const malformed = await songList(null, "NOT_A_STATION");
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain("Station ids are lowercase letters, digits and dashes");
  });
});
