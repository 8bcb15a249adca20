import { accessSync, constants, mkdirSync } from "node:fs";
import { resolve } from "node:path";

/** A misconfiguration the user fixes by changing the environment: printed as one line, no stack. */
export class ConfigError extends Error {}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === "") return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT=${raw} is not a port number: set PORT to a whole number from 1 to 65535.`);
  }
  return port;
}

/** Creates DATA_DIR if needed and proves it writable before anything is stored there. */
function prepareDataDir(raw: string | undefined): string {
  const dataDir = resolve(raw || "./data");
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `DATA_DIR ${dataDir} cannot be created or written (${reason}): set DATA_DIR to a folder you can write to.`,
    );
  }
  return dataDir;
}

export function readConfig(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || "0.0.0.0",
    dataDir: prepareDataDir(env.DATA_DIR),
  };
}
