// Notifications in Chromium, two users in two browsers: the pro user has a public song and the
// library page open; the free user likes it from its song page, and the pro user's bell counts it
// at once, with no reload. The pro user opens the notifications page from the bell and marks it read.
// The create page's first-time hint shows to a user who has made no song yet.

import { describe, expect, it } from "vitest";
import { launchChromium } from "../../src/tooling/chromium.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { DEMO_PASSWORD, FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

describe("notifications", () => {
  it("raises the owner's bell live when another user likes their song, then lists it and marks it read", async () => {
    const { page, baseUrl, db, storage } = app();
    const owner = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const fan = await db
      .selectFrom("users")
      .select("handle")
      .where("email", "=", FREE_USER)
      .executeTakeFirstOrThrow();
    const { row: song } = await newClipWithAudio(
      db,
      storage,
      {
        userId: owner.id,
        title: "Harbour Lights",
        status: "complete",
        isPublic: true,
        metadata: { type: "gen" },
      },
      { channels: testAudio(2 * 8000), sampleRate: 8000 },
    );

    await app().signIn(PRO_USER, "/me");
    const bell = page.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");
    expect(await page.getByTestId("notification-count").count()).toBe(0);

    const other = await launchChromium();
    try {
      const fanPage = await other.context.newPage();
      await fanPage.goto(`${baseUrl}/login?next=${encodeURIComponent(`/song/${song.id}`)}`);
      await fanPage.getByLabel("Email").fill(FREE_USER);
      await fanPage.getByLabel("Password").fill(DEMO_PASSWORD);
      await fanPage.getByRole("button", { name: "Sign in" }).click();
      await fanPage.getByRole("button", { name: "Like", exact: true }).click();
      await expect.poll(() => fanPage.getByTestId("song-likes").textContent()).toBe("1");
      // The fan is told nothing of their own like.
      expect(await fanPage.getByTestId("notification-count").count()).toBe(0);
    } finally {
      await other.close();
    }

    // Live: the owner's page was not reloaded.
    await expect.poll(() => page.getByTestId("notification-count").textContent()).toBe("1");
    expect(await bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await page.screenshot({
      path: "/tmp/notifications-bell.png",
      clip: { x: 0, y: 0, width: 1280, height: 120 },
    });

    await bell.click();
    await page.waitForURL((url) => url.pathname === "/notifications");
    const row = page.getByTestId("notification-row");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(`${fan.handle} liked your song "Harbour Lights"`);
    expect(await row.getAttribute("data-read")).toBe("false");
    expect(await page.getByTestId("notifications-unread").textContent()).toBe("1 unread");
    await page.screenshot({ path: "/tmp/notifications-page.png", fullPage: true });

    await row.getByRole("button", { name: "Mark read" }).click();
    await expect.poll(() => row.getAttribute("data-read")).toBe("true");
    await expect.poll(() => page.getByTestId("notification-count").count()).toBe(0);
    expect(await page.getByTestId("notifications-unread").textContent()).toBe("All read");

    // Nothing newer: the page says so.
    await page.getByRole("button", { name: "Load newer" }).click();
    await expect.poll(() => page.getByText("Nothing newer").count()).toBe(1);
    // Dismissed, it leaves the list, which then shows its empty state.
    await row.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => page.getByTestId("notifications-empty").count()).toBe(1);
    await page.screenshot({ path: "/tmp/notifications-empty.png", fullPage: true });
  });

  it("shows the first-time hint on /create to a user with no song yet, until closed; not to one with songs", async () => {
    const { page } = app();
    await app().signOut();
    await app().signIn(FREE_USER, "/create");
    const hint = page.getByTestId("first-song-hint");
    await expect.poll(() => hint.count()).toBe(1);
    expect(await hint.textContent()).toContain("Make your first song");
    await page.screenshot({
      path: "/tmp/first-song-hint.png",
      clip: { x: 0, y: 0, width: 1280, height: 260 },
    });
    await hint.getByRole("button", { name: "Got it" }).click();
    await expect.poll(() => hint.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId("page-header").count()).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Create", exact: true }).count()).toBe(1);
    expect(await hint.count()).toBe(0);

    // The pro user made "Harbour Lights" in the first test: no hint.
    await app().signOut();
    const asked = page.waitForResponse((response) => response.url().endsWith("/api/analytics/user-event/"));
    await app().signIn(PRO_USER, "/create");
    expect(await (await asked).json()).toEqual({ has_created_song: true });
    await expect.poll(() => page.getByRole("button", { name: "Create", exact: true }).count()).toBe(1);
    expect(await hint.count()).toBe(0);
  });
});
