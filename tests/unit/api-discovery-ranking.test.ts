import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { trendingCreators } from "../../src/server/discovery/creators.ts";
import { trendingSongs } from "../../src/server/discovery/trending-songs.ts";
import { logAddExp, scoreAt, signalHeat, TRENDING_WEIGHTS } from "../../src/shared/discovery/trending.ts";
import { newTestClip, newTestUser, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const DAY = 86_400_000;

describe.each(BACKENDS)("trending on %s", (backend) => {
  const {
    server,
    db,
    users: { alice },
  } = startApiServerWithUsers(backend, { alice: {} });

  /** A genre of its own per test, so tests do not see each other's songs. */
  let genres = 0;
  const genreTag = () => ["metal", "jazz", "reggae", "country", "ambient", "latin", "trap"][genres++ % 7];

  const likers = async (count: number) =>
    Promise.all(Array.from({ length: count }, () => newTestUser(db(), server.client())));

  async function like(clipId: string, userIds: readonly string[], at: Date) {
    for (const userId of userIds) {
      await db()
        .insertInto("clip_reactions")
        .values({ user_id: userId, clip_id: clipId, reaction_type: "L", created_at: sql`${at}` })
        .execute();
    }
  }

  const heatOf = async (clipId: string) =>
    (
      await db()
        .selectFrom("clip_scores")
        .select("heat")
        .where("clip_id", "=", clipId)
        .executeTakeFirstOrThrow()
    ).heat;

  it("ranks a fresh song with many likes above an old one with more", async () => {
    const genre = genreTag();
    const now = Date.now();
    const people = await likers(12);
    const old = await newTestClip(db(), {
      userId: alice.id,
      isPublic: true,
      title: "Old hit",
      metadata: { tags: genre },
      createdAt: new Date(now - 10 * DAY),
    });
    await like(
      old.id,
      people.map((p) => p.id),
      new Date(now - 10 * DAY),
    );
    const fresh = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { tags: genre } });
    await like(
      fresh.id,
      people.slice(0, 5).map((p) => p.id),
      new Date(now),
    );
    const quiet = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { tags: genre } });
    const ranked = await trendingSongs(db(), null, { offset: 0, limit: 10, genres: [genre] });
    expect(ranked.map((clip) => clip.id)).toEqual([fresh.id, quiet.id, old.id]);
  });

  it("decays: the same likes count for less the older they are", async () => {
    const genre = genreTag();
    const now = Date.now();
    const people = await likers(3);
    const clips = [];
    for (const daysAgo of [4, 1, 2]) {
      const clip = await newTestClip(db(), {
        userId: alice.id,
        isPublic: true,
        metadata: { tags: `${genre}, dreamy` },
        createdAt: new Date(now - daysAgo * DAY),
      });
      await like(
        clip.id,
        people.map((p) => p.id),
        new Date(now - daysAgo * DAY),
      );
      clips.push(clip);
    }
    const ranked = await trendingSongs(db(), null, { offset: 0, limit: 10, genres: [genre] });
    expect(ranked.map((clip) => clip.id)).toEqual([clips[1]?.id, clips[2]?.id, clips[0]?.id]);
    // The stored heat is the formula's: a new song's weight plus three likes, at their times.
    const at = (now - 2 * DAY) / 1000;
    const expected = [0, 1, 2, 3].reduce(
      (heat, i) => (i === 0 ? heat : logAddExp(heat, signalHeat(TRENDING_WEIGHTS.like, at))),
      signalHeat(TRENDING_WEIGHTS.created, at),
    );
    const stored = await heatOf(String(clips[2]?.id));
    expect(scoreAt(stored, now / 1000)).toBeCloseTo(scoreAt(expected, now / 1000), 3);
  });

  it("counts plays and remixes by others, and withdraws an unlike", async () => {
    const genre = genreTag();
    const bob = await newTestUser(db(), server.client());
    const song = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { tags: genre } });
    const base = await heatOf(song.id);
    const played = await bob.client.post(`/api/gen/${song.id}/increment_play_count/`);
    expect(played.status).toBe(200);
    const afterPlay = await heatOf(song.id);
    expect(afterPlay).toBeGreaterThan(base);
    // Alice's own extend of her song is no signal; Bob's cover is.
    await newTestClip(db(), { userId: alice.id, metadata: { cover_clip_id: song.id } });
    expect(await heatOf(song.id)).toBeCloseTo(afterPlay, 9);
    await newTestClip(db(), { userId: bob.id, metadata: { cover_clip_id: song.id } });
    const afterRemix = await heatOf(song.id);
    expect(afterRemix).toBeGreaterThan(afterPlay);
    const liked = await bob.client.post(`/api/gen/${song.id}/update_reaction_type/`, { reaction: "L" });
    expect(liked.status).toBe(200);
    expect(await heatOf(song.id)).toBeGreaterThan(afterRemix);
    await bob.client.post(`/api/gen/${song.id}/update_reaction_type/`, { reaction: null });
    expect(await heatOf(song.id)).toBeCloseTo(afterRemix, 6);
  });

  it("counts comments by others, not the owner's own, and withdraws a deleted one", async () => {
    const genre = genreTag();
    const bob = await newTestUser(db(), server.client());
    const song = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { tags: genre } });
    const base = await heatOf(song.id);
    const own = await alice.client.post(`/api/gen/${song.id}/comment`, { content: "Thanks all" });
    expect(own.status).toBe(201);
    expect(await heatOf(song.id)).toBeCloseTo(base, 9);
    const other = await bob.client.post<{ id: string }>(`/api/gen/${song.id}/comment`, { content: "Lovely" });
    expect(other.status).toBe(201);
    const commented = await heatOf(song.id);
    expect(commented).toBeCloseTo(
      logAddExp(base, signalHeat(TRENDING_WEIGHTS.comment, Date.now() / 1000)),
      3,
    );
    expect((await bob.client.request("DELETE", `/api/comment/${other.body.id}`)).status).toBe(200);
    expect(await heatOf(song.id)).toBeCloseTo(base, 6);
  });

  it("leaves out, for a viewer, songs marked Not Interested and songs of people blocked either way", async () => {
    const genre = genreTag();
    const [dave, erin] = await likers(2);
    const song = (userId: string) => newTestClip(db(), { userId, isPublic: true, metadata: { tags: genre } });
    const unwanted = await song(alice.id);
    const kept = await song(alice.id);
    const daves = await song(dave.id);
    const ids = async (viewerId: string | null) =>
      (await trendingSongs(db(), viewerId, { offset: 0, limit: 10, genres: [genre] }))
        .map((c) => c.id)
        .sort();
    const body = { feedback_type: "not_interested" };
    expect((await erin.client.post(`/api/recommend/feedback/song/${unwanted.id}`, body)).status).toBe(200);
    expect((await erin.client.post("/api/comment/block-user", { handle: dave.handle })).status).toBe(200);
    expect(await ids(erin.id)).toEqual([kept.id]);
    // The blocked one no longer sees the blocker's songs either; everyone else sees all three.
    const erinsSong = await song(erin.id);
    expect(await ids(dave.id)).toEqual([unwanted.id, kept.id, daves.id].sort());
    expect(await ids(null)).toEqual([unwanted.id, kept.id, daves.id, erinsSong.id].sort());
    // Nor is the blocked person among the trending creators the blocker sees; others still see them.
    const creatorIds = async (viewerId: string | null) =>
      (await trendingCreators(db(), { limit: 1000, genres: [genre], viewerId })).map((c) => c.id);
    expect(await creatorIds(erin.id)).not.toContain(dave.id);
    expect(await creatorIds(null)).toContain(dave.id);
    // Undone, both come back.
    await erin.client.request("DELETE", `/api/recommend/feedback/song/${unwanted.id}`, body);
    await erin.client.post("/api/comment/unblock-user", { handle: dave.handle });
    expect(await ids(erin.id)).toEqual([unwanted.id, kept.id, daves.id, erinsSong.id].sort());
  });

  it("leaves out private, trashed and failed songs, and files songs under the genre named first", async () => {
    const genre = genreTag();
    const shown = await newTestClip(db(), {
      userId: alice.id,
      isPublic: true,
      metadata: { tags: `dreamy ${genre}, pop` },
    });
    await newTestClip(db(), { userId: alice.id, metadata: { tags: genre } });
    await newTestClip(db(), { userId: alice.id, isPublic: true, status: "error", metadata: { tags: genre } });
    const trashed = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { tags: genre } });
    await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
    const ranked = await trendingSongs(db(), null, { offset: 0, limit: 10, genres: [genre] });
    expect(ranked.map((clip) => clip.id)).toEqual([shown.id]);
    // Retagged, it moves to the new genre.
    await db()
      .updateTable("clips")
      .set({ metadata: sql`metadata || '{"tags": "k-pop"}'::jsonb` })
      .where("id", "=", shown.id)
      .execute();
    const moved = await db()
      .selectFrom("clip_scores")
      .select("genre")
      .where("clip_id", "=", shown.id)
      .executeTakeFirst();
    expect(moved?.genre).toBe("pop");
  });
});
