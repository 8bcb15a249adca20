import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { Generator } from "../src/generator/generator.ts";
import type { ResetMail } from "../src/server/account/password-resets.ts";
import { buildApp } from "../src/server/app.ts";
import type { DatabaseHandle } from "../src/server/db/database.ts";
import type { SeparationServerSetting } from "../src/server/separation/separation-server.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import type { Storage } from "../src/server/storage/storage.ts";
import type { AuthResponse, PlanKey } from "../src/shared/api/accounts.ts";
import { openTestDatabase } from "./server-database.ts";

export interface ApiResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** A client that speaks to the server over real HTTP, keeping its own cookie like a browser would. */
export class ApiClient {
  private cookie = "";

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** A client that authenticates with a bearer token instead of a cookie. */
  withToken(token: string): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.headers, authorization: `Bearer ${token}` });
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        // What a browser sends for our own pages' requests.
        "sec-fetch-site": "same-origin",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) this.cookie = setCookie.split(";")[0];
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as T,
    };
  }

  get = <T = Record<string, unknown>>(path: string) => this.request<T>("GET", path);
  post = <T = Record<string, unknown>>(path: string, body?: unknown) =>
    this.request<T>("POST", path, body ?? {});
}

/** A server on its own fresh database for one test file (one per backend), over real HTTP on loopback. */
export function startApiServer(
  backend: "pglite" | "postgres",
  options: {
    storage?: () => Storage | Promise<Storage>;
    /** What makes songs; without one, generation answers 503. Closed with the server. */
    generator?: () => Generator;
    /** Built pages to serve (a folder with index.html); without it the server answers the API only. */
    distDir?: string;
    /** Jobs at once in this process (0: queued work waits, as for `npm run worker` processes). */
    workerConcurrency?: number;
    /** An external separation server, asked for when the server starts (a test's own may start first). */
    separationServer?: () => SeparationServerSetting;
    /** Mail for password reset links; without it the server sends none, as without MAIL_TRANSPORT. */
    resetMail?: () => ResetMail;
  } = {},
) {
  let database: DatabaseHandle | undefined;
  let storage: Storage | undefined;
  let instance: FastifyInstance | undefined;
  let close: (() => Promise<void>) | undefined;
  let baseUrl = "";
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    // A folder made here is removed with the server; a storage passed in is its giver's to clean.
    const folder = options.storage === undefined ? mkdtempSync(join(tmpdir(), "tunesmith-files-")) : null;
    storage = (await options.storage?.()) ?? new LocalDiskStorage(folder as string);
    const app = await buildApp({
      database,
      storage,
      generator: options.generator?.(),
      distDir: options.distDir,
      workerConcurrency: options.workerConcurrency,
      separationServer: options.separationServer?.(),
      resetMail: options.resetMail?.(),
    });
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
    instance = app;
    close = async () => {
      // Connections a client in this process keeps open (seen with the separation server's test) would
      // hold close() until their keep-alive runs out, a minute later: after a short grace, drop them.
      const closing = app.close();
      const grace = setTimeout(() => app.server.closeAllConnections(), 2000);
      await closing;
      clearTimeout(grace);
      await database?.close();
      if (folder !== null) rmSync(folder, { recursive: true, force: true });
    };
  }, 60_000);
  afterAll(() => close?.());
  return {
    client: () => new ApiClient(baseUrl),
    /** The server's address, e.g. http://127.0.0.1:12345. */
    url: () => baseUrl,
    /** The running Fastify app (its decorations, e.g. app.realtime). */
    app: () => {
      if (!instance) throw new Error("The server starts in beforeAll");
      return instance;
    },
    /**
     * A client signed up as a new user (cookie kept), with its bearer token and session; with a plan
     * or credits, the account is then changed as an administrator would.
     */
    signedUp: async (account: { readonly plan?: PlanKey; readonly credits?: number } = {}) => {
      const client = new ApiClient(baseUrl);
      const body = newAccountBody();
      const response = await client.post<AuthResponse>("/api/auth/signup", body);
      if (response.status !== 201) throw new Error(`Signup failed: ${JSON.stringify(response.body)}`);
      const userId = response.body.session.userId as string;
      if (account.plan !== undefined || account.credits !== undefined) {
        await database?.db
          .updateTable("users")
          .set({ plan_key: account.plan, credits: account.credits })
          .where("id", "=", userId)
          .execute();
      }
      return { client, email: body.email, token: response.body.token, userId };
    },
    database: () => {
      if (!database) throw new Error("The database opens in beforeAll");
      return database;
    },
    /** The media store the server was given (local disk in a temporary folder unless one was passed). */
    storage: () => {
      if (!storage) throw new Error("The storage opens in beforeAll");
      return storage;
    },
  };
}

let counter = 0;
/** A signup body unique within the run. */
export function newAccountBody() {
  counter++;
  const id = `${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    email: `user${id}@example.com`,
    password: "correct horse battery",
    handle: `user_${id}`.slice(0, 30),
  };
}
