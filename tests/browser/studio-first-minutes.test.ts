// The studio's first minutes, in Chromium, as a new user meets them on the demo project: the whole
// song is in view on open; the view follows the playhead while playing unless Ctrl+F turned that
// off; and the DSP meter reads the engine's work, near zero while it idles. The view is read from
// the timeline canvas's description of itself, the playhead from the transport's readout.

import { describe, expect, inject, it } from "vitest";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

/** The demo's tempo (beats a second) and length: 16 bars of 4 beats. */
const DEMO_BEATS_PER_SECOND = 2;
const DEMO_BEATS = 64;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function view(): Promise<{ startBeat: number; endBeat: number }> {
  const canvas = page().getByTestId("timeline-canvas");
  return {
    startBeat: Number(await canvas.getAttribute("data-start-beat")),
    endBeat: Number(await canvas.getAttribute("data-end-beat")),
  };
}

/** The playhead in beats, from the readout's "m:ss.t". */
async function playheadBeats(): Promise<number> {
  const text = (await page().getByTestId("playhead-time").textContent()) ?? "";
  const [minutes, secondsPart] = text.split(":");
  return (Number(minutes) * 60 + Number(secondsPart)) * DEMO_BEATS_PER_SECOND;
}

/** Plays from the start for `ms`, then stops; answers where the playhead was just before stopping. */
async function playFromStart(ms: number): Promise<{ playhead: number; startBeat: number; endBeat: number }> {
  await page().getByRole("button", { name: "Go to start" }).click();
  await page().getByTestId("play-button").click();
  await wait(ms);
  const seen = { playhead: await playheadBeats(), ...(await view()) };
  await page().getByTestId("play-button").click();
  return seen;
}

const followButton = () => page().getByRole("button", { name: "Follow playhead" });

describe("the studio's first minutes", () => {
  it("opens with the whole demo, 16 bars, in view from its start", async () => {
    await page().goto(`${inject("baseUrl")}/studio`);
    await expect
      .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
      .toContain("DSP engine ready");
    await expect.poll(async () => (await view()).endBeat).toBeGreaterThanOrEqual(DEMO_BEATS);
    const { startBeat, endBeat } = await view();
    expect(startBeat).toBe(0);
    // A small margin after the song, not a view mostly empty.
    expect(endBeat).toBeLessThan(DEMO_BEATS * 1.15);
  });

  it("follows the playhead while playing, by default", async () => {
    expect(await followButton().getAttribute("aria-pressed")).toBe("true");
    // Zoomed in until the view holds less than 8 s of the song.
    // Each press is waited for (the view's width must shrink) before the next, so fast presses on a
    // busy machine cannot be lost; at most 10 presses.
    const zoomIn = page().getByRole("button", { name: "Zoom in" });
    const width = async () => {
      const shown = await view();
      return shown.endBeat - shown.startBeat;
    };
    for (let presses = 0; presses < 10 && (await width()) >= 8 * DEMO_BEATS_PER_SECOND; presses++) {
      const before = await width();
      await zoomIn.click();
      await expect.poll(width).toBeLessThan(before);
    }
    expect(await width()).toBeLessThan(8 * DEMO_BEATS_PER_SECOND);
    const seen = await playFromStart(8_000);
    expect(seen.playhead).toBeGreaterThan(7 * DEMO_BEATS_PER_SECOND);
    expect(seen.playhead).toBeGreaterThanOrEqual(seen.startBeat);
    expect(seen.playhead).toBeLessThanOrEqual(seen.endBeat);
  });

  it("leaves the view where it is once Ctrl+F has turned following off", async () => {
    await page().keyboard.press("Control+f");
    await expect.poll(() => followButton().getAttribute("aria-pressed")).toBe("false");
    // Back to the song's start (a sideways scroll), then the same 8 s.
    const canvas = await page().getByTestId("timeline-canvas").boundingBox();
    if (canvas === null) throw new Error("The timeline canvas is not on screen");
    await page().mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page().mouse.wheel(-1e6, 0);
    await expect.poll(async () => (await view()).startBeat).toBe(0);
    const seen = await playFromStart(8_000);
    expect(seen.startBeat).toBe(0);
    expect(seen.playhead).toBeGreaterThan(seen.endBeat);
  });

  it("reads the DSP load near zero once the engine has idled a second", async () => {
    // The engine has just played (the playhead moved above), so its meter is live.
    await wait(1_200);
    const text = (await page().getByTestId("dsp-load").textContent()) ?? "";
    expect(text).toMatch(/^\d+%$/);
    expect(Number.parseInt(text, 10)).toBeLessThan(20);
  });
});
