// The queue panel in Chromium: opened from the player bar, it lists the queue in play order with the
// current song marked; a row dragged by its handle moves, and the player then plays in the new order;
// a click on a row plays from there; a row taken out leaves; Clear keeps only the current song.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { tone } from "../audio-files.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 15_000 };
const TITLES = ["Queue One", "Queue Two", "Queue Three", "Queue Four"];

const panelTitles = (page: Page) => page.getByTestId("queue-row").locator(".queue-title").allTextContents();
const playingTitle = (page: Page) => page.getByTestId("player-title").textContent();

describe("the queue panel", () => {
  beforeAll(async () => {
    const { db, storage } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    // Long enough that the first song is still playing when the panel is checked, on a loaded machine.
    const sound = tone(12, 22050);
    // Oldest first, so the library (newest first) lists them One..Four.
    for (const [at, title] of [...TITLES].reverse().entries()) {
      await newClipWithAudio(
        db,
        storage,
        {
          userId: pro.id,
          title,
          status: "complete",
          metadata: { type: "gen", tags: "queue test", duration: 12 },
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, at)),
        },
        { ...sound, channels: [...sound.channels] },
      );
    }
    await app().signIn(PRO_USER, "/me");
  }, 120_000);

  it("moves a dragged row, plays from a row, removes a row and clears", async () => {
    const { page } = app();
    const rows = page.getByTestId("clip-row");
    await expect.poll(() => rows.count(), WAIT).toBe(4);
    await rows
      .first()
      .getByRole("button", { name: /^Play / })
      .click();
    await expect.poll(() => playingTitle(page), WAIT).toBe("Queue One");

    await page.getByRole("button", { name: "Queue", exact: true }).click();
    const panel = page.getByTestId("queue-panel");
    await expect.poll(() => panelTitles(page), WAIT).toEqual(TITLES);
    expect(await panel.locator('[aria-current="true"] .queue-title').textContent()).toBe("Queue One");
    expect(await panel.textContent()).toContain("3 songs up next");

    // Four dragged onto Two: Four plays next.
    const handles = page.getByTestId("queue-handle");
    await handles.nth(3).dragTo(page.getByTestId("queue-row").nth(1));
    await expect
      .poll(() => panelTitles(page))
      .toEqual(["Queue One", "Queue Four", "Queue Two", "Queue Three"]);
    expect(await playingTitle(page)).toBe("Queue One");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => playingTitle(page)).toBe("Queue Four");

    // The keyboard moves a row too.
    await handles.nth(3).focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect
      .poll(() => panelTitles(page))
      .toEqual(["Queue One", "Queue Four", "Queue Three", "Queue Two"]);

    // Play from here: the last row starts, and the bar follows.
    await page.getByTestId("queue-row").nth(3).getByTitle("Play from here").click();
    await expect.poll(() => playingTitle(page)).toBe("Queue Two");
    await expect.poll(() => page.getByTestId("player-bar").getAttribute("data-state")).toBe("playing");

    await panel.getByRole("button", { name: "Remove Queue One from queue" }).click();
    await expect.poll(() => panelTitles(page)).toEqual(["Queue Four", "Queue Three", "Queue Two"]);
    // The playing song has no remove button.
    expect(await panel.getByRole("button", { name: "Remove Queue Two from queue" }).count()).toBe(0);

    await panel.getByRole("button", { name: "Clear" }).click();
    await expect.poll(() => panelTitles(page)).toEqual(["Queue Two"]);
    expect(await playingTitle(page)).toBe("Queue Two");
  });

  it("plays a song radio: the seed, then songs like it, none twice", async () => {
    const { page, baseUrl, db } = app();
    const seed = await db
      .selectFrom("clips")
      .select("id")
      .where("title", "=", "Queue One")
      .executeTakeFirstOrThrow();
    await page.goto(`${baseUrl}/radio/song/${seed.id}`);
    await page.getByRole("button", { name: "▶ Start radio" }).click();
    await expect.poll(() => playingTitle(page), WAIT).toBe("Queue One");
    const upNext = () => page.getByTestId("radio-up-next").locator(".playlist-song-title").allTextContents();
    await expect
      .poll(async () => [...(await upNext())].sort(), WAIT)
      .toEqual(["Queue Four", "Queue Three", "Queue Two"]);
    const heard = ["Queue One"];
    for (let step = 0; step < 3; step++) {
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect.poll(async () => heard.includes((await playingTitle(page)) ?? "")).toBe(false);
      heard.push((await playingTitle(page)) ?? "");
    }
    expect(new Set(heard).size).toBe(4);
  });
});
