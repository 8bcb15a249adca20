// The song rows while songs are made: the request's title (or "Generating...") instead of
// "Untitled", the cover art as soon as the clip has one, and the waveform as soon as it completes,
// all without a reload.

import { describe, expect, it } from "vitest";
import { createClip } from "../../src/server/clips/clip-store.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();
/** Polls wait this long: the machine is shared, and a page may take a while to answer. */
const WAIT = { timeout: 15_000 };

describe("song rows while songs are made", () => {
  it("shows the request's title, or Generating... for an untitled one, never Untitled", async () => {
    const { page, db } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const titled = await createClip(db, { userId: pro.id, title: "Night Ferry", status: "queued" });
    const untitled = await createClip(db, { userId: pro.id, title: "", status: "submitted" });
    await app().signIn(PRO_USER);
    const title = (id: string) =>
      page.locator(`[data-clip-id="${id}"]`).getByTestId("clip-title").textContent();
    await expect.poll(() => title(titled.id), WAIT).toBe("Night Ferry");
    await expect.poll(() => title(untitled.id), WAIT).toBe("Generating...");
    await db.deleteFrom("clips").where("id", "in", [titled.id, untitled.id]).execute();
  });

  it("shows the cover and the waveform of a song the moment it completes", async () => {
    const { page } = app();
    await page.goto(`${app().baseUrl}/create`);
    await page.getByLabel("Song description").fill("a calm piano song about snow");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const rows = page.getByTestId("clip-row");
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // Simple mode gives no title: the generator names the song when it is done.
    expect(await rows.first().getByTestId("clip-title").textContent()).toBe("Generating...");
    expect(await rows.first().getByTestId("song-cover").count()).toBe(0);
    const done = page.locator('[data-testid="clip-row"][data-status="complete"]').first();
    // The generator can take minutes on a loaded two-core machine.
    await expect.poll(() => done.count(), { timeout: 150_000 }).toBe(1);
    // No reload: the realtime update alone brings the title, the cover and the waveform.
    await expect
      .poll(() => done.getByTestId("clip-title").textContent(), WAIT)
      .not.toMatch(/^(Generating\.\.\.|Untitled)$/);
    const cover = done.getByTestId("song-cover");
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect
      .poll(() => done.getByTestId("clip-waveform").getAttribute("data-drawn"), { timeout: 10_000 })
      .toBe("true");
  });
});
