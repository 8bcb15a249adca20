// The generation flow in Chromium: Create in simple mode puts the new songs in the list at once,
// the realtime channel moves them on, and the player's <audio> plays one that streams or is done.

import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

describe("creating a song", () => {
  it("creates in simple mode and plays the song", async () => {
    const { page } = app();
    await app().signIn(PRO_USER);
    await page.getByLabel("Song description").fill("a short happy ukulele song about the sea");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const rows = page.getByTestId("clip-row");
    // The request's clips (two by default) appear before any of them is done.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await rows.first().getAttribute("data-status")).toMatch(
      /^(queued|submitted|processing|streaming)$/,
    );
    await expect.poll(() => page.getByTestId("account-credits").textContent()).toBe("2490 credits");
    const playable = page.locator(
      '[data-testid="clip-row"][data-status="streaming"], [data-testid="clip-row"][data-status="complete"]',
    );
    await expect.poll(() => playable.count(), { timeout: 45_000 }).toBeGreaterThan(0);
    await playable
      .first()
      .getByRole("button", { name: /^Play / })
      .click();
    // A streaming song plays in the bar's <audio>, a finished one in the audio engine (whose
    // position the seek bar shows).
    const bar = page.getByTestId("player-bar");
    const audio = page.getByTestId("player-audio");
    const inElement = async () => (await bar.getAttribute("data-playback")) === "element";
    await expect.poll(async () => Number(await bar.getByLabel("Volume").inputValue())).toBe(0.8);
    const position = async () =>
      (await inElement())
        ? await audio.evaluate((element: HTMLAudioElement) => element.currentTime)
        : Number(await bar.getByLabel("Seek").inputValue());
    await expect.poll(position, { timeout: 15_000 }).toBeGreaterThan(0.5);
    // It keeps playing: the position moves on (across the streaming snapshots, if any).
    const first = await position();
    await expect.poll(position, { timeout: 10_000 }).toBeGreaterThan(first + 1);
  });

  it("creates in custom mode from lyrics and styles, sending them as the wire body says", async () => {
    const { page } = app();
    await page.getByRole("tab", { name: "Custom" }).click();
    await page
      .getByRole("textbox", { name: "Lyrics" })
      .fill("[Verse]\nSalt on the window, gulls in the rain");
    await page.getByLabel("Styles", { exact: true }).fill("sea shanty, accordion");
    await page.getByLabel("Title", { exact: true }).fill("Harbour Rain");
    const sent = page.waitForRequest(
      (request) => request.url().includes("/api/generate/v2") && request.method() === "POST",
    );
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      title: "Harbour Rain",
      tags: "sea shanty, accordion",
      prompt: "[Verse]\nSalt on the window, gulls in the rain",
      make_instrumental: false,
      mv: "chirp-crow",
      metadata: { create_mode: "custom", user_tier: "pro", web_client_pathname: "/create" },
    });
    const rows = page.getByTestId("clip-row").filter({ hasText: "Harbour Rain" });
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
  });
});
