// Run as a child process by the job tests: an API server that renders with the sine-song fixture,
// on the database named by DATA_DIR (embedded) or DATABASE_URL and DB_SCHEMA, media under FILES_DIR,
// with a short job lease. It prints {"url": ...} once listening; the tests kill it with SIGKILL.
import { buildApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { SineSongGenerator } from "./sine-song-generator.ts";

const { DATA_DIR, DATABASE_URL, DB_SCHEMA, FILES_DIR } = process.env;
if (!FILES_DIR || !(DATA_DIR || DATABASE_URL)) throw new Error("Set FILES_DIR and DATA_DIR or DATABASE_URL");
const database = await openDatabase(
  DATABASE_URL ? { url: DATABASE_URL, schema: DB_SCHEMA } : { dataDir: DATA_DIR },
);
const app = await buildApp({
  database,
  storage: new LocalDiskStorage(FILES_DIR),
  generator: new SineSongGenerator(),
  jobQueue: { leaseSeconds: 2, pollMs: 100 },
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ url })}\n`);
