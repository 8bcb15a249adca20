// Live radio in Chromium: two pages on /live-radio, each started by its own press, play the same
// song at the same place in it (within 250 ms), as the station's programme on the server's clock says.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { tone } from "../audio-files.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { liveRadioReading } from "./player-bar.ts";

const app = openCreateApp();
const WAIT = { timeout: 20_000 };
/** Made before the current programme hour, so the hour's pool holds them. */
const BEFORE_THIS_HOUR = new Date(Date.now() - 2 * 3_600_000);

const reading = liveRadioReading;

async function listen(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/live-radio`);
  await page.getByRole("button", { name: "▶ Listen live" }).click();
  await expect.poll(async () => (await reading(page)).seconds, WAIT).toBeGreaterThan(0.3);
}

describe("the live radio station", () => {
  beforeAll(async () => {
    const { db, storage } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const sound = tone(40, 22050);
    for (const title of ["On Air One", "On Air Two", "On Air Three"]) {
      await newClipWithAudio(
        db,
        storage,
        {
          userId: pro.id,
          title,
          status: "complete",
          isPublic: true,
          metadata: { type: "gen", tags: "live", duration: 40 },
          createdAt: BEFORE_THIS_HOUR,
        },
        { ...sound, channels: [...sound.channels] },
      );
    }
  }, 120_000);

  it("plays the same song in two pages within 250 ms of each other", async () => {
    const { page, baseUrl } = app();
    const other = await page.context().newPage();
    try {
      await listen(page, baseUrl);
      await listen(other, baseUrl);
      // Read close together, each position brought to one instant of the shared clock: the same
      // song, the same place in it (a start's own delay closes by speed within seconds).
      const offset = async () => {
        const [first, second] = await Promise.all([reading(page), reading(other)]);
        expect(first.paused).toBe(false);
        expect(second.paused).toBe(false);
        expect(second.songId).toBe(first.songId);
        return Math.abs(first.seconds - first.at / 1000 - (second.seconds - second.at / 1000));
      };
      await expect.poll(offset, { timeout: 30_000, interval: 250 }).toBeLessThan(0.25);
      expect(await page.getByRole("heading", { name: "Tunesmith Live" }).count()).toBe(1);
      await expect
        .poll(() => page.evaluate(() => navigator.mediaSession.metadata?.album))
        .toBe("Tunesmith Live Radio");
    } finally {
      await other.close();
    }
  });
});
