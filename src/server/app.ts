import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { CROSS_ORIGIN_ISOLATION_HEADERS } from "../shared/isolation-headers.ts";

export interface AppOptions {
  /** The built pages; omitted by the dev server, where Vite serves them. */
  readonly distDir?: string;
  readonly logger?: boolean;
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });

  app.addHook("onSend", async (_request, reply) => {
    reply.headers(CROSS_ORIGIN_ISOLATION_HEADERS);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    reply.status(status).send({ detail: status >= 500 ? "Internal server error" : error.message });
  });

  app.get("/api/health", async () => ({ status: "ok" }));

  const distDir = options.distDir;
  const pagesBuilt = distDir !== undefined && existsSync(join(distDir, "index.html"));
  if (pagesBuilt) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !request.url.startsWith("/api/") && pagesBuilt;
    // Client-side routes (/create, /studio, ...) all load the one page.
    if (wantsPage) return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send({ detail: `No route for ${request.method} ${request.url.split("?")[0]}` });
  });

  return app;
}
