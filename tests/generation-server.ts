// Run as a child process by the job and multi-instance tests: an API server that renders with the
// sine-song fixture, on the database named by DATA_DIR (embedded) or DATABASE_URL and DB_SCHEMA, media
// in the S3 bucket of S3_BUCKET ... or under FILES_DIR, realtime through REDIS_URL when set, rendering
// WORKER_CONCURRENCY songs at once (0: none), with a short job lease. It prints {"url": ...} once
// listening; the tests kill it with SIGKILL.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../src/server/app.ts";
import { parseWorkerConcurrency } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { testStorageFromEnv } from "./child-storage.ts";
import { SineSongGenerator } from "./sine-song-generator.ts";

const { DATA_DIR, DATABASE_URL, DB_SCHEMA } = process.env;
if (!(DATA_DIR || DATABASE_URL)) throw new Error("Set DATA_DIR or DATABASE_URL");
// DB_TEMPLATE: a migrated PGlite dump to start a new embedded database from (faster than creating one).
const template =
  process.env.DB_TEMPLATE && !existsSync(join(DATA_DIR ?? "", "db"))
    ? { loadDataDir: new Blob([readFileSync(process.env.DB_TEMPLATE)]) }
    : {};
const database = await openDatabase(
  DATABASE_URL ? { url: DATABASE_URL, schema: DB_SCHEMA } : { dataDir: DATA_DIR, ...template },
);
const app = await buildApp({
  database,
  storage: await testStorageFromEnv(),
  generator: new SineSongGenerator(),
  workerConcurrency: parseWorkerConcurrency(process.env.WORKER_CONCURRENCY),
  jobQueue: { leaseSeconds: 2, pollMs: 100 },
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url })}\n`);
