import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { openTestDatabase } from "../server-database.ts";

const distDir = mkdtempSync(join(tmpdir(), "tunesmith-dist-"));
writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Tunesmith</title>");
const database = await openTestDatabase("pglite");
const app = await buildApp({
  database,
  distDir,
  storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), "files-"))),
});

beforeAll(() => app.ready());
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("server", () => {
  it("answers the health check", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("sends cross-origin isolation headers on pages and API alike", async () => {
    for (const url of ["/", "/api/health", "/api/missing"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(response.headers["cross-origin-embedder-policy"]).toBe("require-corp");
    }
  });

  it("answers unknown API routes with a JSON 404 detail", async () => {
    const response = await app.inject({ method: "POST", url: "/api/missing?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: "No route for POST /api/missing" });
  });

  it("serves the page for client-side routes", async () => {
    const response = await app.inject({ method: "GET", url: "/studio?for_clip_id=abc" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toContain("<title>Tunesmith</title>");
  });

  it("answers malformed JSON with a 400 detail and no stack trace", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/health",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(Object.keys(response.json())).toEqual(["detail"]);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
