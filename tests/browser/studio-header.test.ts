// The studio under the app's header, in Chromium: the header's links (Studio marked as the current
// place), search, the bell and the signed-in account's handle, plan and credits are there, and the
// studio fills the window's height below the header with nothing scrolling the page.

import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 60_000 };

describe("the studio's header", () => {
  it("shows the app header above a studio that fills the rest of the window", async () => {
    const { page, db } = app();
    const pro = await db
      .selectFrom("users")
      .select(["handle", "credits"])
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    await app().signIn(PRO_USER, "/studio");
    await expect.poll(() => page.getByTestId("track-header").count(), WAIT).toBe(8);

    const header = page.getByTestId("page-header");
    const nav = header.getByRole("navigation");
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Create", "Library", "Studio"]);
    expect(await nav.getByRole("link", { name: "Studio" }).getAttribute("aria-current")).toBe("page");
    expect(await header.getByRole("link", { name: "Tunesmith" }).getAttribute("href")).toBe("/");
    expect(await header.getByRole("searchbox").count()).toBe(1);
    expect(await header.getByTestId("notification-bell").count()).toBe(1);
    await expect
      .poll(() => header.getByTestId("account-menu").textContent(), WAIT)
      .toContain(`@${pro.handle}`);
    expect(await header.locator(".account-plan").textContent()).toBe("pro");
    await expect
      .poll(() => header.getByTestId("account-credits").textContent(), WAIT)
      .toBe(`${pro.credits} credits`);

    // The studio starts where the header ends and reaches the window's bottom; the page never scrolls.
    const layout = await page.evaluate(() => {
      const top = document.querySelector('[data-testid="page-header"]')?.getBoundingClientRect();
      const studio = document.querySelector('[data-testid="studio"]')?.getBoundingClientRect();
      return {
        headerBottom: top?.bottom ?? -1,
        studioTop: studio?.top ?? -1,
        studioBottom: studio?.bottom ?? -1,
        windowHeight: window.innerHeight,
        scrolls: document.documentElement.scrollHeight > window.innerHeight,
      };
    });
    expect(layout.studioTop).toBeGreaterThanOrEqual(layout.headerBottom);
    expect(layout.studioTop - layout.headerBottom).toBeLessThan(20);
    expect(layout.studioBottom).toBe(layout.windowHeight);
    expect(layout.scrolls).toBe(false);

    // The header's links leave the studio.
    await nav.getByRole("link", { name: "Library" }).click();
    await page.waitForURL((url) => url.pathname === "/me");
  });
});
