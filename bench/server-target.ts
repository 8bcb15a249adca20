// The server under load for `npm run bench server`: its own process, so the load generator does not
// share its event loop. Loads the data, listens on loopback, prints one JSON line, and on stdin's end
// closes (dropping the PostgreSQL schema it made). Asked "cpu" on stdin, prints the CPU time it has used.
// With BENCH_JOIN_SCHEMA it is a second instance on the first one's PostgreSQL schema: it loads and
// drops nothing, and prints only its address.
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
import { createProject } from "../src/server/studio/project-writes.ts";
import { loadNotificationData } from "./notification-data.ts";
import { loadBenchData, loadFollowsAndLikes } from "./server-data.ts";
import { loadSocialData } from "./social-data.ts";

const backend = process.env.BENCH_BACKEND === "postgres" ? "postgres" : "pglite";
const clips = Number(process.env.BENCH_CLIPS);
const users = Number(process.env.BENCH_USERS);
const libraryClips = Number(process.env.BENCH_LIBRARY_CLIPS);
/** With notifications: how many in all and the measured user's, and how many other users like a song. */
const notifications = Number(process.env.BENCH_NOTIFICATIONS ?? 0);
const ownNotifications = Number(process.env.BENCH_OWN_NOTIFICATIONS ?? 0);
const likers = Number(process.env.BENCH_LIKERS ?? 0);

let database: DatabaseHandle;
let schema: string | null = null;
let dropSchema = async () => {};
const joining = process.env.BENCH_JOIN_SCHEMA;
if (joining) {
  database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, schema: joining });
} else if (backend === "postgres") {
  schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, schema });
  dropSchema = async () => {
    await sql`drop schema ${sql.id(schema as string)} cascade`.execute(database.db);
  };
} else {
  database = await openDatabase({ dataDir: "memory://" });
}

const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), "tunesmith-bench-files-")));
const app = await buildApp({ database, storage });
if (joining) {
  process.stdout.write(`${JSON.stringify({ url: await app.listen({ port: 0, host: "127.0.0.1" }) })}\n`);
} else {
  const started = performance.now();
  const { userId } = await loadBenchData(database.db, { users, clips, libraryClips });
  if (notifications > 0) await loadNotificationData(database.db, { userId, notifications, ownNotifications });
  // The discovery bench: follows and likes for the measured user (BENCH_FOLLOWS of each).
  const follows = Number(process.env.BENCH_FOLLOWS ?? 0);
  if (follows > 0) await loadFollowsAndLikes(database.db, userId, follows);
  // The social bench's song with its comments and profile with its followers, when asked for.
  const social = process.env.BENCH_SOCIAL_COMMENTS
    ? await loadSocialData(database.db, {
        comments: Number(process.env.BENCH_SOCIAL_COMMENTS),
        followers: Number(process.env.BENCH_SOCIAL_FOLLOWERS),
      })
    : null;
  const loadSeconds = (performance.now() - started) / 1000;
  const token = await createSession(database.db, userId);
  // A sample of the user's own finished songs outside the trash, for the mixed load's song pages, likes,
  // comments and renames (a like on a trashed song is refused with 409, as it should be).
  const clipIds = (
    await database.db
      .selectFrom("clips")
      .select("id")
      .where("user_id", "=", userId)
      .where("is_trashed", "=", false)
      .where("status", "=", "complete")
      .limit(200)
      .execute()
  ).map((row) => row.id);
  // For the like-to-notification latency: a public song of the measured user, and other users' sessions.
  const likerTokens: string[] = [];
  let publicClipId: string | null = null;
  if (likers > 0) {
    const clip = await database.db
      .selectFrom("clips")
      .select("id")
      .where("user_id", "=", userId)
      .where("is_public", "=", true)
      .where("is_trashed", "=", false)
      .executeTakeFirstOrThrow();
    publicClipId = clip.id;
    const others = await database.db
      .selectFrom("users")
      .select("id")
      .where("id", "<>", userId)
      .orderBy("handle")
      .limit(likers)
      .execute();
    for (const other of others) likerTokens.push(await createSession(database.db, other.id));
  }
  // A studio project of the measured user, for the mixed load's saves.
  const projectId = (await createProject(database.db, userId, "Bench project")).id;
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  process.stdout.write(
    `${JSON.stringify({ url, token, userId, loadSeconds, schema, clipIds, likerTokens, publicClipId, social, projectId })}\n`,
  );
}

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
// A line "cpu" asks for the CPU time this process has used so far, "memory" for its resident and heap
// sizes; each is answered as one JSON line.
createInterface({ input: process.stdin }).on("line", (line) => {
  const asked = line.trim();
  if (asked === "cpu") {
    const { user, system } = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ cpuMs: (user + system) / 1000 })}\n`);
  } else if (asked === "memory") {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ rss, heapUsed, external, arrayBuffers })}\n`);
  }
});
process.stdin.resume();
process.on("SIGTERM", stop);
