import { createServer } from "node:net";
import { DIST_DIR } from "../tooling/paths.ts";
import { buildApp } from "./app.ts";
import { bootDatabase, StartupError } from "./boot.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";

function fail(message: string): never {
  process.stderr.write(`tunesmith: ${message}\n`);
  process.exit(1);
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

async function startServer(): Promise<void> {
  let config: ServerConfig;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const taken = await probePort(config.port, config.host);
  if (taken) failListen(taken, config.port);
  let booted: Awaited<ReturnType<typeof bootDatabase>>;
  try {
    booted = await bootDatabase(config);
  } catch (error) {
    if (error instanceof StartupError) fail(error.message);
    throw error;
  }
  const { database, storage, demo } = booted;
  const app = await buildApp({ database, storage, distDir: DIST_DIR, trustProxy: config.trustProxy });
  app.addHook("onClose", () => database.close());
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
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
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

await startServer();
