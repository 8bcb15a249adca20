// /home in Chromium: public songs in several genres; the discover sections come in as the page
// scrolls (never a private song), the Feed tab lists the public feed, and the promo sidebar
// stays hidden once hidden twice.

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const GENRES = ["metal", "jazz", "reggae", "country", "ambient", "latin", "trap", "edm"];

describe("the home page", () => {
  it("shows the discover sections as the page scrolls, with no private song", async () => {
    const { page, baseUrl, db } = app();
    const owner = await accountOf(db, PRO_USER);
    for (const [index, genre] of GENRES.entries()) {
      await newTestClip(db, {
        userId: owner.id,
        isPublic: true,
        title: `${genre} anthem`,
        metadata: { type: "gen", tags: genre, duration: 30 },
        createdAt: new Date(Date.now() - index * 60_000),
      });
    }
    await newTestClip(db, { userId: owner.id, title: "Hidden demo", metadata: { tags: "metal" } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/home`);
    const sections = page.getByTestId("discover-section");
    await expect.poll(() => sections.count()).toBeGreaterThanOrEqual(3);
    const first = await sections.count();
    const last = page.locator('[data-testid="discover-section"]', { hasText: "Trending in EDM" });
    expect(await last.count()).toBe(0);
    expect(first).toBeLessThan(5 + GENRES.length);
    await page.screenshot({ path: "/tmp/discover-home.png" });
    for (let i = 0; i < 20 && (await last.count()) === 0; i++) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(200);
    }
    await expect.poll(() => last.count()).toBe(1);
    expect(await sections.count()).toBeGreaterThan(first);
    expect(await page.getByTestId("discover-song").filter({ hasText: "edm anthem" }).count()).toBeGreaterThan(
      0,
    );
    expect(await page.getByText("Hidden demo").count()).toBe(0);
    // A genre heading opens the genre's songs.
    await last.getByRole("link", { name: "Trending in EDM" }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("type") === "genre");
    await expect.poll(() => page.getByTestId("clip-title").allTextContents()).toEqual(["edm anthem"]);
  });

  it("lists the public feed under Feed", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/home?tab=feed`);
    const titles = page.getByTestId("public-feed").getByTestId("clip-title");
    await expect.poll(() => titles.count()).toBe(GENRES.length);
    expect(await titles.first().textContent()).toBe("metal anthem");
    expect(await page.getByText("Hidden demo").count()).toBe(0);
  });

  it("keeps the promo sidebar hidden once hidden twice", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/home`);
    const promo = page.getByTestId("promo-sidebar");
    await expect.poll(() => promo.count()).toBe(1);
    await promo.getByRole("button", { name: "Hide" }).click();
    expect(await promo.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId("discover-section").count()).toBeGreaterThan(0);
    expect(await promo.count()).toBe(1);
    await promo.getByRole("button", { name: "Hide" }).click();
    await page.reload();
    await expect.poll(() => page.getByTestId("discover-section").count()).toBeGreaterThan(0);
    expect(await promo.count()).toBe(0);
  });
});
