import { accessSync, constants, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { UpgradeMethod } from "../shared/api/account.ts";
import type { GenerateEndpoint } from "../shared/api/create-support.ts";
import { readUpgradeMethod } from "./account/upgrade-method.ts";
import { readGenerateEndpoint } from "./create-support/remote-settings.ts";
import { type GeneratorSetting, readGeneratorSetting } from "./generation/generator-setting.ts";
import { type MailSetting, readMailSetting } from "./mail/mail-transport.ts";
import { readSeparationServerSetting, type SeparationServerSetting } from "./separation/separation-server.ts";
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
  /** TRUST_PROXY: how many proxies in front (their X-Forwarded-* count), or their addresses; false for none. */
  readonly trustProxy: TrustProxy;
  /** An S3-compatible store for media; without one, files go under DATA_DIR/files. */
  readonly s3?: S3Settings;
  readonly demo: { readonly email?: string; readonly proEmail?: string; readonly password?: string };
  /** What makes songs: GENERATOR (builtin, ace-step with ACE_STEP_URL, or off). */
  readonly generator: GeneratorSetting;
  /** SEPARATION_URL (SEPARATION_API_KEY): an external server that separates stems; ours when absent. */
  readonly separationServer?: SeparationServerSetting;
  /** The generation call the create page uses: GENERATE_ENDPOINT (v2 or v2-web). */
  readonly generateEndpoint: GenerateEndpoint;
  /** WORKER_CONCURRENCY: songs this process renders at once; absent for the default (the cores less one). */
  readonly workerConcurrency?: number;
  /** UPGRADE_METHOD: request (staff approve in the console) or code (staff hand out codes). */
  readonly upgradeMethod: UpgradeMethod;
  /** MAIL_TRANSPORT: where mail goes (none, log, outbox), and PUBLIC_URL, the address links in it point to. */
  readonly mail: { readonly setting: MailSetting; readonly publicUrl?: string };
}

/** The proxies whose X-Forwarded-For, -Proto and -Host headers are believed: a hop count or their addresses. */
export type TrustProxy = false | number | string;

const PROXY_ADDRESSES = /^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i;

/**
 * TRUST_PROXY: unset or 0 trusts no proxy (the client is the socket's peer); a number N trusts N
 * proxies in front (the client is the address the outermost one saw, N from the end of
 * X-Forwarded-For, never one the client wrote); a list of addresses or CIDR ranges trusts proxies
 * connecting from those. "true" means one proxy: trusting every hop would let a client pick its own
 * address.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0" || value === "false") return false;
  if (value === "true") return 1;
  if (/^[1-9][0-9]?$/.test(value)) return Number(value);
  if (PROXY_ADDRESSES.test(value)) return value;
  throw new ConfigError(
    `TRUST_PROXY=${raw} is not understood: set it to the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.0/8,127.0.0.1).`,
  );
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

/** WORKER_CONCURRENCY: a whole number of songs rendered at once, 0 (none: API only) to 64. */
export function parseWorkerConcurrency(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[0-9]{1,2}$/.test(raw) || Number(raw) > 64) {
    throw new ConfigError(
      `WORKER_CONCURRENCY=${raw} is not understood: set it to how many songs this process renders at once, 0 (none: leave them to npm run worker) to 64.`,
    );
  }
  return Number(raw);
}

/**
 * MAIL_TRANSPORT, and PUBLIC_URL when mail is on: a link in a mail must point at the site people
 * know, never at whatever Host a request claimed (a reset link sent to an attacker's address).
 */
function readMail(env: NodeJS.ProcessEnv): ServerConfig["mail"] {
  const setting = readMailSetting(env, (message) => new ConfigError(message));
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(publicUrl)) {
    throw new ConfigError(
      `PUBLIC_URL=${publicUrl} is not an address: set it to the site's address, e.g. https://music.example.org.`,
    );
  }
  if (setting !== "none" && publicUrl === undefined) {
    throw new ConfigError(
      `MAIL_TRANSPORT=${setting} needs PUBLIC_URL, the site's address for links in mail, e.g. PUBLIC_URL=https://music.example.org.`,
    );
  }
  return { setting, publicUrl };
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    s3: readS3Settings(env, (message) => new ConfigError(message)),
    demo: {
      email: env.DEMO_EMAIL || undefined,
      proEmail: env.DEMO_PRO_EMAIL || undefined,
      password: env.DEMO_PASSWORD || undefined,
    },
    generator: readGeneratorSetting(env, (message) => new ConfigError(message)),
    separationServer: readSeparationServerSetting(env, (message) => new ConfigError(message)),
    generateEndpoint: readGenerateEndpoint(env, (message) => new ConfigError(message)),
    workerConcurrency: parseWorkerConcurrency(env.WORKER_CONCURRENCY),
    upgradeMethod: readUpgradeMethod(env, (message) => new ConfigError(message)),
    mail: readMail(env),
  };
}
