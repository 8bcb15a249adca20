// The hook form's thumbnail choice in Chromium: once the video is uploaded, the thumbnail is a
// frame of it (the slider moves the preview through the video's range), or an image of one's own,
// which uploads (the server decodes it) and shows its preview; posting waits for the image.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { H264_AAC, makeJpeg, makeVideo, testMediaDir } from "../video-files.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const media = testMediaDir();
/** Where the screenshots go: the test's folder, or one named to look at them. */
const shots = () => process.env.HOOK_SCREENSHOTS ?? media;
/** The upload's check on a loaded two-core machine: generous. */
const CHECK_WAIT_MS = 300_000;
const PAGE_WAIT = { timeout: 60_000 };
const RATE = 22_050;
const SONG_S = 14;

describe("hook thumbnail choice in Chromium", () => {
  it(
    "previews a frame of the video, or uploads an image as the thumbnail",
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
        { userId: owner.id, title: "Thumbnail Page Song", metadata: { type: "gen", duration: SONG_S } },
        { sampleRate: RATE, channels: testAudio(SONG_S * RATE) },
      );
      const video = join(media, "thumb-page.mp4");
      writeFileSync(video, await makeVideo(media, "thumb-page.mp4", { seconds: 11, codec: H264_AAC }));
      const image = join(media, "thumb.jpg");
      writeFileSync(image, await makeJpeg(media, "thumb.jpg", 300));

      await app().signIn(PRO_USER, `/hooks/create?clip=${song.id}`);
      await page.goto(`${baseUrl}/hooks/create?clip=${song.id}`);
      await expect.poll(() => page.getByTestId("hook-song").inputValue(), PAGE_WAIT).toBe(song.id);
      expect(await page.getByTestId("thumbnail-picker").count()).toBe(0);
      await page.getByTestId("hook-video-file").setInputFiles(video);
      await page.getByTestId("video-picked").waitFor({ timeout: CHECK_WAIT_MS });

      const preview = page.getByTestId("thumbnail-frame-preview");
      await preview.waitFor(PAGE_WAIT);
      await page.getByTestId("thumbnail-time").fill("7");
      await expect
        .poll(() => preview.evaluate((element) => (element as HTMLVideoElement).currentTime), PAGE_WAIT)
        .toBeCloseTo(7, 1);
      await page.getByTestId("thumbnail-picker").screenshot({ path: join(shots(), "thumbnail-frame.png") });

      await page.getByTestId("thumbnail-image-kind").check();
      await page.getByTestId("hook-submit").click();
      await expect
        .poll(() => page.getByTestId("hook-problem").textContent(), PAGE_WAIT)
        .toContain("Choose an image for the thumbnail, or a frame of the video.");
      await page.getByTestId("thumbnail-image-file").setInputFiles(image);
      await page.getByTestId("thumbnail-image-preview").waitFor(PAGE_WAIT);
      await expect.poll(() => page.getByTestId("hook-problem").count(), PAGE_WAIT).toBe(0);
      expect(await page.getByTestId("thumbnail-problem").count()).toBe(0);
      await page.screenshot({
        path: join(shots(), "thumbnail-image.png"),
        fullPage: true,
      });
    },
    CHECK_WAIT_MS + 120_000,
  );
});
