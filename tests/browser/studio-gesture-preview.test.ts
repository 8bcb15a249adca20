// A drag is heard while it runs, not only once it is released: the master volume fader pressed
// to silence quiets what the engine plays (its meter, read from the engine's shared memory) before
// the pointer is let go, and Escape gives back the level it had, in the project and in the engine.

import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

/** A meter bar's level, as its scale (0 silent .. 1 full). */
const level = (bar: Locator): Promise<number> =>
  bar.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).a);

describe("a gesture heard while it runs", () => {
  it("quiets the engine while the master fader is held down, and Escape restores it", async () => {
    await page().goto(`${inject("baseUrl")}/studio`);
    await expect
      .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 60_000 })
      .toContain("DSP engine ready");
    const master = page().getByTestId("master-meter").locator('[data-channel="left"]');
    const fader = page().getByRole("slider", { name: "Master volume", exact: true });
    const before = await fader.getAttribute("aria-valuenow");
    await page().getByTestId("play-button").click();
    await expect.poll(() => level(master), { timeout: 30_000 }).toBeGreaterThan(0.2);

    // Pressed at the groove's left end: the fader jumps to silence and the drag is held.
    const box = await fader.boundingBox();
    if (box === null) throw new Error("The master fader is not on screen");
    await page().mouse.move(box.x + 1, box.y + box.height / 2);
    await page().mouse.down();
    await expect.poll(() => fader.getAttribute("aria-valuenow")).not.toBe(before);
    await expect.poll(() => level(master), { timeout: 30_000 }).toBeLessThan(0.02);

    // Escape abandons the drag: the level it had comes back, still before any release.
    await page().keyboard.press("Escape");
    await expect.poll(() => fader.getAttribute("aria-valuenow")).toBe(before);
    await expect.poll(() => level(master), { timeout: 30_000 }).toBeGreaterThan(0.2);
    await page().mouse.up();
    expect(await fader.getAttribute("aria-valuenow")).toBe(before);
    await expect.poll(() => level(master), { timeout: 30_000 }).toBeGreaterThan(0.2);
    await page().keyboard.press("Space");
  });

  it("abandons a track's balance drag on Escape: the value it had, and nothing more from the drag", async () => {
    const balance = page()
      .getByRole("slider", { name: /balance$/ })
      .first();
    const before = await balance.inputValue();
    const box = await balance.boundingBox();
    if (box === null) throw new Error("No track balance slider on screen");
    // Pressed at the slider's left end: the value jumps there and the drag is held.
    await page().mouse.move(box.x + 2, box.y + box.height / 2);
    await page().mouse.down();
    await expect.poll(() => balance.inputValue()).not.toBe(before);
    await page().keyboard.press("Escape");
    await expect.poll(() => balance.inputValue()).toBe(before);
    // Still held: moving on changes nothing, nor does the release.
    await page().mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 4 });
    await page().mouse.up();
    expect(await balance.inputValue()).toBe(before);
  });
});
