// The player bar plays a playlist through the audio engine in Chromium: two short songs (a 440 Hz
// tone on the left channel, an 880 Hz tone on the right) join with no silence longer than 20 ms in
// what reaches the speakers and never sound together; with the queue's Crossfade at 2 s they
// sound together for those 2 s. Played again after the queue's end, the first song starts alone.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { installOutputTap, routeOutputTap } from "./player-output.ts";

const app = openCreateApp();
const WAIT = { timeout: 30_000 };
const RATE = 44_100;
const SECONDS = 4;
const TONES = [440, 880] as const;
let playlistId = "";

const sine = (hz: number) =>
  Float32Array.from({ length: SECONDS * RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE));
const silence = new Float32Array(SECONDS * RATE);
const title = (page: Page) => page.getByTestId("player-title").textContent();
const report = (page: Page) => page.evaluate(() => window.playerOutput.report());

/** Plays the playlist from its page and waits for the queue to end after the second song. */
async function playThrough(page: Page): Promise<void> {
  await page.evaluate(() => window.playerOutput.start());
  await page.getByRole("button", { name: "▶ Play all" }).click();
  await expect.poll(() => page.getByTestId("player-bar").getAttribute("data-playback"), WAIT).toBe("engine");
  await expect.poll(() => title(page), WAIT).toBe("Join Two");
  await expect
    .poll(() => page.getByTestId("player-bar").getAttribute("data-state"), { timeout: 60_000 })
    .toBe("paused");
}

describe("gapless and crossfaded playback in the player bar", () => {
  beforeAll(async () => {
    const { db, storage, page, baseUrl } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (const [at, name] of ["Join One", "Join Two"].entries()) {
      const tone = sine(TONES[at] as number);
      const { row } = await newClipWithAudio(
        db,
        storage,
        {
          userId: pro.id,
          title: name,
          status: "complete",
          metadata: { type: "gen", tags: "join", duration: SECONDS },
        },
        // Float samples: the silent channel stays exactly 0 (16-bit dither would not).
        { channels: at === 0 ? [tone, silence] : [silence, tone], sampleRate: RATE, format: "float32" },
      );
      ids.push(row.id);
    }
    await routeOutputTap(page);
    await page.addInitScript(installOutputTap);
    await app().signIn(PRO_USER, "/me");
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Joins" });
    playlistId = ((await created.json()) as PlaylistSummary).id;
    const added = await postJson(page, baseUrl, "/api/playlist/update_clips/", {
      playlist_id: playlistId,
      update_type: "add",
      metadata: { clip_ids: ids },
    });
    expect(added.status()).toBe(200);
  }, 180_000);

  it("joins the two songs with no silence longer than 20 ms", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    await expect.poll(() => page.getByTestId("clip-title").count(), WAIT).toBe(2);
    await playThrough(page);
    const heard = await report(page);
    expect(heard.tapped).toBe(true);
    // The first song, then the second (the 5 ms window holding the join may show both), never
    // a frame with both.
    expect(heard.order, heard.segments).toMatch(/^A (AB )?B$/);
    expect(heard.longestGapMs, heard.segments).toBeLessThan(20);
    expect(heard.overlapMs, heard.segments).toBe(0);
  });

  it("overlaps the two songs over a 2 s crossfade", async () => {
    const { page } = app();
    await page.getByRole("button", { name: "Queue", exact: true }).click();
    await page.getByLabel("Crossfade").fill("2");
    await expect.poll(() => page.getByTestId("queue-crossfade").textContent()).toBe("2 s");
    await page.getByRole("button", { name: "Close queue" }).click();
    await playThrough(page);
    const heard = await report(page);
    // Nothing of the second song (where the last play ended) before the first; together for the 2 s.
    expect(heard.order, heard.segments).toBe("A AB B");
    expect(heard.longestGapMs, heard.segments).toBeLessThan(20);
    expect(heard.overlapMs, heard.segments).toBeGreaterThanOrEqual(1950);
    expect(heard.overlapMs, heard.segments).toBeLessThanOrEqual(2050);
  });
});
