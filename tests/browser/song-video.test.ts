// The song menu's Regenerate Video renders the song's video on the server, polls it to complete and
// downloads it; the MP4 plays in Chromium (a <video>'s currentTime advances), and the menu then
// offers the Video download.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
const TITLE = "Video Song";
/** A render on a loaded two-core machine, and the 4 s polls around it: generous. */
const RENDER_WAIT_MS = 150_000;

describe("song videos in Chromium", () => {
  it(
    "Regenerate Video downloads an MP4 that plays, and the Video entry appears",
    async () => {
      const { page, baseUrl, db, storage } = app();
      const owner = await db
        .selectFrom("users")
        .select("id")
        .where("email", "=", PRO_USER)
        .executeTakeFirstOrThrow();
      const { row } = await newClipWithAudio(
        db,
        storage,
        { userId: owner.id, title: TITLE, status: "complete", metadata: { type: "gen", duration: 4 } },
        { sampleRate: 48_000, channels: testAudio(4 * 48_000) },
      );
      await app().signIn(PRO_USER);
      const menuOf = async () => {
        await page
          .locator(`[data-clip-id="${row.id}"]`)
          .getByRole("button", { name: `More actions: ${TITLE}` })
          .click();
        return page.getByTestId("song-menu");
      };
      const menu = await menuOf();
      expect(await menu.getByRole("menuitem", { name: "Video", exact: true }).count()).toBe(0);
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: RENDER_WAIT_MS }),
        menu.getByRole("menuitem", { name: "Regenerate Video", exact: true }).click(),
      ]);
      const mp4 = readFileSync(await download.path());
      expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");

      const played = await page.evaluate(async (base64) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const video = document.createElement("video");
        video.muted = true;
        video.src = URL.createObjectURL(new Blob([bytes], { type: "video/mp4" }));
        document.body.append(video);
        await video.play();
        const started = video.currentTime;
        await new Promise<void>((resolve) => {
          const check = () => (video.currentTime > started + 0.5 ? resolve() : requestAnimationFrame(check));
          check();
        });
        const seen = {
          width: video.videoWidth,
          height: video.videoHeight,
          duration: video.duration,
          at: video.currentTime,
        };
        video.remove();
        return seen;
      }, mp4.toString("base64"));
      expect(played).toMatchObject({ width: 1280, height: 720 });
      expect(Math.abs(played.duration - 4)).toBeLessThan(0.1);
      expect(played.at).toBeGreaterThan(0.5);

      const clip = (await (await page.request.get(`${baseUrl}/api/clip/${row.id}`)).json()) as Clip;
      expect(clip.video_url).not.toBeNull();
      await page.keyboard.press("Escape");
      const after = await menuOf();
      await expect.poll(() => after.getByRole("menuitem", { name: "Video", exact: true }).count()).toBe(1);
    },
    RENDER_WAIT_MS + 60_000,
  );
});
