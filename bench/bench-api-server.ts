// A server in the bench's own process for the benches that go through the API: the embedded
// database in memory, local disk storage, the built-in generator on one worker thread, and one
// signed-up Pro account with credits, called over HTTP.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import { buildApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import type { Clip } from "../src/shared/api/clips.ts";
import { newAccountBody } from "../tests/api-server.ts";

/** Waits for `probe` to answer something other than undefined, looking every `everyMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`bench: timed out waiting for ${what}`);
}

export async function startBenchApiServer() {
  const database = await openDatabase({ dataDir: "memory://" });
  const filesDir = mkdtempSync(join(tmpdir(), "tunesmith-bench-files-"));
  const storage = new LocalDiskStorage(filesDir);
  const app = await buildApp({ database, storage, generator: new BuiltInGenerator({ threads: 1 }) });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(newAccountBody()),
  });
  const { token, session } = (await signup.json()) as { token: string; session: { userId: string } };
  await database.db
    .updateTable("users")
    .set({ plan_key: "pro", credits: 1000 })
    .where("id", "=", session.userId)
    .execute();
  const send = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    // After long in-process work the kept-alive connection can idle past the server's keep-alive
    // time: a reset there means the request never arrived, so it is sent again once.
    const response = await send(path, body).catch(() => send(path, body));
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** The clips once all are complete (fails on one in error), looking every `everyMs`. */
  const settled = (ids: readonly string[], what: string, everyMs = 25) =>
    until(
      what,
      600_000,
      async () => {
        const { clips } = await call<{ clips: Clip[] }>(`/api/feed/v2?ids=${ids.join(",")}`);
        if (clips.some((clip) => clip.status === "error")) throw new Error(`${what}: a clip failed`);
        return clips.every((clip) => clip.status === "complete") ? clips : undefined;
      },
      everyMs,
    );
  /** One song of the built-in generator, complete. */
  const generate = async (tags: string, lyrics: string, seconds: number): Promise<Clip> => {
    const made = await call<{ clips: Clip[] }>("/api/generate/v2/", {
      tags,
      prompt: lyrics,
      duration: seconds,
      batch_size: 1,
    });
    const [clip] = await settled([made.clips[0].id], "the generated song", 250);
    return clip;
  };
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  };
  return { database, storage, userId: session.userId, call, settled, generate, close };
}
