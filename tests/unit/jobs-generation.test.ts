import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/database.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { ApiClient } from "../api-server.ts";
import { killChild, startChild } from "../child-process.ts";
import { expectChargedOnceAndDone, signUpAndGenerate } from "../generation-charges.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { waitFor } from "../wait.ts";

/** Waits for the clip to stream: its song is rendering. */
const untilStreaming = (client: ApiClient, id: string) =>
  waitFor(async () => {
    const feed = await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${id}`);
    return feed.body.clips[0]?.status === "streaming" ? true : undefined;
  }, "streaming");

describe.each(BACKENDS)("generation on the durable queue on %s", (backend) => {
  it("finishes a song whose server was killed mid-render, in a new server, charged once", async () => {
    const files = mkdtempSync(join(tmpdir(), "tunesmith-files-"));
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-jobs-"));
    const url = process.env.TEST_DATABASE_URL ?? "";
    const schema = `test_jobs_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const where: Record<string, string> =
      backend === "pglite"
        ? { DATA_DIR: dataDir, DB_TEMPLATE: inject("dbTemplate") }
        : { DATABASE_URL: url, DB_SCHEMA: schema };
    const first = await startChild<{ url: string }>("tests/generation-server.ts", {
      ...where,
      FILES_DIR: files,
    });
    let database: DatabaseHandle | undefined;
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const client = new ApiClient(first.ready.url);
      // "hold": the fixture renders a first second, then waits: the kill lands mid-song.
      const { userId, before, clipIds } = await signUpAndGenerate(client, {
        tags: "hold",
        prompt: "[Verse]\nwait for it",
      });
      await untilStreaming(client, clipIds[0]);
      await killChild(first.child);

      database = await openDatabase(backend === "pglite" ? { dataDir } : { url, schema });
      const generator = new SineSongGenerator();
      app = await buildApp({
        database,
        storage: new LocalDiskStorage(files),
        generator,
        jobQueue: { leaseSeconds: 2, pollMs: 100 },
      });
      await app.ready();
      // Both clips of the request (one cut short, one still waiting) are rendered by the new server.
      expect(clipIds).toHaveLength(2);
      const done = await waitFor(async () => {
        generator.release();
        const rows = await database?.db
          .selectFrom("clips")
          .select(["id", "status", "audio_key"])
          .where("id", "in", clipIds)
          .execute();
        return rows?.every((row) => row.status === "complete" || row.status === "error") ? rows : undefined;
      }, "the songs to finish");
      for (const row of done) {
        expect(row.status).toBe("complete");
        expect(row.audio_key).toMatch(/\.wav$/);
      }
      expect(generator.requests).toHaveLength(2);
      // Charged exactly once: one reservation of 10 credits, nothing given back.
      await expectChargedOnceAndDone(database.db, userId);
      const user = await database.db
        .selectFrom("users")
        .select("credits")
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(user.credits).toBe(before - 10);
    } finally {
      await killChild(first.child);
      await app?.close();
      if (backend === "postgres" && database)
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database?.close();
      for (const folder of [files, dataDir]) rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it("hands a running song back to the queue when the server stops, while its database is open", async () => {
    const files = mkdtempSync(join(tmpdir(), "tunesmith-files-"));
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-stop-"));
    const url = process.env.TEST_DATABASE_URL ?? "";
    const schema = `test_stop_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const open = () =>
      backend === "pglite"
        ? openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject("dbTemplate"))]) })
        : openDatabase({ url, schema });
    const database = await open();
    const generator = new SineSongGenerator();
    const app = await buildApp({
      database,
      storage: new LocalDiskStorage(files),
      generator,
      jobQueue: { leaseSeconds: 30, pollMs: 100 },
    });
    // As the server's entry wires it: the database closes as the app does.
    app.addHook("onClose", () => database.close());
    const client = new ApiClient(await app.listen({ port: 0, host: "127.0.0.1" }));
    const [clipId] = (await signUpAndGenerate(client, { tags: "hold", prompt: "[Verse]\nstop here" }))
      .clipIds;
    await untilStreaming(client, clipId);
    await app.close();
    generator.release();

    const reopened = backend === "pglite" ? await openDatabase({ dataDir }) : await open();
    try {
      const jobs = await reopened.db
        .selectFrom("job_queue")
        .select(["state", "worker", "attempts", "payload"])
        .where("kind", "=", "generate-clip")
        .execute();
      const held = jobs.find((job) => (job.payload as { clipId: string }).clipId === clipId);
      // Handed back, uncounted: the next worker takes it at once, with no lease to wait out.
      expect(held).toMatchObject({ state: "ready", worker: null, attempts: 0 });
    } finally {
      if (backend === "postgres")
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(reopened.db);
      await reopened.close();
      for (const folder of [files, dataDir]) rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
