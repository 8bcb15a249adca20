// Sharing in Chromium: the song menu's Share to... makes a short link and shows the embed code; a
// listener opens the song by its /s/ link and plays it; the embed player, in a 760x240 iframe on
// another page, shows the song and plays it.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { playingAt } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("sharing a song", () => {
  let songId = "";
  let shortLink = "";

  it("makes a short link in the Share modal, with the embed code", async () => {
    const { page, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const row = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Shared Shores", isPublic: true, seconds: 6 },
    );
    songId = row.id;
    await app().signIn(FREE_USER, `/song/${songId}`);
    await page.getByRole("button", { name: /^More actions/ }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Share to..." }).click();
    const modal = page.getByTestId("share-modal");
    await expect.poll(() => modal.getByTestId("share-link").inputValue()).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
    shortLink = await modal.getByTestId("share-link").inputValue();
    const code = await modal.getByTestId("share-embed-code").inputValue();
    expect(code).toContain(`/embed/${songId}" width="760" height="240"`);
    expect(code).toContain("Listen on Tunesmith");
    await page.screenshot({ path: "/tmp/social-share-modal.png" });
    await modal.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => modal.count()).toBe(0);
  }, 60_000);

  it("opens the song by its /s/ link and plays it", async () => {
    const { page } = app();
    await page.goto(shortLink);
    await page.waitForURL((url) => url.pathname === `/song/${songId}`);
    const shown = page.getByTestId("song-page");
    await expect.poll(() => shown.getByTestId("song-title").textContent()).toBe("Shared Shores");
    await shown.getByRole("button", { name: "Play Shared Shores" }).click();
    await expect.poll(() => playingAt(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  }, 60_000);

  it("plays in a 760x240 iframe on another page", async () => {
    const { page, baseUrl } = app();
    // Another site's page, from a server of its own (another origin on this machine), embeds the player.
    const html = `<html><body style="margin:0;background:#fff"><iframe id="player" src="${baseUrl}/embed/${songId}" width="760" height="240" frameborder="0"></iframe></body></html>`;
    const site = createServer((_request, response) =>
      response.writeHead(200, { "content-type": "text/html" }).end(html),
    );
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const { port } = site.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/blog.html`);

    const frame = page.frameLocator("#player");
    await expect
      .poll(() => frame.locator(".embed-title").textContent(), { timeout: 15_000 })
      .toBe("Shared Shores");
    await expect.poll(() => frame.locator(".embed-wave-box").getAttribute("data-drawn")).toBe("true");
    expect(await frame.getByRole("link", { name: "Listen on Tunesmith" }).getAttribute("href")).toBe(
      `${baseUrl}/song/${songId}`,
    );
    const box = await page.locator("#player").boundingBox();
    expect([box?.width, box?.height]).toEqual([760, 240]);
    await frame.getByRole("button", { name: "Play Shared Shores" }).click();
    const audio = frame.locator("audio");
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.5);
    await page.screenshot({ path: "/tmp/social-embed.png", clip: { x: 0, y: 0, width: 800, height: 260 } });
    // A missing song shows a plain message, and the server says 404.
    const missing = await page.request.get(`${baseUrl}/embed/5a0c1f4e-0000-4000-8000-000000000000`);
    expect(missing.status()).toBe(404);
    site.close();
  }, 60_000);
});
