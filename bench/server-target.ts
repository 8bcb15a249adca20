// The server under load for `npm run bench server`: its own process, so the load generator does not
// share its event loop. Loads the data, listens on loopback, prints one JSON line, and on stdin's end
// closes (dropping the PostgreSQL schema it made). Asked "cpu" on stdin, prints the CPU time it has used.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { buildApp } from "../src/server/app.ts";
import { createSession } from "../src/server/auth/sessions.ts";
import { type DatabaseHandle, openDatabase } from "../src/server/db/database.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { loadBenchData } from "./server-data.ts";
import { loadSocialData } from "./social-data.ts";

const backend = process.env.BENCH_BACKEND === "postgres" ? "postgres" : "pglite";
const clips = Number(process.env.BENCH_CLIPS);
const users = Number(process.env.BENCH_USERS);
const libraryClips = Number(process.env.BENCH_LIBRARY_CLIPS);

let database: DatabaseHandle;
let dropSchema = async () => {};
if (backend === "postgres") {
  const schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, schema });
  dropSchema = async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  };
} else {
  database = await openDatabase({ dataDir: "memory://" });
}

const started = performance.now();
const { userId } = await loadBenchData(database.db, { users, clips, libraryClips });
// The social bench's song with its comments and profile with its followers, when asked for.
const social = process.env.BENCH_SOCIAL_COMMENTS
  ? await loadSocialData(database.db, {
      comments: Number(process.env.BENCH_SOCIAL_COMMENTS),
      followers: Number(process.env.BENCH_SOCIAL_FOLLOWERS),
    })
  : null;
const loadSeconds = (performance.now() - started) / 1000;
const token = await createSession(database.db, userId);
const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), "tunesmith-bench-files-")));
const app = await buildApp({ database, storage });
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url, token, userId, loadSeconds, social })}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await dropSchema();
  await database.close();
  process.exit(0);
}
process.stdin.on("end", stop);
// A line "cpu" asks for the CPU time this process has used so far, answered as one JSON line.
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "cpu") return;
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ cpuMs: (user + system) / 1000 })}\n`);
});
process.stdin.resume();
process.on("SIGTERM", stop);
