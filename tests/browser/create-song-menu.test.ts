// The song menu on finished songs in the create page's list: remixes fill the form, Make Persona
// opens Create a Persona with that song, Open in Studio goes to the studio for it, and the MP3 and
// WAV downloads come from the server's media routes, as the pro demo user.

import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { gaplessSamples, readMp3InfoHeader } from "../mp3-info-reader.ts";
import { openCreateApp, PRO_USER, singSong } from "./create-app.ts";

const app = openCreateApp();

const TITLE = "Menu Song";

async function chooseFromMenu(page: Page, item: string): Promise<void> {
  const row = page.getByTestId("clip-row").filter({ hasText: TITLE }).first();
  await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
  await page.getByTestId("song-menu").getByRole("menuitem", { name: item, exact: true }).click();
}

describe("the song menu", () => {
  it("covers a song and reuses its styles and lyrics", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    await singSong(page, baseUrl, TITLE);
    await page.reload();
    await chooseFromMenu(page, "Cover");
    await expect.poll(() => page.getByTestId("condition-cover").textContent()).toContain(`Cover of ${TITLE}`);
    await chooseFromMenu(page, "Use Styles & Lyrics");
    await expect
      .poll(() => page.getByLabel("Styles", { exact: true }).inputValue())
      .toBe("folk, acoustic guitar");
    expect(await page.getByRole("textbox", { name: "Lyrics" }).inputValue()).toBe(
      "[Verse]\nLight on the water, keep the harbour bright",
    );
  });

  it("makes a persona of the song, opens its page, and uses it from there", async () => {
    const { page } = app();
    await chooseFromMenu(page, "Make Persona");
    const form = page.getByTestId("create-persona");
    await expect.poll(() => form.getByTestId("persona-base").textContent()).toBe(`Based on: ${TITLE}`);
    await form.getByLabel("Name").fill("Menu Voice");
    // Public is on by default, and the user's first public persona asks first.
    expect(await form.getByRole("checkbox", { name: "Public" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Save", exact: true }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: "Make Persona Public?" });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // The persona page opens after a persona is created.
    await page.waitForURL((url) => url.pathname.startsWith("/persona/"));
    await expect.poll(() => page.getByTestId("persona-name").textContent()).toBe("Menu Voice");
    await page.getByRole("button", { name: "Use Persona" }).click();
    await page.waitForURL((url) => url.pathname === "/create");
    await expect.poll(() => page.getByTestId("condition-persona").textContent()).toContain("Menu Voice");
  });

  it("downloads the song as MP3 and as WAV", async () => {
    const { page } = app();
    const mp3Download = page.waitForEvent("download", { timeout: 30_000 });
    await chooseFromMenu(page, "MP3 Audio");
    const mp3File = await mp3Download;
    expect(mp3File.suggestedFilename()).toBe(`${TITLE}.mp3`);
    const mp3 = readMp3InfoHeader(new Uint8Array(readFileSync(await mp3File.path())));
    expect(mp3.kind).toBe("Xing");
    const wav = page.waitForEvent("download", { timeout: 30_000 });
    await chooseFromMenu(page, "WAV Audio");
    const wavFile = await wav;
    expect(wavFile.suggestedFilename()).toBe(`${TITLE}.wav`);
    const path = await wavFile.path();
    const bytes = readFileSync(path);
    const decoded = decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(decoded.channels[0]?.length ?? 0).toBeGreaterThan(decoded.sampleRate);
    // The MP3 says it is exactly as long as the song.
    expect(mp3.sampleRate).toBe(decoded.sampleRate);
    expect(gaplessSamples(mp3)).toBe(decoded.channels[0]?.length);
  });

  it("opens the song in the studio", async () => {
    const { page } = app();
    const row = page.getByTestId("clip-row").filter({ hasText: TITLE }).first();
    const clipId = await row.getAttribute("data-clip-id");
    await chooseFromMenu(page, "Open in Studio");
    await page.waitForURL((url) => url.pathname === "/studio");
    expect(new URL(page.url()).searchParams.get("for_clip_id")).toBe(clipId);
  });
});
