// Merge Songs in Chromium: two of the owner's finished songs selected in the library, merged from
// the selection's menu; the new song appears at once, finished, with the first song's title, and
// its audio is the two songs one after the other (shorter than both by the join's crossfade).

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MERGE_FADE_SECONDS } from "../../src/server/clips/merge-audio.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const RATE = 48_000;
const row = (page: Page, title: string) => page.locator('[data-testid="clip-row"]', { hasText: title });

describe("Merge Songs", () => {
  it("merges a selection of two songs into a finished new song of both", async () => {
    const { page, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = (title: string, seconds: number) =>
      newClipWithAudio(
        db,
        storage,
        {
          userId: owner.id,
          title,
          status: "complete",
          metadata: { type: "gen", tags: "folk", duration: seconds },
        },
        { channels: testAudio(seconds * RATE), sampleRate: RATE },
      );
    const { row: first } = await song("Harbour Dawn", 2);
    const { row: second } = await song("Harbour Dusk", 1);
    await page.setViewportSize({ width: 1280, height: 800 });
    await app().signIn(PRO_USER, "/me");
    await expect.poll(() => row(page, "Harbour Dusk").count()).toBe(1);

    await row(page, "Harbour Dawn").click();
    await row(page, "Harbour Dusk").click({ modifiers: ["Control"] });
    await page.getByRole("button", { name: "More actions: 2 songs" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Merge Songs" }).click();
    await expect
      .poll(() => page.getByTestId("toast").allTextContents())
      .toContainEqual(expect.stringContaining("Songs merged."));

    const merged = await db
      .selectFrom("clips")
      .selectAll()
      .where("user_id", "=", owner.id)
      .where("id", "not in", [first.id, second.id])
      .where("title", "=", "Harbour Dawn")
      .executeTakeFirstOrThrow();
    expect(merged.status).toBe("complete");
    const rows = page.locator(`[data-clip-id="${merged.id}"]`);
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => rows.first().getAttribute("data-status")).toBe("complete");
    // Its audio, as the page would play it: both songs less the crossfade at the join.
    const seconds = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/clip/${id}`);
      const clip = (await answer.json()) as { audio_url: string };
      const audio = await new AudioContext().decodeAudioData(
        await (await fetch(clip.audio_url)).arrayBuffer(),
      );
      return audio.duration;
    }, merged.id);
    expect(seconds).toBeCloseTo(3 - MERGE_FADE_SECONDS, 2);
    await page.screenshot({ path: "/tmp/song-menu-merge.png" });
  });
});
