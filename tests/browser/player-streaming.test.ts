// Playing a song while it renders: the built-in generator's 20-24 s songs paced to 1.5x real time
// (it keeps up), or
// falling behind for 4 s once 3 s are out. The player bar's <audio> must play from the first playable
// audio to the song's end without stopping, say "buffering" while it truly waits for data, and never
// say it plays while the element is paused or its position stands still.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pacedGenerator } from "../../src/tooling/paced-generator.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { requestSong } from "./song-request.ts";

const STEADY = "Steady stream";
const BEHIND = "Falls behind";

const app = openCreateApp({
  generator: (builtIn) =>
    pacedGenerator(builtIn, (request) =>
      request.title === BEHIND
        ? { speed: 1.5, songSeconds: 20, holdAtSeconds: 3, holdMs: 4000 }
        : { speed: 1.5, songSeconds: 24 },
    ),
});

interface Sample {
  readonly time: number;
  readonly paused: boolean;
  readonly shows: string | undefined;
}

declare global {
  interface Window {
    playerSamples: Sample[];
  }
}

/** Requests a song through the API, shows it in the list and presses Play as soon as it streams. */
async function playWhileStreaming(page: Page, baseUrl: string, title: string): Promise<string> {
  const [id] = await requestSong(page.request, baseUrl, title);
  await page.goto(`${baseUrl}/create`);
  const play = page.locator(`[data-clip-id="${id}"][data-status="streaming"] button[aria-label^="Play "]`);
  await expect.poll(() => play.count(), { timeout: 60_000, interval: 50 }).toBe(1);
  await play.click();
  // Every 100 ms: the element's position and pause flag, and what the bar says.
  await page.evaluate(() => {
    window.playerSamples = [];
    window.setInterval(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      const bar = document.querySelector<HTMLElement>('[data-testid="player-bar"]');
      if (audio === null || bar === null) return;
      window.playerSamples.push({
        time: audio.currentTime,
        paused: audio.paused,
        shows: bar.dataset.state,
      });
    }, 100);
  });
  return id;
}

async function completeDuration(page: Page, baseUrl: string, id: string): Promise<number> {
  const clip = async () =>
    (await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as {
      status: string;
      metadata: { duration: number };
    };
  await expect.poll(async () => (await clip()).status, { timeout: 90_000, interval: 500 }).toBe("complete");
  return (await clip()).metadata.duration;
}

const samples = (page: Page) => page.evaluate(() => window.playerSamples);

/** Samples, 100 ms apart, where the bar said "playing" while the element was paused: twice in a row. */
const claimsWhilePaused = (all: readonly Sample[]) =>
  all.filter((sample, i) => i > 0 && [sample, all[i - 1]].every((s) => s.shows === "playing" && s.paused));

describe("playing a song while it renders", () => {
  it("plays from its first playable audio to its end without standing still or going back", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    const id = await playWhileStreaming(page, baseUrl, STEADY);
    const duration = await completeDuration(page, baseUrl, id);
    expect(duration).toBeGreaterThan(10);
    const audio = page.getByTestId("player-audio");
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: duration * 1000 + 10_000,
        interval: 250,
      })
      .toBeGreaterThan(duration - 0.5);
    const all = await samples(page);
    // How fast the song plays against the wall clock is measured by `npm run bench player` (stalls
    // per minute); here: the position only moves forward, and never stands still for half a second
    // (five samples) before the song's end while the bar says playing.
    const playing = all.filter((sample) => sample.time > 0 && sample.time < duration - 0.5);
    expect(playing.length).toBeGreaterThan((duration - 3) * 5);
    expect(playing.filter((sample, i) => i > 0 && sample.time < playing[i - 1].time)).toEqual([]);
    const standing = playing.filter(
      (sample, i) =>
        i >= 4 && playing.slice(i - 4, i + 1).every((s) => s.time === sample.time && s.shows === "playing"),
    );
    expect(standing).toEqual([]);
    expect(all.filter((sample) => sample.time > 0 && sample.time < duration - 0.5 && sample.paused)).toEqual(
      [],
    );
    expect(claimsWhilePaused(all)).toEqual([]);
    await expect.poll(() => page.getByTestId("player-bar").getAttribute("data-state")).toBe("paused");
  }, 150_000);

  it("says it is buffering while the render falls behind, and plays on when audio comes", async () => {
    const { page, baseUrl } = app();
    const id = await playWhileStreaming(page, baseUrl, BEHIND);
    const bar = page.getByTestId("player-bar");
    const audio = page.getByTestId("player-audio");
    const position = () => audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    await expect.poll(position, { timeout: 15_000, interval: 100 }).toBeGreaterThan(1);
    await expect
      .poll(() => bar.getAttribute("data-state"), { timeout: 10_000, interval: 100 })
      .toBe("buffering");
    await expect(page.getByTestId("player-buffering").textContent()).resolves.toBe("Buffering…");
    await page.screenshot({ path: "/tmp/player-buffering.png" });
    const waitedAt = await position();
    // The pause button stays: the listener still wants the song, and can pause it.
    await expect(bar.getByRole("button", { name: "Pause" }).count()).resolves.toBe(1);
    await expect
      .poll(() => bar.getAttribute("data-state"), { timeout: 15_000, interval: 100 })
      .toBe("playing");
    await expect.poll(position, { timeout: 10_000, interval: 100 }).toBeGreaterThan(waitedAt + 2);
    const all = await samples(page);
    // While the bar said buffering mid-song the position stood still (it truly waited for data).
    const waiting = all.filter((sample) => sample.shows === "buffering" && sample.time > 1);
    expect(waiting.length).toBeGreaterThan(3);
    expect(Math.max(...waiting.map((s) => s.time)) - Math.min(...waiting.map((s) => s.time))).toBeLessThan(
      0.5,
    );
    expect(claimsWhilePaused(all)).toEqual([]);
    await completeDuration(page, baseUrl, id);
  }, 150_000);
});
