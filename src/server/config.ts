import { accessSync, constants, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { GenerateEndpoint } from "../shared/api/create-support.ts";
import { readGenerateEndpoint } from "./create-support/remote-settings.ts";
import { type GeneratorSetting, readGeneratorSetting } from "./generation/generator-setting.ts";
import { readS3Settings } from "./storage/s3-config.ts";
import type { S3Settings } from "./storage/s3-storage.ts";

/** A misconfiguration the user fixes by changing the environment: printed as one line, no stack. */
export class ConfigError extends Error {}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** A PostgreSQL server; without one the embedded database under DATA_DIR is used. */
  readonly databaseUrl?: string;
  readonly trustProxy: boolean;
  /** An S3-compatible store for media; without one, files go under DATA_DIR/files. */
  readonly s3?: S3Settings;
  readonly demo: { readonly email?: string; readonly proEmail?: string; readonly password?: string };
  /** What makes songs: GENERATOR (builtin, ace-step with ACE_STEP_URL, or off). */
  readonly generator: GeneratorSetting;
  /** The generation call the create page uses: GENERATE_ENDPOINT (v2 or v2-web). */
  readonly generateEndpoint: GenerateEndpoint;
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
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError(
      "DATABASE_URL must be a postgres:// or postgresql:// URL, or unset for the embedded database.",
    );
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || "0.0.0.0",
    dataDir: prepareDataDir(env.DATA_DIR),
    databaseUrl,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    s3: readS3Settings(env, (message) => new ConfigError(message)),
    demo: {
      email: env.DEMO_EMAIL || undefined,
      proEmail: env.DEMO_PRO_EMAIL || undefined,
      password: env.DEMO_PASSWORD || undefined,
    },
    generator: readGeneratorSetting(env, (message) => new ConfigError(message)),
    generateEndpoint: readGenerateEndpoint(env, (message) => new ConfigError(message)),
  };
}
