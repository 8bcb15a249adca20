import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  LYRICS_JOBS_PER_MINUTE,
  type LyricsJob,
  lyricsJobSchema,
  TOO_MANY_LYRICS_REQUESTS,
} from "../../src/shared/api/lyrics.ts";
import { newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("lyrics generation on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const start = (user: TestUser, body: object) =>
    user.client.post<{ id: string }>("/api/generate/lyrics/", body);
  /** Polls as the page does (its 4 s interval shortened): until the job leaves running. */
  async function finished(user: TestUser, id: string): Promise<LyricsJob> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const job = await user.client.get<LyricsJob>(`/api/generate/lyrics/${id}`);
      expect(job.status).toBe(200);
      if (lyricsJobSchema.parse(job.body).status !== "running") return job.body;
      await sleep(50);
    }
    throw new Error("The lyrics job did not finish");
  }

  it("writes tagged lyrics, a title and styles; the create page reads done", async () => {
    const started = await start(alice, {
      prompt: "a synthwave song about neon city nights",
      lyrics_model: "default",
      create_session_token: "session-1",
    });
    expect(started.status).toBe(200);
    expect(started.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const job = await finished(alice, started.body.id);
    expect(job.status).toBe("done");
    expect(job.error_message).toBeNull();
    // In one of synthwave's forms: each has these.
    for (const tag of ["[Verse]", "[Chorus]", "[Verse 2]", "[Bridge]"]) {
      expect(job.text).toContain(tag);
    }
    expect(job.text.toLowerCase()).toContain("neon");
    expect(job.title.length).toBeGreaterThan(0);
    expect(job.tags.split(", ")[0]).toBe("synthwave");
  });

  it("answers complete to clients that wait for that word (no create session)", async () => {
    const started = await start(alice, { prompt: "summer by the ocean" });
    const job = await finished(alice, started.body.id);
    expect(job.status).toBe("complete");
    expect(job.text).toContain("[Chorus]");
    // The trailing-slash spelling answers too.
    const slashed = await alice.client.get<LyricsJob>(`/api/generate/lyrics/${started.body.id}/`);
    expect(slashed.body).toEqual(job);
  });

  it("ends flagged and copyrighted prompts in error with the messages the page maps", async () => {
    const flagged = await finished(
      alice,
      (await start(alice, { prompt: "a song full of shit and fucking" })).body.id,
    );
    expect(flagged.status).toBe("error");
    expect(flagged.error_message).toContain("flagged for moderation");
    expect(flagged.text).toBe("");
    const artist = await finished(
      alice,
      (await start(alice, { prompt: "a love song like Taylor Swift" })).body.id,
    );
    expect(artist.status).toBe("error");
    expect(artist.error_message).toContain("copyrighted");
    expect(artist.error_message).toContain('"Taylor Swift"');
    const styled = await finished(
      alice,
      (await start(alice, { prompt: "in the style of Zorblax Quintet, about rain" })).body.id,
    );
    expect(styled.error_message).toContain('"Zorblax Quintet"');
    const tag = await finished(
      alice,
      (await start(alice, { prompt: "trap beat, metro boomin want some more" })).body.id,
    );
    expect(tag.error_message).toContain('"metro boomin"');
  });

  it("limits each user's jobs per minute with 'Too many requests'", async () => {
    const user = await newTestUser(db(), server.client());
    for (let i = 0; i < LYRICS_JOBS_PER_MINUTE; i++) {
      expect((await start(user, { prompt: `song ${i}` })).status).toBe(200);
    }
    const refused = await start(user, { prompt: "one more" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: TOO_MANY_LYRICS_REQUESTS });
    // Another user is not held back.
    expect((await start(bob, { prompt: "my own song" })).status).toBe(200);
  });

  it("finishes a job a restart left running when it is polled", async () => {
    const row = await db()
      .insertInto("lyrics_jobs")
      .values({
        user_id: alice.id,
        prompt: "winter snow",
        created_at: new Date(Date.now() - 60_000) as never,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const job = await alice.client.get<LyricsJob>(`/api/generate/lyrics/${row.id}`);
    expect(job.body.status).toBe("complete");
    expect(job.body.text).toContain("[Verse]");
  });

  it("keeps jobs to their owner and refuses bad input", async () => {
    const started = await start(alice, { prompt: "private lyrics" });
    const byBob = await bob.client.get(`/api/generate/lyrics/${started.body.id}`);
    expect(byBob.status).toBe(404);
    expect(byBob.body).toEqual({ detail: "Lyrics not found" });
    expect((await alice.client.get("/api/generate/lyrics/nope")).status).toBe(400);
    const long = await start(alice, { prompt: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(String((long.body as { detail?: string }).detail)).toMatch(/prompt/);
    expect((await server.client().post("/api/generate/lyrics/", { prompt: "hi" })).status).toBe(401);
  });
});
