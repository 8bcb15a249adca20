// The global player in Chromium: a song played on /create keeps playing on /me (the same page, the
// same player, its position moving on), next and previous move through the list it was played
// from, the keyboard and the operating system's media controls reach it. Finished songs play
// through the audio engine: what it sends to the speakers is tapped (player-output.ts).

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER, singSong } from "./create-app.ts";
import { installOutputTap } from "./player-output.ts";

const app = openCreateApp();

const bar = (page: Page) => page.getByTestId("player-bar");
/** The position the bar shows on its seek bar (tenths of a second). */
const position = async (page: Page) => Number(await bar(page).getByLabel("Seek").inputValue());
/** What the bar says it does: "playing" only while the engine's position moves. */
const shows = (page: Page) => bar(page).getAttribute("data-state");
const level = (page: Page) => page.evaluate(() => window.playerOutput.report().level);
/** The id of the song in the bar, from its title's link to the song page. */
const playingId = async (page: Page) =>
  (await page.getByTestId("player-title").getAttribute("href"))?.replace("/song/", "");

/** Waits until the position has moved on by `seconds` from where it is now. */
async function playsOn(page: Page, seconds = 1): Promise<void> {
  const from = await position(page);
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(from + seconds);
}

describe("the global player", () => {
  it("plays on across pages, steps through the list, answers keys and media controls", async () => {
    const { page, baseUrl } = app();
    await page.addInitScript(installOutputTap);
    await app().signIn(PRO_USER);
    const ids = await singSong(page, baseUrl, "Harbour Lights");
    await page.goto(`${baseUrl}/create`);
    const rows = page.locator('[data-testid="clip-row"][data-status="complete"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const listed = await rows.evaluateAll((found) => found.map((row) => row.getAttribute("data-clip-id")));
    expect([...listed].sort()).toEqual([...ids].sort());

    await rows
      .first()
      .getByRole("button", { name: /^Play / })
      .click();
    await expect.poll(() => playingId(page)).toBe(listed[0]);
    await expect.poll(() => bar(page).getAttribute("data-playback")).toBe("engine");
    await playsOn(page, 0.5);
    await expect
      .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title))
      .toBe("Harbour Lights");

    // Moving to the library through the page's own link: no reload, the same element plays on.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Library" }).click();
    await page.waitForURL((url) => url.pathname === "/me");
    await expect.poll(() => page.getByTestId("clip-list").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await playingId(page)).toBe(listed[0]);
    expect(await shows(page)).toBe("playing");
    await playsOn(page);

    // Next goes to the list's second song; previous within its first 3 s goes back to the first.
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => playingId(page)).toBe(listed[1]);
    await playsOn(page, 0.3);
    expect(await position(page)).toBeLessThan(3);
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => playingId(page)).toBe(listed[0]);
    // Past 3 s, previous restarts the song instead.
    await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(3.2);
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => position(page)).toBeLessThan(2);
    expect(await playingId(page)).toBe(listed[0]);

    // Keys, with the focus on the page: M mutes and unmutes, space pauses and plays.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    const volume = async () => Number(await bar(page).getByLabel("Volume").inputValue());
    await page.keyboard.press("m");
    await expect.poll(volume).toBe(0);
    // Muted, the engine's output falls silent.
    await expect.poll(() => level(page)).toBeLessThan(1e-4);
    await page.keyboard.press("m");
    await expect.poll(volume).toBe(0.8);
    await page.keyboard.press(" ");
    await expect.poll(() => shows(page)).toBe("paused");
    await expect.poll(() => level(page)).toBeLessThan(1e-4);
    const pausedAt = await position(page);
    await page.keyboard.press(" ");
    await expect.poll(() => shows(page)).toBe("playing");
    await expect.poll(() => position(page)).toBeGreaterThan(pausedAt);

    // A key typed into a text field is the field's.
    const search = page.getByRole("searchbox").first();
    await search.fill("");
    await search.press("m");
    expect(await volume()).toBe(0.8);
    await expect.poll(() => search.inputValue()).toBe("m");
  });

  it("comes back paused where it stood after a reload, but not on /create", async () => {
    const { page, baseUrl } = app();
    // The song of the first test plays on /me: pause it, and the player is saved.
    const before = await playingId(page);
    expect(before).toBeDefined();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/music_player/playbar_state") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    expect((await saved).status()).toBe(200);
    const pausedAt = await position(page);
    expect(pausedAt).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => playingId(page), { timeout: 10_000 }).toBe(before);
    await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(pausedAt - 0.5);
    expect(await position(page)).toBeLessThan(pausedAt + 0.5);
    expect(await shows(page)).toBe("paused");
    await expect.poll(() => page.getByRole("button", { name: "Play", exact: true }).count()).toBe(1);

    await page.goto(`${baseUrl}/create`);
    await expect.poll(() => page.getByTestId("clip-list").count()).toBeGreaterThan(0);
    // Give a restore the time it would take, then check none came.
    await page.waitForTimeout(1500);
    expect(await page.getByTestId("player-bar").count()).toBe(0);
  });
});
