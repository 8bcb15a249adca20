import { DIST_DIR } from "../tooling/paths.ts";
import { buildApp } from "./app.ts";
import { ConfigError, readConfig } from "./config.ts";

function fail(message: string): never {
  process.stderr.write(`tunesmith: ${message}\n`);
  process.exit(1);
}

async function startServer(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const app = await buildApp({ distDir: DIST_DIR });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
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
  process.stdout.write(
    `Tunesmith is running at http://localhost:${port}\nData is stored in ${config.dataDir}\n`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
}

await startServer();
