// A file whose upload fails is not lost to a reload: the studio keeps it in the browser
// (IndexedDB), plays it from there on the next visit, and sends it again until the server has it.

import { describe, expect, inject, it } from "vitest";
import { openAppPageForFile } from "./app-page.ts";
import { dropWavOnTimeline, toneWavBase64 } from "./studio-drop.ts";

const page = openAppPageForFile();
const RULER_HEIGHT = 28;
const TRACK_HEIGHT = 88;

async function openStudio(): Promise<void> {
  await page().goto(`${inject("baseUrl")}/studio`);
  await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
  await expect
    .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
    .toContain("DSP engine ready");
}

describe("an upload that fails in the studio", () => {
  it("is kept in the browser across a reload and sent again, and its clip gets its song", async () => {
    const base = inject("baseUrl");
    const signup = await page().request.post(`${base}/api/auth/signup`, {
      data: { email: "pending-upload@example.com", password: "a long password", handle: "pending_upload" },
    });
    expect(signup.status()).toBe(201);
    await openStudio();

    // The server cannot be reached for uploads: the take is placed, plays, and its upload fails.
    await page().route("**/api/uploads/audio/**", (route) => route.abort("internetdisconnected"));
    const canvas = page().getByTestId("timeline-canvas");
    const box = await canvas.boundingBox();
    if (box === null) throw new Error("The timeline canvas is not on screen");
    const startBeat = Number(await canvas.getAttribute("data-start-beat"));
    const pixelsPerBeat = Number(await canvas.getAttribute("data-pixels-per-beat"));
    const point = {
      x: box.x + (70 - startBeat) * pixelsPerBeat,
      y: box.y + RULER_HEIGHT + 5 * TRACK_HEIGHT + 50,
    };
    await dropWavOnTimeline(page(), point, "Kept take.wav", toneWavBase64(7));
    const row = page().getByTestId("upload-row");
    await expect.poll(() => row.getAttribute("data-phase"), { timeout: 20_000 }).toBe("failed");
    const take = page().locator('[data-testid="clip-item"]', { hasText: "Kept take" });
    await expect.poll(() => take.count()).toBe(1);
    expect(await take.getAttribute("data-song-clip-id")).toBeFalsy();
    // The local copy of the project holds the placed clip before the page goes.
    await expect
      .poll(() => page().getByTestId("save-status").getAttribute("data-status"), { timeout: 15_000 })
      .not.toBe("saving");

    // Back with a connection: the reloaded studio finds the take and sends it without being asked.
    await page().unroute("**/api/uploads/audio/**");
    await page().reload();
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
    await expect
      .poll(() => take.getAttribute("data-song-clip-id"), { timeout: 40_000 })
      .toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page().getByTestId("upload-banner").count(), { timeout: 20_000 }).toBe(0);
  });
});
