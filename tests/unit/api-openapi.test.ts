import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { OpenApiDocument } from "../../src/server/openapi/document.ts";
import { buildOpenApiDocument, openApiPath } from "../../src/server/openapi/document.ts";
import { startApiServer } from "../api-server.ts";

describe("the OpenAPI document", () => {
  const server = startApiServer("pglite");

  it("describes every route the server registered, with its method", async () => {
    const response = await server.client().get<OpenApiDocument>("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");
    const missing = server
      .app()
      .routeTable.filter(
        (route) =>
          document.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as "get"] === undefined,
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it("lists no route the server does not have", async () => {
    const document = (await server.client().get<OpenApiDocument>("/api/openapi.json")).body;
    const registered = new Set(
      server.app().routeTable.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`),
    );
    const extra = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .map((method) => `${method} ${path}`)
        .filter((key) => !registered.has(key)),
    );
    expect(extra).toEqual([]);
  });

  it("carries the request schemas the handlers parse with: the generate body's fields and limits", async () => {
    const document = (await server.client().get<OpenApiDocument>("/api/openapi.json")).body;
    const generate = document.paths["/api/generate/v2/"]?.post;
    const schema = generate?.requestBody?.content["application/json"].schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["prompt", "tags", "mv"]));
    const clip = document.paths["/api/clip/{clip_id}"]?.get;
    expect(clip?.parameters).toContainEqual(
      expect.objectContaining({ name: "clip_id", in: "path", required: true }),
    );
    const feed = document.paths["/api/feed/v2"]?.get;
    expect(feed?.parameters.some((parameter) => parameter.in === "query")).toBe(true);
  });

  it("renders a readable page of the document, without scripts", async () => {
    const response = await fetch(`${server.url()}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("/api/generate/v2/");
    expect(html).not.toContain("<script");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("buildOpenApiDocument", () => {
  it("turns path parameters and query and body schemas into OpenAPI parameters and bodies", () => {
    const document = buildOpenApiDocument([
      {
        tag: "Things",
        operations: [
          {
            method: ["POST", "DELETE"],
            path: ["/api/thing/:thing_id.jpg", "/api/thing/:thing_id.jpg/"],
            summary: "A thing",
            query: z.object({ page: z.coerce.number().int().optional() }),
            body: z.object({ name: z.string().max(10) }),
            response: z.object({ ok: z.boolean() }),
          },
        ],
      },
    ]);
    expect(Object.keys(document.paths)).toEqual(["/api/thing/{thing_id}.jpg", "/api/thing/{thing_id}.jpg/"]);
    const post = document.paths["/api/thing/{thing_id}.jpg"]?.post;
    expect(post?.parameters).toEqual([
      { name: "thing_id", in: "path", required: true, schema: { type: "string" } },
      {
        name: "page",
        in: "query",
        required: false,
        schema: { type: "integer", minimum: expect.any(Number), maximum: expect.any(Number) },
      },
    ]);
    expect(post?.requestBody?.content["application/json"].schema).toMatchObject({
      type: "object",
      properties: { name: { type: "string", maxLength: 10 } },
      required: ["name"],
    });
    expect(document.paths["/api/thing/{thing_id}.jpg/"]?.delete?.operationId).toBe(
      "deleteThingThingIdJpgSlash",
    );
  });
});
