import type { FastifyInstance } from "fastify";
import { docsPageHtml } from "../openapi/docs-page.ts";
import { serverOpenApiDocument } from "../openapi/openapi-document.ts";

/**
 * The docs page is an API answer (so it gets the API's sandboxing policy) but needs its own inline
 * styles; it still runs no script and loads nothing.
 */
const DOCS_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** The API described: the OpenAPI document, and a page to read it. */
export function registerApiDocsRoutes(app: FastifyInstance): void {
  app.get("/api/openapi.json", async () => serverOpenApiDocument());

  let page: string | null = null;
  app.get("/api/docs", {
    onSend: async (_request, reply) => {
      reply.header("content-security-policy", DOCS_POLICY);
    },
    handler: async (_request, reply) => {
      page ??= docsPageHtml(serverOpenApiDocument());
      return reply.type("text/html; charset=utf-8").send(page);
    },
  });
}
