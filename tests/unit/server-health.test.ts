import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { openTestDatabase } from "../server-database.ts";

describe("health check", () => {
  it("answers 200 while the database answers, 503 once it does not", async () => {
    const database = await openTestDatabase("pglite");
    const app = await buildApp({
      database,
      storage: new LocalDiskStorage(mkdtempSync(join(tmpdir(), "tunesmith-files-"))),
    });
    try {
      const healthy = await app.inject({ method: "GET", url: "/api/health" });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: "ok", database: "pglite" });
      await database.close();
      const down = await app.inject({ method: "GET", url: "/api/health" });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: "unavailable",
        database: "pglite",
        detail: "The database is not reachable",
      });
    } finally {
      await app.close();
    }
  });
});
