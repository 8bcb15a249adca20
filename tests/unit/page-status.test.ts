// The server answers 200 for the app's pages and 404 for paths that are no page (with the same
// shell, which shows "Page not found"), and 404 JSON for API paths that do not exist.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newAccountBody, startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

const SHELL = '<!doctype html><html><body><div id="root" data-shell="tunesmith"></div></body></html>';
const ID = "0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f";

function builtPages(): string {
  const dir = mkdtempSync(join(tmpdir(), "tunesmith-dist-"));
  writeFileSync(join(dir, "index.html"), SHELL);
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app.js"), "console.log('app');");
  return dir;
}

describe.each(BACKENDS)("page status codes on %s", (backend) => {
  const server = startApiServer(backend, { distDir: builtPages() });

  const get = async (path: string, cookie?: string) => {
    const response = await fetch(`${server.url()}${path}`, { headers: cookie ? { cookie } : {} });
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      body: await response.text(),
    };
  };

  it.each([
    "/",
    "/create",
    "/create/",
    "/create?wid=abc",
    "/create/v2",
    "/studio?for_clip_id=abc",
    "/login?next=%2Fcreate",
    `/persona/${ID}`,
    "/@demo_pro",
    `/playlist/${ID}?new`,
    "/me",
    "/me/personas",
    "/home",
    "/search",
    "/notifications",
    `/edit/${ID}?wid=default`,
    `/radio/song/${ID}`,
    "/live-radio",
    "/on_repeat",
    "/hooks",
    "/account",
    "/b-side/describe-clip?clipId=x",
  ])("answers the page %s with 200 and the app shell", async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    expect(page.body).toBe(SHELL);
  });

  // A song page and its embed player look their song up (for link previews), and a short link its
  // target: a song or code that is not there is no page either.
  it.each([
    "/s/abc123",
    `/embed/${ID}`,
    "/nope",
    "/studios",
    "/persona/not-an-id",
    `/song/${ID}`,
    `/song/${ID}/extra`,
    "/create/v3",
    "/@x",
  ])("answers %s, no page of the app, with 404 and the shell that says so", async (path) => {
    const page = await get(path);
    expect(page.status).toBe(404);
    expect(page.type).toContain("text/html");
    expect(page.body).toBe(SHELL);
  });

  it("sends old artist links to the profile", async () => {
    for (const [path, target] of [
      ["/artist/demo_pro", "/@demo_pro"],
      ["/artist", "/"],
    ]) {
      const answer = await fetch(`${server.url()}${path}`, { redirect: "manual" });
      expect(answer.status).toBe(301);
      expect(answer.headers.get("location")).toBe(target);
    }
  });

  it("answers the same to a signed-in browser", async () => {
    const signup = await fetch(`${server.url()}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(newAccountBody()),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0];
    expect((await get("/create", cookie)).status).toBe(200);
    expect((await get(`/persona/${ID}`, cookie)).status).toBe(200);
    expect((await get("/nope", cookie)).status).toBe(404);
  });

  it("serves the built files themselves", async () => {
    const script = await get("/assets/app.js");
    expect(script.status).toBe(200);
    expect(script.body).toBe("console.log('app');");
    expect((await get("/assets/missing.js")).status).toBe(404);
  });

  it("answers API paths that do not exist with 404 JSON", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await fetch(`${server.url()}/api/no-such-thing?x=1`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: `No route for ${method} /api/no-such-thing` });
    }
  });
});
