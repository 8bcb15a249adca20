import { describe, expect, it } from "vitest";
import type { Session } from "../../src/shared/api/accounts.ts";
import { startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("languages on %s", (backend) => {
  const server = startApiServer(backend);

  it("keeps a signed-in person's language on their account, for their session only", async () => {
    const owner = await server.signedUp();
    const other = await server.signedUp();
    expect((await owner.client.get<Session>("/api/session")).body.language).toBeNull();
    const set = await owner.client.post("/api/account/language", { language: "es" });
    expect(set.status).toBe(204);
    expect((await owner.client.get<Session>("/api/session")).body.language).toBe("es");
    expect((await other.client.get<Session>("/api/session")).body.language).toBeNull();
  });

  it("refuses a language it does not have, and anonymous callers", async () => {
    const owner = await server.signedUp();
    const unknown = await owner.client.post("/api/account/language", { language: "fr" });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.detail)).toMatch(/^Invalid body: /);
    expect((await owner.client.get<Session>("/api/session")).body.language).toBeNull();
    const anonymous = await server.client().post("/api/account/language", { language: "es" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
  });

  it("serves the texts per language and namespace, cached for long with a version", async () => {
    const versioned = await fetch(`${server.url()}/locales/es/common.json?v=abc123`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(versioned.headers.get("content-type")).toMatch(/^application\/json/);
    const texts = (await versioned.json()) as { nav: { create: string } };
    expect(texts.nav.create).toBe("Crear");
    const unversioned = await fetch(`${server.url()}/locales/en/common.json`);
    expect(unversioned.headers.get("cache-control")).toBe("no-cache");
    for (const path of [
      "/locales/fr/common.json",
      "/locales/en/secrets.json",
      "/locales/en/..%2Fcommon.json",
    ]) {
      const missing = await fetch(`${server.url()}${path}`);
      expect(missing.status, path).toBe(404);
      expect(((await missing.json()) as { detail: string }).detail, path).toMatch(/^No texts at /);
    }
  });
});
