// The heads of songs on screen in Chromium: a finished song listed in the library has the head of
// its file fetched ahead (one range request from byte 0); a click on it plays from that head, so
// the only request the click makes is for the rest of the file, and the song sounds.

import type { Page, Request } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { HEAD_BYTES } from "../../src/engine/player/song-heads.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { installOutputTap, routeOutputTap } from "./player-output.ts";

const app = openCreateApp();
const RATE = 48_000;
const SECONDS = 8;
const TITLE = "Lighthouse Head Start";
let songId = "";

const level = (page: Page) => page.evaluate(() => window.playerOutput.report().level);

describe("the heads of songs on screen", () => {
  beforeAll(async () => {
    const { db, storage, page } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const tone = Float32Array.from(
      { length: SECONDS * RATE },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 550 * i) / RATE),
    );
    const { row } = await newClipWithAudio(
      db,
      storage,
      {
        userId: pro.id,
        title: TITLE,
        status: "complete",
        metadata: { type: "gen", tags: "tone", duration: SECONDS },
      },
      { channels: [tone, tone], sampleRate: RATE, format: "float32" },
    );
    songId = row.id;
    await routeOutputTap(page);
    await page.addInitScript(installOutputTap);
  });

  it("plays a listed song from its prefetched head, asking only for the rest", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    // The song's audio requests, each with its range, and which of them came after the click.
    const asked: { range: string | null; afterClick: boolean; done: boolean }[] = [];
    let clicked = false;
    const isSongAudio = (request: Request) =>
      request.url().includes(songId) && request.url().includes("audio");
    page.on("request", (request) => {
      if (isSongAudio(request))
        asked.push({ range: request.headers().range ?? null, afterClick: clicked, done: false });
    });
    page.on("requestfinished", (request) => {
      const entry = asked.find((found) => !found.done && found.range === (request.headers().range ?? null));
      if (isSongAudio(request) && entry) entry.done = true;
    });

    await page.goto(`${baseUrl}/me`);
    const row = page.locator(`[data-testid="clip-row"][data-clip-id="${songId}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    // The head arrives before anyone presses Play.
    await expect
      .poll(() => asked.some((entry) => entry.range === `bytes=0-${HEAD_BYTES - 1}` && entry.done), {
        timeout: 30_000,
      })
      .toBe(true);

    clicked = true;
    await row.getByRole("button", { name: /^Play / }).click();
    await expect
      .poll(() => page.getByTestId("player-bar").getAttribute("data-playback"), { timeout: 30_000 })
      .toBe("engine");
    await expect.poll(() => level(page), { timeout: 30_000 }).toBeGreaterThan(0.05);
    // The click asked for the rest of the file only: neither the head again nor the whole file.
    const afterClick = asked.filter((entry) => entry.afterClick).map((entry) => entry.range);
    expect(afterClick).toEqual([`bytes=${HEAD_BYTES}-`]);
  });
});
