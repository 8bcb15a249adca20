// The legacy editor in Chromium: a song cropped through the form arrives as a new song of the
// right length; a song not complete says so; /edit-v3/ addresses go to /edit/.
import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { CLIP_NOT_COMPLETE } from "../../src/shared/api/edit.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
const SHOTS = process.env.EDIT_LEGACY_SHOTS;

describe("the legacy editor", () => {
  it("crops a song through the form; the new song appears", { timeout: 180_000 }, async () => {
    const { page, baseUrl, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Legacy Song", isPublic: false, seconds: 6 },
    );
    await app().signIn(PRO_USER, `/edit-legacy/${song.id}`);
    await expect.poll(() => page.getByRole("heading", { name: "Legacy Song" }).count()).toBe(1);
    expect(await page.locator("audio").getAttribute("src")).toContain(song.id);
    expect(await page.locator("canvas").count()).toBe(0);
    const crop = page.getByRole("form", { name: "Crop" });
    await crop.getByLabel("Start (s)").fill("1");
    await crop.getByLabel("End (s)").fill("3.5");
    await crop.getByRole("button", { name: "Crop" }).click();
    const made = page.getByRole("region", { name: "New songs" }).locator("li[data-clip-id]");
    await expect.poll(() => made.count(), { timeout: 120_000 }).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-legacy.png`, fullPage: true });
    const id = await made.first().getAttribute("data-clip-id");
    const clip = (await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as Clip;
    expect(clip.status).toBe("complete");
    expect(clip.metadata.duration).toBeCloseTo(2.5, 2);
    expect(clip.metadata.edited_clip_id).toBe(song.id);
  });

  it("says a song still being made is not complete, and sends /edit-v3/ addresses to /edit/", async () => {
    const { page, baseUrl, db } = app();
    const owner = await accountOf(db, PRO_USER);
    const streaming = await newTestClip(db, {
      userId: owner.id,
      title: "Still Singing",
      status: "streaming",
    });
    await page.goto(`${baseUrl}/edit-legacy/${streaming.id}`);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(CLIP_NOT_COMPLETE);
    await page.goto(`${baseUrl}/edit-v3/${streaming.id}`);
    await page.waitForURL((url) => url.pathname === `/edit/${streaming.id}`);
  });
});
