// POST /api/generate/merge/ on both databases: the owner's songs joined, in order, into a finished
// new song whose audio is theirs one after another (a song at another rate resampled); another
// user gets 404 for private songs and 403 for public ones, the signed out 401, and nothing is made;
// bad input (one song, the same song twice, too many, trashed or unfinished songs) is a 4xx {detail}.

import { describe, expect, it } from "vitest";
import { readStored } from "../../src/server/clips/clip-audio.ts";
import { MERGE_FADE_SECONDS } from "../../src/server/clips/merge-audio.ts";
import { type Clip, clipSchema } from "../../src/shared/api/clips.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { newClipWithAudio, newTestClip, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 48_000;
const PATH = "/api/generate/merge/";

describe.each(BACKENDS)("merging songs on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const song = (title: string, seconds: number, extra: { isPublic?: boolean; rate?: number } = {}) =>
    newClipWithAudio(
      db(),
      server.storage(),
      {
        userId: alice.id,
        title,
        status: "complete",
        isPublic: extra.isPublic ?? false,
        metadata: { type: "gen", tags: "folk", duration: seconds },
      },
      { channels: testAudio(Math.round(seconds * (extra.rate ?? RATE))), sampleRate: extra.rate ?? RATE },
    );
  const clipCount = async () =>
    Number(
      (
        await db()
          .selectFrom("clips")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("joins the owner's songs in order into a finished song of their audio", async () => {
    const { row: first } = await song("Morning", 0.5);
    const { row: second } = await song("Evening", 0.25);
    const answer = await alice.client.post<Clip>(PATH, { clip_ids: [first.id, second.id] });
    expect(answer.status).toBe(200);
    const merged = clipSchema.parse(answer.body);
    expect(merged).toMatchObject({ status: "complete", title: "Morning", user_id: alice.id });
    expect(merged.metadata).toMatchObject({
      type: "concat",
      concat_history: [
        { id: first.id, type: "gen" },
        { id: second.id, type: "gen" },
      ],
    });
    const fade = Math.round(MERGE_FADE_SECONDS * RATE);
    const stored = await db()
      .selectFrom("clips")
      .select("audio_key")
      .where("id", "=", merged.id)
      .executeTakeFirstOrThrow();
    const bytes = await readStored(server.storage(), stored.audio_key ?? "");
    const audio = decodeWav(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(audio.sampleRate).toBe(RATE);
    expect(audio.channels[0].length).toBe(0.75 * RATE - fade);
    expect(merged.metadata.duration).toBeCloseTo((0.75 * RATE - fade) / RATE, 6);
    // The first song as it was up to the join, then the second from the end of the fade on.
    const [left] = testAudio(0.5 * RATE);
    const [secondLeft] = testAudio(0.25 * RATE);
    for (const i of [0, 1000, 0.5 * RATE - fade - 1]) expect(audio.channels[0][i]).toBeCloseTo(left[i], 4);
    for (const i of [fade, 5000, 0.25 * RATE - 1])
      expect(audio.channels[0][0.5 * RATE - fade + i]).toBeCloseTo(secondLeft[i], 4);
  });

  it("resamples a song at another rate to the others'", async () => {
    const { row: first } = await song("Full rate", 0.25);
    const { row: low } = await song("Low rate", 0.5, { rate: 8000 });
    const answer = await alice.client.post<Clip>(PATH, { clip_ids: [first.id, low.id] });
    expect(answer.status).toBe(200);
    expect(clipSchema.parse(answer.body).metadata.duration).toBeCloseTo(0.75 - MERGE_FADE_SECONDS, 2);
  });

  it("answers another user 404 for private songs and 403 for public ones, the signed out 401; nothing made", async () => {
    const { row: a } = await song("Mine A", 0.1);
    const { row: b } = await song("Mine B", 0.1);
    const { row: c } = await song("Open A", 0.1, { isPublic: true });
    const { row: d } = await song("Open B", 0.1, { isPublic: true });
    const before = await clipCount();
    const hidden = await bob.client.post(PATH, { clip_ids: [a.id, b.id] });
    expect([hidden.status, hidden.body]).toEqual([404, { detail: `Clip ${a.id} not found` }]);
    const open = await bob.client.post(PATH, { clip_ids: [c.id, d.id] });
    expect([open.status, open.body]).toEqual([403, { detail: "You can only build on your own songs" }]);
    expect((await server.client().post(PATH, { clip_ids: [a.id, b.id] })).status).toBe(401);
    expect(await clipCount()).toBe(before);
  });

  it("refuses one song, the same song twice, too many, and trashed or unfinished songs", async () => {
    const { row: a } = await song("One", 0.1);
    const { row: trashed } = await song("Binned", 0.1);
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
    const rendering = await newTestClip(db(), { userId: alice.id, title: "Rendering", status: "streaming" });
    const before = await clipCount();
    const cases: [unknown, number, RegExp][] = [
      [{ clip_ids: [a.id] }, 400, /Merge needs at least 2 songs/],
      [{ clip_ids: [a.id, a.id] }, 400, /Each song can be merged once/],
      [{ clip_ids: Array.from({ length: 11 }, () => crypto.randomUUID()) }, 400, /at most 10 songs/],
      [{ clip_ids: [a.id, "not-an-id"] }, 400, /Clip ids are UUIDs/],
      [{ clip_ids: [a.id, trashed.id] }, 409, /in the trash/],
      [{ clip_ids: [a.id, rendering.id] }, 409, /not finished yet/],
    ];
    for (const [body, status, detail] of cases) {
      const answer = await alice.client.post<{ detail: string }>(PATH, body);
      expect(answer.status).toBe(status);
      expect(answer.body.detail).toMatch(detail);
    }
    expect(await clipCount()).toBe(before);
  });
});
