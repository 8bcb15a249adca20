import { describe, expect, it } from "vitest";
import { scopeAllows } from "../../src/server/auth/token-scope.ts";

describe("what a script token's scope allows", () => {
  it("lets a write token do anything", () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"])
      expect(scopeAllows("write", method, "/api/gen/:clip_id/set_metadata/")).toBe(true);
  });

  it("lets a read token read, and POST only to the searches and feeds that change nothing", () => {
    expect(scopeAllows("read", "GET", "/api/feed/v2")).toBe(true);
    expect(scopeAllows("read", "HEAD", "/api/media/clips/:clip_id/:file")).toBe(true);
    expect(scopeAllows("read", "POST", "/api/feed/v3")).toBe(true);
    expect(scopeAllows("read", "POST", "/api/search/")).toBe(true);
  });

  it("refuses every write to a read token", () => {
    expect(scopeAllows("read", "POST", "/api/generate/v2/")).toBe(false);
    expect(scopeAllows("read", "PUT", "/api/profiles/me")).toBe(false);
    expect(scopeAllows("read", "DELETE", "/api/comment/:comment_id")).toBe(false);
    expect(scopeAllows("read", "POST", undefined)).toBe(false);
  });
});
