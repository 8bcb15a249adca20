// Show in Hooks Feed in Chromium: a public song's video cover is on /hooks as a hook; the song
// menu's toggle (checked while it shows) hides it with 'Video cover will be hidden in Hooks Feed.',
// and turned on again it brings back the same hook, with 'Video cover will be shown in Hooks Feed.'.
// The cover is a real video made by ffmpeg, laid out as a finished upload and named through
// set_metadata's video_cover_upload_id by the signed-in browser. With several hooks, the one on
// screen and the next are fetched whole (preload auto), the rest only begun.

import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { H264_AAC, makeVideo, testMediaDir } from "../video-files.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const media = testMediaDir();
const TITLE = "Cover Loop Song";
/** A page's answer on a loaded machine: generous. */
const PAGE_WAIT = { timeout: 60_000 };

const row = (page: Page) => page.locator('[data-testid="clip-row"]', { hasText: TITLE });
const toggle = (page: Page) =>
  page.getByTestId("song-menu").getByRole("menuitemcheckbox", { name: "Show in Hooks Feed" });

/**
 * Chooses Show in Hooks Feed on the song's row in /me, checked as `wasChecked`, and waits for the
 * toast saying what it did.
 */
async function flipToggle(page: Page, baseUrl: string, wasChecked: boolean, toast: string): Promise<void> {
  await page.goto(`${baseUrl}/me`);
  await row(page)
    .getByRole("button", { name: `More actions: ${TITLE}` })
    .click();
  await toggle(page).waitFor(PAGE_WAIT);
  expect(await toggle(page).getAttribute("aria-checked")).toBe(String(wasChecked));
  await toggle(page).click();
  await expect
    .poll(() => page.getByTestId("toast").allTextContents(), PAGE_WAIT)
    .toContainEqual(expect.stringContaining(toast));
}

/** The hooks on /hooks, by id, once the feed has answered. */
async function feedHookIds(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/hooks`);
  await page.locator('[data-testid="hook-card"], [data-testid="hooks-empty"]').first().waitFor(PAGE_WAIT);
  return page
    .getByTestId("hook-card")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-hook-id") ?? ""));
}

/** A public song of the pro user's with a video cover: a real video, a finished upload, set_metadata. */
async function coveredSong(title: string): Promise<{ id: string; bytes: Buffer }> {
  const { page, baseUrl, db, storage } = app();
  const owner = await accountOf(db, PRO_USER);
  const song = await newTestClip(db, {
    userId: owner.id,
    title,
    isPublic: true,
    metadata: { type: "gen", duration: 30 },
  });
  // One of the owner's finished video uploads, as the upload's check leaves it.
  const uploadId = randomUUID();
  const key = `video-uploads/${uploadId}/original.mp4`;
  const bytes = await makeVideo(media, `${uploadId}.mp4`, { seconds: 3, codec: H264_AAC });
  await storage.put(key, Readable.from([bytes]), { contentType: "video/mp4" });
  await db
    .insertInto("video_uploads")
    .values({
      id: uploadId,
      user_id: owner.id,
      extension: "mp4",
      original_key: key,
      status: "complete",
      duration_s: 3,
    })
    .execute();
  const set = await postJson(page, baseUrl, `/api/gen/${song.id}/set_metadata/`, {
    video_cover_upload_id: uploadId,
  });
  expect(set.status()).toBe(200);
  return { id: song.id, bytes };
}

describe("Show in Hooks Feed in Chromium", () => {
  it("hides a song's video cover from /hooks and shows the same hook again", async () => {
    const { page, baseUrl, db, grantFlag } = app();
    await grantFlag(PRO_USER, "web-hooks-2025");
    await app().signIn(PRO_USER, "/me");
    const { id: songId, bytes } = await coveredSong(TITLE);
    const shown = await feedHookIds(page, baseUrl);
    expect(shown).toHaveLength(1);
    const coverHook = shown[0];
    // The card plays the song's video cover: its file, byte for byte.
    const src = (await page.getByTestId("hook-video").getAttribute("src")) ?? "";
    const served = await page.request.get(new URL(src, baseUrl).toString());
    expect(Buffer.from(await served.body()).equals(bytes)).toBe(true);

    await flipToggle(page, baseUrl, true, "Video cover will be hidden in Hooks Feed.");
    const hidden = await db
      .selectFrom("clips")
      .select("metadata")
      .where("id", "=", songId)
      .executeTakeFirstOrThrow();
    expect(hidden.metadata).toMatchObject({ opt_out_video_cover_hook: true });
    expect(await feedHookIds(page, baseUrl)).toEqual([]);
    expect(await page.getByTestId("hooks-empty").isVisible()).toBe(true);

    await flipToggle(page, baseUrl, false, "Video cover will be shown in Hooks Feed.");
    // The same hook, not a new one: its likes and comments stayed with it.
    expect(await feedHookIds(page, baseUrl)).toEqual([coverHook]);
  }, 600_000);

  it("fetches the hook on screen and the next one whole, the others only begun", async () => {
    const { page, baseUrl } = app();
    // Newest first: these three above the first test's song.
    for (const title of ["Preload One", "Preload Two", "Preload Three"]) await coveredSong(title);
    await page.goto(`${baseUrl}/hooks`);
    const videos = page.getByTestId("hook-video");
    const preloads = () => videos.evaluateAll((all) => all.map((video) => video.getAttribute("preload")));
    await expect.poll(() => videos.count(), PAGE_WAIT).toBe(4);
    await expect.poll(preloads, PAGE_WAIT).toEqual(["auto", "auto", "metadata", "metadata"]);
    await page
      .getByTestId("hook-card")
      .nth(1)
      .evaluate((card) => card.scrollIntoView({ block: "start" }));
    await expect.poll(preloads, PAGE_WAIT).toEqual(["auto", "auto", "auto", "metadata"]);
  }, 600_000);
});
