// /song/{id} of a generated song in Chromium: its aligned lyrics light the sung word as the player
// bar plays it, the waveform's playhead follows, and a click on a word or on the waveform seeks
// there; a remix's page links its parent, and the parent's page lists the remix.

import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { playerPosition } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";
import { requestSong } from "./song-request.ts";

const app = openCreateApp();

describe("a generated song's page", () => {
  it("lights the sung word and moves the playhead as it plays, and seeks from a word and the waveform", async () => {
    const { page, baseUrl, db, storage } = app();
    await app().signIn(PRO_USER, "/create");
    const [songId] = await requestSong(page.request, baseUrl, "Harbour Words");
    const status = async () =>
      ((await (await page.request.get(`${baseUrl}/api/clip/${songId}`)).json()) as { status: string }).status;
    // The generator shares the machine's cores: a song can take a minute or more.
    await expect.poll(status, { timeout: 300_000, interval: 2000 }).toBe("complete");

    // Another user's public remix of it.
    const other = await accountOf(db, FREE_USER);
    const remix = await finishedSong(
      { db, storage },
      { userId: other.id, title: "Harbour Remix", isPublic: true, seconds: 4 },
    );
    await db.updateTable("clips").set({ root_clip_id: songId }).where("id", "=", remix.id).execute();

    await page.goto(`${baseUrl}/song/${songId}`);
    const words = page.getByTestId("song-word");
    await expect.poll(() => words.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    await expect
      .poll(() => page.getByTestId("song-seek").getByTestId("clip-waveform").getAttribute("data-drawn"))
      .toBe("true");

    await page.getByRole("button", { name: "Play Harbour Words" }).click();
    await expect
      .poll(() => page.locator('[data-testid="song-word"][aria-current="true"]').count(), { timeout: 30_000 })
      .toBe(1);
    const playhead = page.getByTestId("song-playhead");
    const first = Number(await playhead.getAttribute("data-seconds"));
    await expect
      .poll(async () => Number(await playhead.getAttribute("data-seconds")), { timeout: 15_000 })
      .toBeGreaterThan(first);
    await page.screenshot({ path: "/tmp/song-page-lyrics.png", fullPage: true });

    // A click on the last word plays from where it is sung.
    const last = words.last();
    const lastStart = Number(await last.getAttribute("data-start"));
    await last.click();
    await expect
      .poll(() => playerPosition(page), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(lastStart - 0.5);
    await expect.poll(() => last.getAttribute("aria-current"), { timeout: 15_000 }).toBe("true");

    // A click at the waveform's start plays from there.
    const seek = page.getByTestId("song-seek");
    const box = await seek.boundingBox();
    if (box === null) throw new Error("The waveform is not laid out");
    await page.mouse.click(box.x + 2, box.y + box.height / 2);
    await expect.poll(() => playerPosition(page), { timeout: 15_000 }).toBeLessThan(lastStart - 0.5);

    // The parent lists the remix; the remix links back.
    const remixes = page.getByTestId("song-remixes");
    await expect.poll(() => remixes.textContent(), { timeout: 15_000 }).toContain("Harbour Remix");
    await page.goto(`${baseUrl}/song/${remix.id}`);
    const parentLink = page.getByTestId("song-parent-link");
    await expect.poll(() => parentLink.textContent(), { timeout: 15_000 }).toBe("Harbour Words");
    await parentLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/song/${songId}`);
  });
});
