// The built pages under the server's Content-Security-Policy in Chromium: each page answers with
// the policy and works under it (the engine's wasm, worklets and workers, the timeline's renderer,
// the player), and the browser reports no violation anywhere, in the page or in its workers.

import type { ConsoleMessage, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { playingAt } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
const WAIT = { timeout: 30_000 };

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * Violations the page's document saw since the last call, with where they came from, and the
 * console's reports of the page and its workers (a worker's violations are only logged).
 */
function watchViolations(page: Page): () => Promise<string[]> {
  let reported: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (message.text().includes("Content Security Policy")) reported.push(message.text());
  };
  page.on("console", listen);
  page.on("worker", (worker) => worker.on("console", listen));
  void page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => {
    const seen = [...reported, ...(await page.evaluate(() => window.cspViolations?.splice(0) ?? []))];
    reported = [];
    return seen;
  };
}

/** Opens a page of the app and checks it came with the pages' policy. */
async function open(page: Page, address: string, frameAncestors: string): Promise<void> {
  const response = await page.goto(address);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).toContain(`frame-ancestors ${frameAncestors}`);
}

describe("the pages under the Content-Security-Policy", () => {
  let songId = "";
  let violations: () => Promise<string[]>;

  beforeAll(async () => {
    const { db, storage, page } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Policy Song", isPublic: true, seconds: 6 },
    );
    songId = song.id;
    violations = watchViolations(page);
  }, 60_000);

  it("runs /create and /me with no violation", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER, "/create");
    await open(page, `${baseUrl}/create`, "'none'");
    await expect.poll(() => page.getByText("Policy Song").count(), WAIT).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
    await open(page, `${baseUrl}/me`, "'none'");
    await expect.poll(() => page.getByText("Policy Song").count(), WAIT).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  }, 120_000);

  it("plays a song page through the engine with no violation", async () => {
    const { page, baseUrl } = app();
    await open(page, `${baseUrl}/song/${songId}`, "'none'");
    const shown = page.getByTestId("song-page");
    await expect.poll(() => shown.getByTestId("song-title").textContent(), WAIT).toBe("Policy Song");
    await shown.getByRole("button", { name: "Play Policy Song" }).click();
    await expect.poll(() => playingAt(page), WAIT).toBeGreaterThan(0.5);
    expect(await violations()).toEqual([]);
  }, 120_000);

  it("opens and plays the studio's demo project with no violation", async () => {
    const { page, baseUrl } = app();
    await open(page, `${baseUrl}/studio`, "'none'");
    await expect
      .poll(() => page.getByTestId("loading-overlay").textContent(), { timeout: 60_000 })
      .toContain("DSP engine ready");
    await expect.poll(() => page.getByTestId("clip-item").count(), WAIT).toBe(28);
    await page.getByTestId("play-button").click();
    await expect.poll(() => page.getByTestId("playhead-time").textContent(), WAIT).not.toBe("0:00.0");
    await page.keyboard.press("Space");
    expect(await violations()).toEqual([]);
  }, 120_000);

  it("loads the embeddable player, which any site may frame, with no violation", async () => {
    const { page, baseUrl } = app();
    await open(page, `${baseUrl}/embed/${songId}`, "*");
    await expect.poll(() => page.locator(".embed-title").textContent(), WAIT).toBe("Policy Song");
    await expect.poll(() => page.locator(".embed-wave-box").getAttribute("data-drawn"), WAIT).toBe("true");
    await page.getByRole("button", { name: "Play Policy Song" }).click();
    await expect
      .poll(() => page.locator("audio").evaluate((element: HTMLAudioElement) => element.currentTime), WAIT)
      .toBeGreaterThan(0.5);
    expect(await violations()).toEqual([]);
  }, 120_000);
});
