// /song/{id} in Chromium: a user has a public and a private song (laid out with real WAV audio, as
// generating one is slow on shared cores); another user opens the public one's page,
// plays it from the address's ?t=, likes it and copies its links; the private take and a missing
// song show as not found, with nothing of the private song on the page.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { pausePlayer, playerPosition, playingAt } from "./player-bar.ts";

const app = openCreateApp();

const playsOf = async (page: Page, baseUrl: string, id: string): Promise<number> =>
  ((await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as { play_count: number }).play_count;

describe("the song page", () => {
  let publicId = "";
  let privateId = "";

  it("shows another user's public song and plays it from ?t=", async () => {
    const { page, baseUrl, db, storage } = app();
    const owner = await db
      .selectFrom("users")
      .select(["id", "handle"])
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const song = (title: string, isPublic: boolean) =>
      newClipWithAudio(
        db,
        storage,
        {
          userId: owner.id,
          title,
          status: "complete",
          isPublic,
          metadata: {
            type: "gen",
            tags: "folk, warm",
            prompt: "[Verse]\nLight on the water, keep the harbour bright",
            duration: 6,
          },
        },
        { channels: testAudio(6 * 44_100), sampleRate: 44_100 },
      );
    publicId = (await song("Harbour Lights", true)).row.id;
    privateId = (await song("Secret Harbour", false)).row.id;

    await app().signIn(FREE_USER, `/song/${publicId}?t=2`);
    const shown = page.getByTestId("song-page");
    await expect.poll(() => shown.getByTestId("song-title").textContent()).toBe("Harbour Lights");
    expect(await shown.getByTestId("song-owner").textContent()).toBe(`@${owner.handle}`);
    expect(await shown.getByTestId("song-tags").textContent()).toContain("folk");
    expect(await shown.getByTestId("song-lyrics").textContent()).toContain("Light on the water");
    expect(await shown.getByTestId("song-plays").textContent()).toBe("0 plays");
    expect(await shown.getByTestId("song-duration").textContent()).toMatch(/^\d+:\d\d$/);
    await expect.poll(() => shown.getByTestId("clip-waveform").getAttribute("data-drawn")).toBe("true");

    await shown.getByRole("button", { name: "Play Harbour Lights" }).click();
    // Playback starts at the address's 2 seconds, not at the song's start.
    await expect.poll(() => playingAt(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: "/tmp/song-page.png" });
    // Half the 6-second song heard is a play: counted by the server, shown on the page.
    await expect
      .poll(() => shown.getByTestId("song-plays").textContent(), { timeout: 15_000 })
      .toBe("1 play");
    expect(await playsOf(page, baseUrl, publicId)).toBe(1);

    await shown.getByRole("button", { name: "Like", exact: true }).click();
    await expect.poll(() => shown.getByTestId("song-likes").textContent()).toBe("1");
    await page.reload();
    await expect.poll(() => page.getByTestId("song-likes").textContent()).toBe("1");
    expect(await page.getByRole("button", { name: "Unlike" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("copies the song's link, and the link at the player's current time", async () => {
    const { page, baseUrl } = app();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    const menu = page.getByTestId("song-menu");
    const openMenu = () => page.getByRole("button", { name: /^More actions/ }).click();
    await openMenu();
    await menu.getByRole("menuitem", { name: "Copy Link", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${baseUrl}/song/${publicId}`);
    // Choosing an entry closed the menu.
    expect(await menu.count()).toBe(0);
    await openMenu();
    // The page was reloaded: the player is idle, so the current time is where the address starts.
    await menu.getByRole("menuitem", { name: "Copy Link at Current Time" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${baseUrl}/song/${publicId}?t=2`);

    // Playing again in the same session, past half the song, counts no second play; paused there,
    // the link has the player's time.
    await page.getByRole("button", { name: "Play Harbour Lights" }).click();
    await expect.poll(() => playingAt(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await pausePlayer(page);
    expect(await playsOf(page, baseUrl, publicId)).toBe(1);
    expect(await page.getByTestId("song-plays").textContent()).toBe("1 play");
    const at = Math.floor(await playerPosition(page));
    expect(at).toBeGreaterThanOrEqual(4);
    await openMenu();
    await menu.getByRole("menuitem", { name: "Copy Link at Current Time" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${baseUrl}/song/${publicId}?t=${at}`);
  });

  it("opens a finished song's page from its title in the library", async () => {
    const { page } = app();
    await app().signOut();
    await app().signIn(PRO_USER, "/me");
    const row = page.locator(`[data-testid="clip-row"][data-clip-id="${publicId}"]`);
    await row.getByTestId("clip-title").click();
    await page.waitForURL((url) => url.pathname === `/song/${publicId}`);
    await expect.poll(() => page.getByTestId("song-title").textContent()).toBe("Harbour Lights");
    // The owner sees their private song's page too.
    await page.goto(`${app().baseUrl}/song/${privateId}`);
    await expect.poll(() => page.getByTestId("song-title").textContent()).toBe("Secret Harbour");
    await app().signOut();
    await app().signIn(FREE_USER, `/song/${publicId}`);
  });

  it("shows another user's private song, and a missing one, as not found", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/song/${privateId}`);
    const missing = page.getByTestId("song-not-found");
    await expect.poll(() => missing.textContent()).toContain("Song not found");
    expect(await page.getByTestId("song-page").count()).toBe(0);
    expect(await page.content()).not.toContain("Secret Harbour");
    await page.screenshot({ path: "/tmp/song-not-found.png" });

    await page.goto(`${baseUrl}/song/${crypto.randomUUID()}`);
    await expect.poll(() => page.getByTestId("song-not-found").textContent()).toContain("Song not found");
  });
});
