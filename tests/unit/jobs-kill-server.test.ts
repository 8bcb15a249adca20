// The real server (src/server/main.ts, as `npm start` runs it, with the built-in generator) killed with
// SIGKILL in the middle of a song, then started again on the same data: the song completes and the
// account is charged exactly once. On the embedded database (a temporary DATA_DIR) and, when
// TEST_DATABASE_URL is set, on a PostgreSQL database of its own.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/database.ts";
import { GenerationService } from "../../src/server/generation/generation-service.ts";
import { localStorageIn } from "../../src/server/storage/local-disk-storage.ts";
import type { AuthResponse } from "../../src/shared/api/accounts.ts";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { ApiClient } from "../api-server.ts";
import { killChild, startChild } from "../child-process.ts";
import { expectChargedOnceAndDone, signUpAndGenerate } from "../generation-charges.ts";
import { BACKENDS, createScratchDatabase } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { waitFor } from "../wait.ts";

/** The built-in generator on a loaded two-core machine: a song can take minutes. */
const SONG_WAIT_MS = 360_000;

const RUNNING_AT = /^Tunesmith is running at http:\/\/localhost:(\d+)$/;

/** Starts the server as `npm start` does, resolving with its address once it listens. */
function startServer(env: Record<string, string>) {
  return startChild("src/server/main.ts", env, (line) => {
    const port = RUNNING_AT.exec(line)?.[1];
    return port ? `http://127.0.0.1:${port}` : undefined;
  });
}

/** Stops the server as an operator would (SIGTERM), and waits for it to be gone. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await gone;
}

const clipsOf = async (client: ApiClient, ids: readonly string[]) =>
  (await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${ids.join(",")}`)).body.clips;

/** Where a site's database lives, how to open it while no server has it, and how to clean up. */
interface Site {
  readonly env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

function embeddedSite(dataDir: string): Site {
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the test server: the real server works in the default schema. */
async function postgresSite(dataDir: string): Promise<Site> {
  const scratch = await createScratchDatabase("tunesmith_kill");
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openDatabase({ url: scratch.url }),
    dispose: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The queue rows and library states of these clips, read straight from the database. */
async function jobsOf(db: DatabaseHandle["db"], clipIds: readonly string[]) {
  const jobs = await db
    .selectFrom("job_queue")
    .select(["state", "worker", "attempts", "payload"])
    .where("kind", "=", "generate-clip")
    .execute();
  const clips = await db.selectFrom("clips").select(["id", "status"]).where("id", "in", clipIds).execute();
  return {
    jobs: jobs.filter((job) => clipIds.includes((job.payload as { clipId: string }).clipId)),
    clips,
  };
}

describe.each(BACKENDS)("the real server killed mid-song on %s", (backend) => {
  it("completes the song after a restart, charged exactly once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-kill-"));
    const site = backend === "pglite" ? embeddedSite(dataDir) : await postgresSite(dataDir);
    if (backend === "pglite" && !existsSync(join(dataDir, "db"))) {
      // The embedded database starts from the suite's migrated template (faster than creating one).
      const seeded = await openDatabase({
        dataDir,
        loadDataDir: new Blob([readFileSync(inject("dbTemplate"))]),
      });
      await seeded.close();
    }
    const env = {
      ...site.env,
      PORT: "0",
      HOST: "127.0.0.1",
      WORKER_CONCURRENCY: "1",
      GENERATOR: "builtin",
      LOG_LEVEL: "warn",
      S3_BUCKET: "",
      REDIS_URL: "",
    };
    let server: ChildProcess | undefined;
    let database: DatabaseHandle | undefined;
    try {
      const first = await startServer(env);
      server = first.child;
      const client = new ApiClient(first.ready);
      const { account, userId, before, clipIds } = await signUpAndGenerate(client, {
        tags: "synth pop",
        prompt: "[Verse]\nthe lights go out and come back on\n[Chorus]\nwe carry on",
      });
      expect(clipIds).toHaveLength(2);

      // Mid-song: a worker holds the first clip's job and the clip streams what it rendered so far.
      if (backend === "postgres") {
        const watcher = await site.open();
        try {
          await waitFor(
            async () => {
              const { jobs, clips } = await jobsOf(watcher.db, clipIds);
              const running = jobs.some((job) => job.state === "running" && job.worker !== null);
              return running && clips.some((clip) => clip.status === "streaming") ? true : undefined;
            },
            "a song to be rendering",
            SONG_WAIT_MS,
          );
        } finally {
          await watcher.close();
        }
      } else {
        // The embedded database is the server's alone while it runs: its state is read through the API.
        await waitFor(
          async () =>
            (await clipsOf(client, clipIds)).some((clip) => clip.status === "streaming") ? true : undefined,
          "a song to be rendering",
          SONG_WAIT_MS,
        );
      }
      await killChild(server);

      // Killed mid-job: one job still held by the dead worker, the other waiting (one song renders at a
      // time), and no song over yet.
      database = await site.open();
      const cut = await jobsOf(database.db, clipIds);
      expect(cut.jobs).toHaveLength(2);
      expect(cut.jobs.filter((job) => job.state === "running")).toHaveLength(1);
      expect(cut.clips.filter((clip) => clip.status === "complete")).toHaveLength(0);
      await database.close();
      database = undefined;

      const second = await startServer(env);
      server = second.child;
      const again = new ApiClient(second.ready);
      const signin = await again.post<AuthResponse>("/api/auth/login", {
        email: account.email,
        password: account.password,
      });
      expect(signin.status).toBe(200);
      const done = await waitFor(
        async () => {
          const clips = await clipsOf(again, clipIds);
          return clips.length === 2 &&
            clips.every((clip) => clip.status === "complete" || clip.status === "error")
            ? clips
            : undefined;
        },
        "both songs to finish",
        SONG_WAIT_MS,
      );
      expect(done.map((clip) => clip.status)).toEqual(["complete", "complete"]);
      for (const clip of done) expect(clip.audio_url).toMatch(/\.wav/);
      const after = (await again.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
      expect(after).toBe(before - 10);
      await stopServer(server);

      database = await site.open();
      // A song that finished as the server stopped may still have its job: handed back, never left running.
      const left = await jobsOf(database.db, clipIds);
      expect(left.jobs.filter((job) => job.state !== "ready")).toEqual([]);
      // The next worker finds such a song complete and only clears its job: nothing renders again.
      const generator = new SineSongGenerator();
      const next = new GenerationService({
        db: database.db,
        storage: localStorageIn(dataDir),
        generator,
        publish: async () => {},
        log: { error: () => {} },
        concurrency: 1,
        queue: { pollMs: 100 },
      });
      await next.start();
      await expectChargedOnceAndDone(database.db, userId);
      await next.close();
      expect(generator.requests).toEqual([]);
    } finally {
      if (server) await killChild(server);
      await database?.close();
      await site.dispose();
    }
  }, 900_000);
});
