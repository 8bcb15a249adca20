// `npm run worker`: renders songs from the durable job queue, apart from the API servers, so
// generation scales on its own machines. It needs the database the servers use (DATABASE_URL: the
// embedded one belongs to its server process), their media store, and REDIS_URL for the pages to
// hear of progress at once (without it they still see it when they poll).
import { openStorage, StartupError } from "./boot.ts";
import { ConfigError, readConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { clipPublisher } from "./generation/clip-publisher.ts";
import { defaultGenerationConcurrency, GenerationService } from "./generation/generation-service.ts";
import { createGenerator } from "./generation/generator-choice.ts";
import { pubSubFromEnv, RedisUnavailableError } from "./realtime/pubsub.ts";
import { SeparationService } from "./separation/separation-service.ts";
import { HookService } from "./video/hook-service.ts";
import { SongVideoService } from "./video/song-video-service.ts";
import { VideoUploadService } from "./video/video-upload-service.ts";

/** JSON lines, as the server's logs: errors on stderr, the rest on stdout (LOG_LEVEL=silent: errors only). */
const log = {
  error: (object: unknown, msg: string) => line(process.stderr, "error", object, msg),
  warn: (object: unknown, msg: string) => line(process.stdout, "warn", object, msg),
  info: (object: unknown, msg: string) => line(process.stdout, "info", object, msg),
};

function line(to: NodeJS.WriteStream, level: string, object: unknown, msg: string): void {
  if (level !== "error" && process.env.LOG_LEVEL === "silent") return;
  const err = (object as { err?: unknown }).err;
  const detail = err instanceof Error ? { err: { message: err.message, stack: err.stack } } : {};
  to.write(`${JSON.stringify({ level, time: Date.now(), msg, ...detail })}\n`);
}

function fail(message: string): never {
  process.stderr.write(`tunesmith worker: ${message}\n`);
  process.exit(1);
}

async function startWorker(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.databaseUrl) {
    fail(
      "set DATABASE_URL to the PostgreSQL database the servers use: the embedded database belongs to its server, which renders songs itself.",
    );
  }
  if (config.generator.kind === "off") fail("GENERATOR=off: there is nothing for a worker to do.");
  const database = await openDatabase({ url: config.databaseUrl }).catch((error) =>
    fail(
      `cannot use the PostgreSQL database in DATABASE_URL (${error instanceof Error ? error.message : error}).`,
    ),
  );
  let storage: Awaited<ReturnType<typeof openStorage>>;
  let pubsub: Awaited<ReturnType<typeof pubSubFromEnv>>;
  try {
    storage = await openStorage(config, database);
    pubsub = await pubSubFromEnv(process.env, (error) =>
      log.error({ err: error }, "realtime listener failed"),
    );
  } catch (error) {
    if (error instanceof StartupError || error instanceof RedisUnavailableError) fail(error.message);
    throw error;
  }
  if (!process.env.REDIS_URL) {
    log.warn({}, "REDIS_URL is not set: pages hear of this worker's songs only when they poll");
  }
  const generator = await createGenerator(config.generator);
  if (!generator) fail("no generator is configured.");
  const concurrency = config.workerConcurrency || defaultGenerationConcurrency();
  const publish = clipPublisher(database.db, () => pubsub, log);
  const service = new GenerationService({ db: database.db, storage, generator, publish, log, concurrency });
  // Songs without the generator's parts are separated into stems here too, one at a time.
  const separation = new SeparationService({
    db: database.db,
    storage,
    publish,
    log,
    concurrency: 1,
    separationServer: config.separationServer,
  });
  // Song videos, video upload checks and hooks too, one at a time each: ffmpeg keeps two threads busy.
  const videos = new SongVideoService({ db: database.db, storage, log, concurrency: 1 });
  const videoUploads = new VideoUploadService({ db: database.db, storage, log, concurrency: 1 });
  const hooks = new HookService({ db: database.db, storage, log, concurrency: 1 });
  await service.start();
  await separation.start();
  await videos.start();
  await videoUploads.start();
  await hooks.start();
  process.stdout.write(`Tunesmith worker ${service.worker.id} renders ${concurrency} song(s) at once\n`);
  const stop = async (signal: string) => {
    log.info({}, `${signal}: handing running songs back to the queue, then stopping`);
    for (const again of ["SIGINT", "SIGTERM"] as const) process.once(again, () => process.exit(1));
    await Promise.all([
      service.close(),
      separation.close(),
      videos.close(),
      videoUploads.close(),
      hooks.close(),
    ]);
    await pubsub.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(signal));
}

await startWorker();
