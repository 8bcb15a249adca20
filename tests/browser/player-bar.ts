// Reading the global player bar in browser tests: finished songs play through the audio engine, not
// the bar's <audio> element, so position and state are read from what the bar shows.
import type { Page } from "playwright-core";

export const playerBar = (page: Page) => page.getByTestId("player-bar");

/** The position the bar's seek bar shows, in seconds. */
export const playerPosition = async (page: Page) =>
  Number(await playerBar(page).getByLabel("Seek").inputValue());

/** The position while the bar says it plays; -1 otherwise. */
export async function playingAt(page: Page): Promise<number> {
  return (await playerBar(page).getAttribute("data-state")) === "playing" ? playerPosition(page) : -1;
}

/** Pauses from the bar. */
export const pausePlayer = (page: Page) =>
  playerBar(page)
    .getByRole("button", { name: /^Pause/ })
    .click();

/** Seeks from the bar's seek bar. */
export const seekPlayer = (page: Page, seconds: number) =>
  playerBar(page).getByLabel("Seek").fill(String(seconds));

/** A live radio page's song, its position, whether it is paused, and when it was read (the pages share one clock). */
export const liveRadioReading = (page: Page) =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="live-radio-audio"]');
    const main = document.querySelector('[data-testid="live-radio"]');
    return {
      songId: main?.getAttribute("data-song-id") ?? "",
      seconds: audio?.currentTime ?? 0,
      at: Date.now(),
      paused: audio?.paused ?? true,
    };
  });
