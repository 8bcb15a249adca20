// Run as a child process by the multi-instance test: a separate job worker, as `npm run worker` is,
// rendering with the sine-song fixture (one song at once, short lease) on DATABASE_URL and DB_SCHEMA,
// media as testStorageFromEnv gives, clip updates through REDIS_URL. SIGUSR2 lets a song held by its
// "hold" style finish. It prints {"worker": id} once taking jobs.
import { openDatabase } from "../src/server/db/database.ts";
import { clipPublisher } from "../src/server/generation/clip-publisher.ts";
import { GenerationService } from "../src/server/generation/generation-service.ts";
import { pubSubFromEnv } from "../src/server/realtime/pubsub.ts";
import { testStorageFromEnv } from "./child-storage.ts";
import { SineSongGenerator } from "./sine-song-generator.ts";

const { DATABASE_URL, DB_SCHEMA } = process.env;
if (!DATABASE_URL) throw new Error("Set DATABASE_URL");
const log = { error: (object: unknown, message: string) => console.error(message, object) };
const database = await openDatabase({ url: DATABASE_URL, schema: DB_SCHEMA });
const pubsub = await pubSubFromEnv(process.env, (error) => log.error({ err: error }, "listener failed"));
const generator = new SineSongGenerator();
process.on("SIGUSR2", () => generator.release());
const service = new GenerationService({
  db: database.db,
  storage: await testStorageFromEnv(),
  generator,
  publish: clipPublisher(database.db, () => pubsub, log),
  log,
  concurrency: 1,
  queue: { leaseSeconds: 2, pollMs: 100 },
});
await service.start();
process.stdout.write(`${JSON.stringify({ worker: service.worker.id })}\n`);
