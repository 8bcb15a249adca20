// The global player in Chromium: a song played on /create keeps playing on /me (the same page, the
// same player, its position moving on), next and previous move through the list it was played
// from, the keyboard and the operating system's media controls reach it. Finished songs play
// through the audio engine: what it sends to the speakers is tapped (player-output.ts).

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { installOutputTap, routeOutputTap } from "./player-output.ts";

const app = openCreateApp();
const RATE = 48_000;
const SECONDS = 12;
const TITLES = ["Harbour Lights", "Harbour Lights II"] as const;
/** The songs' ids by title, laid out in the library (no generator: the machine is shared). */
const made = new Map<string, string>();

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
  beforeAll(async () => {
    const { db, storage, page } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    for (const [at, title] of TITLES.entries()) {
      const hz = 330 * (at + 1);
      const tone = Float32Array.from(
        { length: SECONDS * RATE },
        (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / RATE),
      );
      const { row } = await newClipWithAudio(
        db,
        storage,
        {
          userId: pro.id,
          title,
          status: "complete",
          metadata: { type: "gen", tags: "tone", duration: SECONDS },
        },
        // A float WAV at the engine's rate, as the server keeps songs: played as it arrives.
        { channels: [tone, tone], sampleRate: RATE, format: "float32" },
      );
      made.set(row.id, title);
    }
    await routeOutputTap(page);
    await page.addInitScript(installOutputTap);
  });

  it("plays on across pages, steps through the list, answers keys and media controls", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    const ids = [...made.keys()];
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
      .toBe(made.get(listed[0] as string));

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
    // The save that says paused (one made while it played may still be on its way).
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/music_player/playbar_state") &&
        response.request().method() === "POST" &&
        (response.request().postDataJSON() as { playbar_state?: string }).playbar_state === "paused",
      { timeout: 30_000 },
    );
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    const pausedAt = (response.request().postDataJSON() as { song_play_time: number }).song_play_time;
    expect(pausedAt).toBeGreaterThan(0);
    expect(Math.abs((await position(page)) - pausedAt)).toBeLessThan(0.5);

    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => playingId(page), { timeout: 30_000 }).toBe(before);
    await expect.poll(() => position(page), { timeout: 30_000 }).toBeGreaterThan(pausedAt - 0.5);
    expect(await position(page)).toBeLessThan(pausedAt + 0.5);
    expect(await shows(page)).toBe("paused");
    await expect.poll(() => page.getByRole("button", { name: "Play", exact: true }).count()).toBe(1);

    // On /create the saved player is not even asked for: once the page has the listener's songs
    // (so it knows who is signed in), no request for it went out and no bar shows.
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/music_player/playbar_state") && request.method() === "GET")
        asked.push(request.url());
    });
    await page.goto(`${baseUrl}/create`);
    await expect.poll(() => page.getByTestId("clip-row").count()).toBe(2);
    expect(asked).toEqual([]);
    expect(await page.getByTestId("player-bar").count()).toBe(0);
  });
});
