import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import type { DatabaseHandle } from "../../src/server/db/database.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { tooManyLoginFailures } from "../../src/shared/api/login-delay.ts";
import { newAccountBody } from "../api-server.ts";
import { BACKENDS, openTestDatabase } from "../server-database.ts";

/** Sends bytes as they are (no client fixes them up) and reads the answer until the server closes. */
function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** A server behind one trusted proxy (TRUST_PROXY=1), as the probe ran it. */
describe.each(BACKENDS)("HTTP behaviour behind a trusted proxy on %s", (backend) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let url = "";
  let storageRoot = "";
  const leftover = (root: string) => join(root, "clips/killed/audio.wav.partial-4242-0a0b0c0d0e0f");
  // A write ten minutes old may be another instance's upload in progress: it stays.
  const young = (root: string) => join(root, "clips/writing/audio.wav.partial-4343-0a0b0c0d0e0f");
  const logLines: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    const root = mkdtempSync(join(tmpdir(), "tunesmith-files-"));
    // What a write killed two hours ago left: the sweep at start removes it.
    mkdirSync(join(root, "clips/killed"), { recursive: true });
    writeFileSync(leftover(root), Buffer.alloc(4096));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(leftover(root), twoHoursAgo, twoHoursAgo);
    mkdirSync(join(root, "clips/writing"), { recursive: true });
    writeFileSync(young(root), Buffer.alloc(1024));
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    utimesSync(young(root), tenMinutesAgo, tenMinutesAgo);
    storageRoot = root;
    const storage = new LocalDiskStorage(root);
    const logger = { level: "info", stream: { write: (line: string) => logLines.push(line) } };
    app = await buildApp({ database, storage, trustProxy: 1, logger });
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
  });

  /** A sign-in through the proxy: the client's own X-Forwarded-For, then the address the proxy saw. */
  const login = (body: object, clientSays: string, proxySaw: string) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `${clientSays}, ${proxySaw}` },
      body: JSON.stringify(body),
    });

  it("removes the partial files a crash left, at start, and logs how many", async () => {
    await expect.poll(() => existsSync(leftover(storageRoot)), { timeout: 30_000 }).toBe(false);
    expect(existsSync(young(storageRoot))).toBe(true);
    const swept = () =>
      logLines
        .map((line) => JSON.parse(line) as { msg?: string; files?: number; bytes?: number })
        .find((entry) => entry.msg === "removed leftover partial files");
    await expect.poll(swept, { timeout: 30_000 }).toMatchObject({ files: 1, bytes: 4096 });
  });

  it("limits sign-ins per address however the client rotates X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      // A new email each time, so only the per-address limit can answer 429.
      const response = await login(
        { email: `nobody${attempt}-${backend}@example.com`, password: "guess" },
        `10.9.${attempt}.1`,
        "203.0.113.7",
      );
      statuses.push(response.status);
      const body = (await response.json()) as { detail?: unknown };
      expect(typeof body.detail).toBe("string");
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("delays one account's sign-ins after 5 failures, from any address, and lets its owner in after", async () => {
    const account = newAccountBody();
    expect(
      (
        await fetch(`${url}/api/auth/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(account),
        })
      ).status,
    ).toBe(201);
    const wrong = { email: account.email, password: "wrong password" };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(wrong, "x", `198.51.100.${attempt}`)).status).toBe(401);
    }
    const throttled = await login(
      { email: account.email.toUpperCase(), password: account.password },
      "x",
      "198.51.100.99",
    );
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("2");
    expect(await throttled.json()).toEqual({ detail: tooManyLoginFailures(2) });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const allowed = await login({ email: account.email, password: account.password }, "x", "198.51.100.98");
    expect(allowed.status).toBe(200);
    // A success forgets the failures: the next wrong password is a plain 401.
    expect((await login(wrong, "x", "198.51.100.97")).status).toBe(401);
  });

  it("sends HSTS only when the proxy says the request came over HTTPS", async () => {
    const plain = await fetch(`${url}/api/health`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await fetch(`${url}/api/health`, { headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("puts security headers on pages, API answers and errors, keeping cross-origin isolation", async () => {
    const page = await fetch(`${url}/create`);
    const pagePolicy = page.headers.get("content-security-policy") ?? "";
    expect(pagePolicy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(pagePolicy).toContain("worker-src 'self' blob:");
    expect(pagePolicy).toContain("frame-ancestors 'none'");
    expect(pagePolicy).not.toContain("unsafe-inline' 'wasm");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const embed = await fetch(`${url}/embed/some-song`);
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
    for (const response of [
      page,
      embed,
      await fetch(`${url}/api/health`),
      await fetch(`${url}/api/nothing-here`),
    ]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(response.headers.get("cross-origin-embedder-policy")).toBe("require-corp");
    }
    const api = await fetch(`${url}/api/session`);
    expect(api.headers.get("content-security-policy")).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("answers CORS for bearer-token clients, never with credentials", async () => {
    const preflight = await fetch(`${url}/api/feed/v3`, {
      method: "OPTIONS",
      headers: {
        origin: "https://elsewhere.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const simple = await fetch(`${url}/api/session`, { headers: { origin: "https://elsewhere.example" } });
    expect(simple.headers.get("access-control-allow-origin")).toBe("*");
    expect(simple.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("answers the router's own errors as JSON {detail}", async () => {
    const badEncoding = await fetch(`${url}/api/clip/%zz`);
    expect(badEncoding.status).toBe(400);
    expect(await badEncoding.json()).toEqual({
      detail: "The path is not a valid URL (bad percent-encoding)",
    });
    const longPart = await fetch(`${url}/api/clip/${"a".repeat(150)}`);
    expect(longPart.status).toBe(414);
    expect(await longPart.json()).toEqual({ detail: "A part of the path is too long" });
    const post = (body: string, type: string) =>
      fetch(`${url}/api/project`, { method: "POST", headers: { "content-type": type }, body });
    const badJson = await post('{"name": ', "application/json");
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ detail: "The body is not valid JSON" });
    const badType = await post("name=x", "application/x-tunesmith");
    expect(badType.status).toBe(415);
    expect(await badType.json()).toEqual({
      detail: "Unsupported content type: this route takes JSON or the file types it names",
    });
    const tooLarge = await post(JSON.stringify({ name: "x".repeat(12 * 1024 * 1024) }), "application/json");
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ detail: "The request body is too large" });
    // Refused by the HTTP parser before Fastify routes anything.
    const longUrl = await fetch(`${url}/api/project/me?query=${"a".repeat(20_000)}`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await longUrl.json()).toEqual({
      detail: "The request's address or headers are too long",
    });
    const notHttp = await rawRequest(url, "GET /api/project/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
    expect(notHttp.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(JSON.parse(notHttp.slice(notHttp.indexOf("\r\n\r\n") + 4))).toEqual({
      detail: "The request is not valid HTTP",
    });
    const nul = await fetch(`${url}/api/project/me?query=%00`);
    expect(nul.status).toBeLessThan(500);
    expect(typeof ((await nul.json()) as { detail?: unknown }).detail).toBe("string");
  });
});
