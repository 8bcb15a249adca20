import { createServer } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { DIST_DIR } from "../platform/paths.ts";
import type { ResetMail } from "./account/password-resets.ts";
import { buildApp } from "./app.ts";
import { bootDatabase, StartupError } from "./boot.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";
import { mailTransportFor } from "./mail/mail-transport.ts";
import { RedisUnavailableError } from "./realtime/pubsub.ts";

function fail(message: string): never {
  process.stderr.write(`tunesmith: ${message}\n`);
  process.exit(1);
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** LOG_LEVEL picks how much the server logs (JSON lines on stdout); info by default. */
function logLevel(raw: string | undefined): string {
  if (!raw) return "info";
  if (!LOG_LEVELS.includes(raw))
    fail(`LOG_LEVEL=${raw} is not a log level: use one of ${LOG_LEVELS.join(", ")}.`);
  return raw;
}

/** How long a stop waits for requests in flight (uploads, saves) before giving up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops taking requests, lets those in flight finish (Fastify's close waits for them; its onClose
 * hooks then close the database), and exits; past the grace period, or on a second signal, it exits
 * at once.
 */
async function shutDown(app: FastifyInstance, signal: string): Promise<void> {
  app.log.info(`${signal}: finishing requests in flight, then stopping`);
  const force = (why: string) => {
    process.stderr.write(`tunesmith: ${why}; stopping now\n`);
    process.exit(1);
  };
  const timer = setTimeout(
    () => force(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s`),
    SHUTDOWN_GRACE_MS,
  );
  timer.unref();
  for (const again of ["SIGINT", "SIGTERM"] as const) process.once(again, () => force(`${again} again`));
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, "error while stopping");
    process.exit(1);
  }
  process.exit(0);
}

/** Binds and releases the port first: a taken port is reported at once, before the database opens. */
function probePort(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error) => resolve(error as NodeJS.ErrnoException));
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

function failListen(error: NodeJS.ErrnoException, port: number): void {
  if (error.code === "EADDRINUSE") {
    fail(`port ${port} is already in use: set PORT to a free port, e.g. PORT=${port + 1} npm start`);
  }
  if (error.code === "EACCES") fail(`port ${port} needs privileges: set PORT to 1024 or above.`);
}

/** The reset mail's transport and link address, when the operator set mail up. */
function resetMailOf(config: ServerConfig): ResetMail | null {
  const write = (line: string) => process.stdout.write(`${line}\n`);
  const transport = mailTransportFor(config.mail.setting, config.dataDir, write);
  return transport === null || config.mail.publicUrl === undefined
    ? null
    : { transport, publicUrl: config.mail.publicUrl };
}

async function startServer(): Promise<void> {
  let config: ServerConfig;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const level = logLevel(process.env.LOG_LEVEL);
  const taken = await probePort(config.port, config.host);
  if (taken) failListen(taken, config.port);
  let booted: Awaited<ReturnType<typeof bootDatabase>>;
  try {
    booted = await bootDatabase(config);
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    throw error;
  }
  const { database, storage, demo, generator } = booted;
  const app = await buildApp({
    database,
    storage,
    generator,
    separationServer: config.separationServer,
    generateEndpoint: config.generateEndpoint,
    workerConcurrency: config.workerConcurrency,
    upgradeMethod: config.upgradeMethod,
    legalDir: join(config.dataDir, "legal"),
    resetMail: resetMailOf(config),
    distDir: DIST_DIR,
    trustProxy: config.trustProxy,
    logger: { level },
  });
  app.addHook("onClose", () => database.close());
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    // A dependency that failed as the app readied (e.g. Redis at REDIS_URL) says what to change.
    if (error instanceof StartupError || error instanceof RedisUnavailableError) fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      fail(
        `port ${config.port} is already in use: set PORT to a free port, e.g. PORT=${config.port + 1} npm start`,
      );
    }
    if (code === "EACCES") fail(`port ${config.port} needs privileges: set PORT to 1024 or above.`);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const where = database.backend === "postgres" ? "PostgreSQL (DATABASE_URL)" : `${config.dataDir}/db`;
  process.stdout.write(
    [
      `Tunesmith is running at http://localhost:${port}`,
      `Data is stored in ${config.dataDir} (database: ${where})`,
      `Demo accounts (password ${demo.password}):`,
      ...demo.accounts.map((account) => `  ${account.email}  ${account.plan}`),
      "",
    ].join("\n"),
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void shutDown(app, signal));
  }
}

await startServer();
