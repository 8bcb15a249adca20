import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { repoPath } from "../../src/platform/paths.ts";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/database.ts";
import { S3Storage } from "../../src/server/storage/s3-storage.ts";
import type { AuthResponse } from "../../src/shared/api/accounts.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { FREE_LOGIN_FAILURES } from "../../src/shared/api/login-delay.ts";
import { projectChannel, REALTIME_PATH, userGenerateSongsChannel } from "../../src/shared/api/realtime.ts";
import { ApiClient, newAccountBody } from "../api-server.ts";
import { killChild, startChild } from "../child-process.ts";
import { expectChargedOnceAndDone } from "../generation-charges.ts";
import { type S3Server, s3Env, startS3Server } from "../s3-server.ts";
import { TestSocket } from "../test-socket.ts";
import { waitFor } from "../wait.ts";

const run = promisify(execFile);

describe("npm run worker", () => {
  it("refuses to start on the embedded database, saying what to set", async () => {
    const env = { ...process.env, DATABASE_URL: "", DATA_DIR: "/tmp/tunesmith-worker-refusal" };
    const failed = await run(process.execPath, ["--import", "tsx", repoPath("src/server/worker.ts")], {
      env,
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^tunesmith worker: set DATABASE_URL to the PostgreSQL database/);
  }, 60_000);
});

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (databaseUrl && redisUrl) {
  // Two API servers (rendering nothing themselves) and two workers, as separate processes on one
  // PostgreSQL, one Redis and one S3-compatible server.
  describe("two API servers and two workers on PostgreSQL, Redis and S3", () => {
    const schema = `test_multi_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const children: ReturnType<typeof startChild>[] = [];
    let s3: S3Server;
    let storage: S3Storage;
    let database: DatabaseHandle;
    let a: ApiClient;
    let b: ApiClient;
    let bUrl = "";
    let workers: { child: import("node:child_process").ChildProcess; ready: { worker: string } }[] = [];

    beforeAll(async () => {
      s3 = await startS3Server();
      const bucket = await s3.newBucket();
      storage = new S3Storage(bucket);
      const env = {
        DATABASE_URL: databaseUrl,
        DB_SCHEMA: schema,
        REDIS_URL: redisUrl,
        ...s3Env(bucket),
        WORKER_CONCURRENCY: "0",
      };
      // The first one creates the schema; the others start on it side by side.
      const first = startChild<{ url: string }>("tests/generation-server.ts", env);
      children.push(first);
      const serverA = await first;
      const rest = [
        startChild<{ url: string }>("tests/generation-server.ts", env),
        startChild<{ worker: string }>("tests/generation-worker.ts", env),
        startChild<{ worker: string }>("tests/generation-worker.ts", env),
      ] as const;
      children.push(...rest);
      const [serverB, ...started] = await Promise.all(rest);
      workers = started;
      a = new ApiClient(serverA.ready.url);
      bUrl = serverB.ready.url;
      b = new ApiClient(bUrl);
      database = await openDatabase({ url: databaseUrl, schema });
    }, 90_000);

    afterAll(async () => {
      for (const started of children)
        await started.then(
          ({ child }) => killChild(child),
          () => {},
        );
      if (database) {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
        await database.close();
      }
      await s3?.close();
    });

    it("holds the per-account sign-in limit across instances", async () => {
      const account = newAccountBody();
      expect((await a.post("/api/auth/signup", account)).status).toBe(201);
      const wrong = { email: account.email, password: "not the password" };
      for (let attempt = 0; attempt < FREE_LOGIN_FAILURES; attempt++) {
        const response = await (attempt % 2 === 0 ? a : b).post("/api/auth/login", wrong);
        expect(response.status).toBe(401);
      }
      const refused = await b.post<{ detail: string }>("/api/auth/login", wrong);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // Even the right password waits, on the other instance too.
      const right = await a.post("/api/auth/login", { email: account.email, password: account.password });
      expect(right.status).toBe(429);
    });

    it("carries a shared workspace's changes and a kick from A to a member's socket on B", async () => {
      const signUp = async () => {
        const signup = await a.post<AuthResponse>("/api/auth/signup", newAccountBody());
        return { id: signup.body.session.userId as string, token: signup.body.token };
      };
      const owner = await signUp();
      const member = await signUp();
      await database.db
        .updateTable("users")
        .set({ flags: ["collab-workspaces"] })
        .where("id", "=", owner.id)
        .execute();
      const ownerOnA = a.withToken(owner.token);
      const workspace = (await ownerOnA.post<{ id: string }>("/api/project", { name: "Across" })).body;
      const invite = await ownerOnA.post<{ id: string }>(`/api/project/${workspace.id}/invite`, {
        invited_user_id: member.id,
      });
      expect(invite.status).toBe(200);
      const accepted = await b
        .withToken(member.token)
        .request("PUT", `/api/project/invites/${invite.body.id}`, { status: "accepted" });
      expect(accepted.status).toBe(200);
      const socket = await TestSocket.open(`${bUrl.replace(/^http/, "ws")}${REALTIME_PATH}`, {
        authorization: `Bearer ${member.token}`,
      });
      try {
        expect(await socket.subscribe(projectChannel(workspace.id))).toMatchObject({ type: "subscribed" });
        const updated = await ownerOnA.post(`/api/project/${workspace.id}/ably-update`, {
          update_type: "add_clips",
        });
        expect(updated.status).toBe(200);
        expect(await socket.next()).toMatchObject({
          type: "event",
          name: "workspace_change",
          data: { project: workspace.id, action: "add_clips", user_id: owner.id },
        });
        const removed = await ownerOnA.request("DELETE", `/api/project/${workspace.id}/collaborators`, {
          invited_user_id: member.id,
        });
        expect(removed.status).toBe(200);
        expect(await socket.next()).toMatchObject({
          type: "event",
          name: "kick_user",
          data: { project: workspace.id, target_user_id: member.id },
        });
      } finally {
        await socket.close();
      }
    });

    it("renders a song submitted to A on a worker, pushes it to a socket on B, and survives a kill -9 of its worker", async () => {
      const signup = await a.post<AuthResponse>("/api/auth/signup", newAccountBody());
      const userId = signup.body.session.userId as string;
      const socket = new WebSocket(`${bUrl.replace(/^http/, "ws")}${REALTIME_PATH}`, {
        headers: { authorization: `Bearer ${signup.body.token}` },
      });
      const pushed: Clip[] = [];
      const subscribed = new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.on("message", (data) => {
          const message = JSON.parse(data.toString());
          if (message.type === "subscribed") resolve();
          if (message.type === "event") pushed.push(...(message.data as { clips: Clip[] }).clips);
        });
        socket.once("open", () =>
          socket.send(JSON.stringify({ type: "subscribe", channel: userGenerateSongsChannel(userId) })),
        );
      });
      await subscribed;
      try {
        const generated = await a.withToken(signup.body.token).post<GenerateResponse>("/api/generate/v2/", {
          tags: "hold",
          prompt: "[Verse]\nwait for it",
        });
        expect(generated.status).toBe(200);
        const clipIds = generated.body.clips.map((clip) => clip.id);

        // A worker renders the first second, then holds: kill it there.
        const holder = await waitFor(async () => {
          const rows = await database.db
            .selectFrom("job_queue")
            .innerJoin("generated_clips", (join) =>
              join.on(sql`generated_clips.clip_id::text`, "=", sql`job_queue.payload->>'clipId'`),
            )
            .select(["job_queue.worker", "generated_clips.state"])
            .where("generated_clips.state", "=", "streaming")
            .execute();
          return rows.find((row) => row.worker)?.worker ?? undefined;
        }, "a song to stream");
        const victim = workers.find((started) => started.ready.worker === holder);
        const survivor = workers.find((started) => started !== victim);
        expect(victim && survivor).toBeTruthy();
        await killChild(victim?.child as import("node:child_process").ChildProcess);

        // The other worker takes the song up once its lease runs out, and finishes both.
        const done = await waitFor(async () => {
          survivor?.child.kill("SIGUSR2");
          const rows = await database.db
            .selectFrom("clips")
            .select(["id", "status", "audio_key"])
            .where("id", "in", clipIds)
            .execute();
          return rows.every((row) => row.status === "complete") ? rows : undefined;
        }, "both songs to complete");
        for (const clip of done) {
          expect((await storage.stat(clip.audio_key as string))?.size).toBeGreaterThan(44);
        }
        // The socket on B heard both songs complete, though A took the request and a worker made them.
        await waitFor(
          async () =>
            clipIds.every((id) => pushed.some((clip) => clip.id === id && clip.status === "complete"))
              ? true
              : undefined,
          "the completions to reach B's socket",
        );
        await expectChargedOnceAndDone(database.db, userId);
      } finally {
        socket.close();
      }
    }, 90_000);
  });
} else {
  process.stdout.write(
    "\n!!! TEST_DATABASE_URL or REDIS_URL is not set: the multi-instance test does not run. Set both (CI does).\n\n",
  );
}
