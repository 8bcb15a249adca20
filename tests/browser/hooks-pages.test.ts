// The hook pages in Chromium: /hooks says it is empty; /hooks/create?clip= makes a hook of a song
// and an uploaded video (its progress card, then the server's render polled) and lands on the
// hook's page; once the song is public the hook is on /hooks, where a like shows at once and stays
// after a reload and Share copies its link; a comment posted on the hook's page is listed there.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { H264_AAC, makeVideo, testMediaDir } from "../video-files.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const media = testMediaDir();
const SONG_TITLE = "Hook Page Song";
/** The upload's check and the hook's render on a loaded two-core machine: generous. */
const RENDER_WAIT_MS = 300_000;
const RATE = 22_050;
/** A page's answer on a loaded machine: generous. */
const PAGE_WAIT = { timeout: 60_000 };
const SONG_S = 14;

describe("hook pages in Chromium", () => {
  it(
    "makes a hook from a song and a video, shows it on /hooks and likes it",
    async () => {
      const { page, baseUrl, db, storage, grantFlag } = app();
      await grantFlag(PRO_USER, "web-hooks-2025");
      const owner = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", PRO_USER)
        .executeTakeFirstOrThrow();
      const { row: song } = await newClipWithAudio(
        db,
        storage,
        { userId: owner.id, title: SONG_TITLE, metadata: { type: "gen", duration: SONG_S } },
        { sampleRate: RATE, channels: testAudio(SONG_S * RATE) },
      );
      const video = join(media, "hook-page.mp4");
      writeFileSync(video, await makeVideo(media, "hook-page.mp4", { seconds: 11, codec: H264_AAC }));

      await app().signIn(PRO_USER, "/hooks");
      await expect.poll(() => page.getByTestId("hooks-empty").isVisible(), PAGE_WAIT).toBe(true);

      await page.goto(`${baseUrl}/hooks/create?clip=${song.id}`);
      await expect.poll(() => page.getByTestId("hook-song").inputValue(), PAGE_WAIT).toBe(song.id);
      // Posting without a video says so in the product's words.
      await page.getByTestId("hook-submit").click();
      await expect
        .poll(() => page.getByTestId("hook-problem").textContent(), PAGE_WAIT)
        .toContain("Please select a video.");

      await page.getByTestId("hook-video-file").setInputFiles(video);
      await expect.poll(() => page.getByTestId("upload-card").count(), PAGE_WAIT).toBe(1);
      await page.getByTestId("video-picked").waitFor({ timeout: RENDER_WAIT_MS });
      expect(await page.getByTestId("upload-card").count()).toBe(0);
      await page.getByTestId("video-end").fill("9.5");
      await page.getByTestId("hook-submit").click();
      await expect
        .poll(() => page.getByTestId("hook-problem").textContent(), PAGE_WAIT)
        .toContain("Video duration must be at least 10 seconds.");
      await page.getByTestId("video-end").fill("10.5");
      await page.getByTestId("hook-title").fill("My first hook");
      await page.getByTestId("hook-caption").fill("dancing");
      await page.getByTestId("hook-submit").click();
      await page.waitForURL((url) => url.pathname.startsWith("/hook/"), { timeout: RENDER_WAIT_MS });
      const hookId = new URL(page.url()).pathname.split("/")[2] ?? "";
      await expect
        .poll(() => page.getByTestId("hook-card").getAttribute("data-hook-id"), PAGE_WAIT)
        .toBe(hookId);
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: "Hook posted to feed!" }).count(), PAGE_WAIT)
        .toBe(1);

      await db.updateTable("clips").set({ is_public: true }).where("id", "=", song.id).execute();
      await page.goto(`${baseUrl}/hooks`);
      const card = page.locator(`[data-hook-id="${hookId}"]`);
      await card.waitFor();
      expect(await card.getByRole("link", { name: SONG_TITLE }).count()).toBe(1);
      // The hook on screen plays (muted until a tap).
      await expect
        .poll(
          () => card.getByTestId("hook-video").evaluate((element: HTMLVideoElement) => element.currentTime),
          PAGE_WAIT,
        )
        .toBeGreaterThan(0.2);
      await card.getByTestId("hook-like").click();
      await expect.poll(() => card.getByTestId("hook-like-count").textContent(), PAGE_WAIT).toBe("1");
      await expect
        .poll(() => card.getByTestId("hook-like").getAttribute("aria-pressed"), PAGE_WAIT)
        .toBe("true");
      await page.reload();
      await expect.poll(() => card.getByTestId("hook-like-count").textContent(), PAGE_WAIT).toBe("1");
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await card.getByTestId("hook-share").click();
      await expect
        .poll(
          () => page.getByRole("status").filter({ hasText: "Copied hook link to clipboard" }).count(),
          PAGE_WAIT,
        )
        .toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/hook/${hookId}`);

      await card.getByRole("link", { name: "My first hook" }).click();
      await page.getByLabel("Write a comment").fill("what a hook");
      await page.getByRole("button", { name: "Comment", exact: true }).click();
      await expect
        .poll(() => page.getByTestId("hook-comments").textContent(), PAGE_WAIT)
        .toContain("what a hook");
      await page.reload();
      await expect
        .poll(() => page.getByTestId("hook-comments").textContent(), PAGE_WAIT)
        .toContain("what a hook");
      await expect
        .poll(() => page.getByTestId("hook-comment-count").textContent(), PAGE_WAIT)
        .toContain("1 comment");
    },
    3 * RENDER_WAIT_MS,
  );
});
