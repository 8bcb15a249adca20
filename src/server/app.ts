import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { Generator } from "../generator/generator.ts";
import type { GenerateEndpoint } from "../shared/api/create-support.ts";
import { CROSS_ORIGIN_ISOLATION_HEADERS } from "../shared/isolation-headers.ts";
import { matchPageRoute } from "../shared/page-routes.ts";
import { registerAuth } from "./auth/auth-plugin.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { HttpError } from "./http/errors.ts";
import { registerAuthRoutes } from "./routes/auth.ts";
import { registerBillingRoutes } from "./routes/billing.ts";
import { registerClipRoutes } from "./routes/clips.ts";
import { registerCreateSupportRoutes } from "./routes/create-support.ts";
import { registerDownbeatsRoutes } from "./routes/downbeats.ts";
import { registerGenerateRoutes } from "./routes/generate.ts";
import { registerHealthRoutes } from "./routes/health.ts";
import { registerLyricsRoutes } from "./routes/lyrics.ts";
import { registerPersonaRoutes } from "./routes/personas.ts";
import { registerPlaybarStateRoutes } from "./routes/playbar-state.ts";
import { registerPlaylistRoutes } from "./routes/playlists.ts";
import { registerPromptRoutes } from "./routes/prompts.ts";
import { registerRealtimeRoutes } from "./routes/realtime.ts";
import { registerStudioRoutes } from "./routes/studio.ts";
import { registerStudioRenderRoutes } from "./routes/studio-render.ts";
import { registerUploadRoutes } from "./routes/uploads.ts";
import { registerWorkspaceRoutes } from "./routes/workspaces.ts";
import type { Storage } from "./storage/storage.ts";

export interface AppOptions {
  readonly database: DatabaseHandle;
  /** Where media (uploads, clip audio, images) is kept. */
  readonly storage: Storage;
  /** The built pages; omitted by the dev server, where Vite serves them. */
  readonly distDir?: string;
  /** Structured (pino) logs: true for info, or the level to log from. */
  readonly logger?: boolean | { readonly level: string };
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (HTTPS detection for Secure cookies). */
  readonly trustProxy?: boolean;
  /** What makes songs (built-in or an external model); without one, generation answers 503. */
  readonly generator?: Generator | null;
  /** The generation call the create page uses (GENERATE_ENDPOINT); v2 when omitted. */
  readonly generateEndpoint?: GenerateEndpoint;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false });
  const db = options.database.db;

  app.addHook("onSend", async (_request, reply) => {
    reply.headers(CROSS_ORIGIN_ISOLATION_HEADERS);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send({ detail: error.detail });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // Fastify's own 4xx (malformed JSON, body too large, rate limit) carry a message fit for the client.
    return reply.status(status).send({ detail: status >= 500 ? "Internal server error" : error.message });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerAuth(app, db, options.database.writeWatch);

  // Route modules: one line each.
  registerAuthRoutes(app, db);
  registerHealthRoutes(app, options.database);
  registerBillingRoutes(app, db);
  registerClipRoutes(app, { db, storage: options.storage });
  registerRealtimeRoutes(app, db);
  registerUploadRoutes(app, { db, storage: options.storage });
  registerStudioRoutes(app, db);
  registerStudioRenderRoutes(app, { db, storage: options.storage });
  registerDownbeatsRoutes(app, { db, storage: options.storage });
  registerGenerateRoutes(app, { db, storage: options.storage, generator: options.generator });
  registerPromptRoutes(app, db);
  registerPlaybarStateRoutes(app, db);
  registerPersonaRoutes(app, { db, storage: options.storage });
  registerPlaylistRoutes(app, db);
  registerWorkspaceRoutes(app, db);
  registerLyricsRoutes(app, db);
  registerCreateSupportRoutes(app, { db, generateEndpoint: options.generateEndpoint });

  const distDir = options.distDir;
  const pagesBuilt = distDir !== undefined && existsSync(join(distDir, "index.html"));
  if (pagesBuilt) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/") && pagesBuilt;
    // Every page of the app is the one HTML page; a path that is no page gets it too (it shows
    // "Page not found") but with a 404, so crawlers and link checkers see the truth.
    if (wantsPage) {
      const isPage = matchPageRoute(request.url.split("?")[0]) !== null;
      return reply
        .status(isPage ? 200 : 404)
        .type("text/html")
        .sendFile("index.html");
    }
    return reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });

  return app;
}
