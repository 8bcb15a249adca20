// Search in Chromium: words typed in the header's box open the search page, the best match first;
// a result opens its song page, whose tags open the tag's songs.

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();

describe("search", () => {
  it("finds songs from the header box, opens one, and lists a tag's songs", async () => {
    const { page, baseUrl, db } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = (title: string, tags: string, isPublic = true) =>
      newTestClip(db, { userId: owner.id, isPublic, title, metadata: { type: "gen", tags, duration: 40 } });
    const exact = await song("Zanzibar Lantern", "harbour folk, warm");
    await song("Zanzibar Lantern Parade", "brass, warm");
    await song("Lanterns of Zanzibar", "ambient");
    await song("Zanzibar Lantern (private take)", "warm", false);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/home`);
    const box = page.getByTestId("header-search");
    await box.fill("  zanzibar lanter ");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    const titles = page.getByTestId("search-page").getByTestId("clip-title");
    await expect.poll(() => titles.count()).toBe(3);
    expect(await titles.allTextContents()).toEqual([
      "Zanzibar Lantern",
      "Zanzibar Lantern Parade",
      "Lanterns of Zanzibar",
    ]);
    expect(await page.getByTestId("search-count").textContent()).toBe("3 songs");
    await page.screenshot({ path: "/tmp/discover-search.png" });

    await titles.first().click();
    await page.waitForURL((url) => url.pathname === `/song/${exact.id}`);
    await expect.poll(() => page.getByTestId("song-title").textContent()).toBe("Zanzibar Lantern");
    await page.getByTestId("song-tags").getByRole("link", { name: "warm" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "tag");
    await expect.poll(() => page.getByTestId("search-count").textContent()).toBe("2 songs");
    expect(await page.getByRole("heading", { name: "Songs tagged “warm”" }).count()).toBe(1);
    expect(await page.getByText("private take").count()).toBe(0);
  });
});
