// The player's audio formats in Chromium (spec 001 section 4: "Audio format falls back from m4a to
// webm to the original URL on play failure"): with the flag enable-m4a-audio a finished song plays
// from its m4a copy, made by the server's ffmpeg, without fetching its original; a song whose m4a
// copy is corrupt (stored so on purpose) is heard from its original file; a song neither of whose
// files plays is reported and passed over.

import { Readable } from "node:stream";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { derivedKey, M4A_FILE_NAME } from "../../src/server/clips/media-urls.ts";
import { m4aRenditionKey, m4aRenditionsSettled } from "../../src/server/video/m4a-rendition.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { installOutputTap, routeOutputTap } from "./player-output.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const RATE = 48_000;
const SECONDS = 6;

const level = (page: Page) => page.evaluate(() => window.playerOutput.report().level);

/** A 6 s stereo tone of the PRO user's, finished. */
async function toneSong(title: string, hz: number) {
  const { db, storage } = app();
  const pro = await accountOf(db, PRO_USER);
  const tone = Float32Array.from(
    { length: SECONDS * RATE },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
  const { row } = await newClipWithAudio(
    db,
    storage,
    { userId: pro.id, title, status: "complete", metadata: { type: "gen", tags: "tone", duration: SECONDS } },
    { channels: [tone, tone], sampleRate: RATE, format: "float32" },
  );
  return { id: row.id, audioKey: row.audio_key as string };
}

/** Plays the song from the library and answers the kinds of its audio files the page asked for, in order. */
async function playFromLibrary(songId: string): Promise<string[]> {
  const { page, baseUrl } = app();
  const asked: string[] = [];
  page.on("request", (request) => {
    const found = new RegExp(`/api/media/clips/${songId}/(audio|m4a)\\.`).exec(request.url());
    if (found?.[1]) asked.push(found[1]);
  });
  await page.goto(`${baseUrl}/me`);
  const row = page.locator(`[data-testid="clip-row"][data-clip-id="${songId}"]`);
  await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
  await row.getByRole("button", { name: /^Play / }).click();
  await expect
    .poll(() => page.getByTestId("player-bar").getAttribute("data-playback"), { timeout: 30_000 })
    .toBe("engine");
  // Sound at the engine's output: the song was decoded from one of its files.
  await expect.poll(() => level(page), { timeout: 30_000 }).toBeGreaterThan(0.05);
  await page.getByTestId("player-bar").getByRole("button", { name: "Pause" }).click();
  return asked;
}

describe("the player's audio formats", () => {
  let good = { id: "", audioKey: "" };
  let broken = { id: "", audioKey: "" };

  beforeAll(async () => {
    const { storage, page } = app();
    good = await toneSong("Beacon Good Copy", 440);
    broken = await toneSong("Beacon Broken Copy", 660);
    // The good song's copy, made as the media route makes it on a first request.
    expect(
      await m4aRenditionKey(storage, { ...good, status: "complete", audio_key: good.audioKey }),
    ).toBeNull();
    await m4aRenditionsSettled();
    // The broken song's copy: bytes no decoder takes, where its m4a copy is kept.
    await storage.put(
      derivedKey(broken.id, broken.audioKey, M4A_FILE_NAME),
      Readable.from([Buffer.from("ftypM4A not really an m4a file ".repeat(64))]),
      { contentType: "audio/mp4" },
    );
    await app().grantFlag(PRO_USER, "enable-m4a-audio");
    await routeOutputTap(page);
    await page.addInitScript(installOutputTap);
    await app().signIn(PRO_USER);
  });

  it("plays a finished song from its m4a copy, never fetching the original", async () => {
    expect(await playFromLibrary(good.id)).toEqual(["m4a"]);
  });

  it("hears a song whose m4a copy does not decode from its original file", async () => {
    expect(await playFromLibrary(broken.id)).toEqual(["m4a", "audio"]);
  });

  it("says so and goes on to the next song when neither file of a song plays", async () => {
    const { page, storage } = app();
    // The newest song, first in the library: the songs listed after it follow in the queue.
    const lost = await toneSong("Beacon Lost Signal", 550);
    await storage.put(lost.audioKey, Readable.from([Buffer.from("RIFF no audio here ".repeat(64))]), {
      contentType: "audio/wav",
    });
    await page.goto(`${app().baseUrl}/me`);
    const row = page.locator(`[data-testid="clip-row"][data-clip-id="${lost.id}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByRole("button", { name: /^Play / }).click();
    await expect
      .poll(() => page.getByText("Beacon Lost Signal could not be played: its audio did not load.").count(), {
        timeout: 60_000,
      })
      .toBe(1);
    await expect
      .poll(() => page.getByTestId("player-title").textContent(), { timeout: 30_000 })
      .toMatch(/^Beacon (Good|Broken) Copy$/);
    await expect.poll(() => level(page), { timeout: 30_000 }).toBeGreaterThan(0.05);
  });
});
