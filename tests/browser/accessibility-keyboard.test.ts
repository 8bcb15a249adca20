// The keyboard alone, in Chromium: Tab reaches the create page's main controls and the studio's
// timeline, each with a visible focus ring; the Add menu opens and moves with keys, and the modal it
// opens keeps the focus inside until Escape gives it back to Add; the player bar's queue panel takes
// the focus and gives it back on Escape; the focused timeline selects a clip and moves it by a grid
// step. Signed in as Pro, with one finished song.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

/** The focused element's accessible label (aria-label, else its text), or "" for none. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement as HTMLElement | null;
    if (at === null || at === document.body) return "";
    return (at.getAttribute("aria-label") ?? at.textContent ?? "").trim();
  });

/** Whether the focused element draws a focus ring (an outline of some width). */
const focusRingShown = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement;
    if (at === null) return false;
    const style = getComputedStyle(at);
    return style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
  });

/** Presses Tab until `name` has the focus (at most `limit` presses); answers the names passed. */
async function tabTo(page: Page, name: string, limit = 120): Promise<string[]> {
  const passed: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press("Tab");
    const focused = await focusedName(page);
    passed.push(focused);
    if (focused === name) return passed;
  }
  throw new Error(`Tab never reached "${name}"; it passed: ${passed.join(" | ")}`);
}

/** Opens the create page and waits for its song list. */
async function openCreate(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/create`);
  await expect.poll(() => page.getByTestId("clip-title").first().isVisible(), { timeout: 60_000 }).toBe(true);
}

/** Opens the studio's demo project and waits for its engine. */
async function openStudio(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/studio`);
  await expect
    .poll(() => page.getByTestId("loading-overlay").textContent(), { timeout: 60_000 })
    .toContain("DSP engine ready");
}

describe("the keyboard alone", () => {
  beforeAll(async () => {
    const { db, storage, signIn } = app();
    const account = await accountOf(db, PRO_USER);
    await finishedSong(
      { db, storage },
      { userId: account.id, title: "Keyboard Song", isPublic: true, seconds: 3 },
    );
    await signIn(PRO_USER);
  });

  it("reaches the create page's main controls and the studio's timeline with Tab, each with a visible focus ring", async () => {
    const { page, baseUrl } = app();
    await openCreate(page, baseUrl);
    for (const name of ["Add", "Create"]) {
      await tabTo(page, name);
      expect(await focusRingShown(page), `${name} shows where the focus is`).toBe(true);
    }
    await openStudio(page, baseUrl);
    await page.getByRole("button", { name: "Go to start" }).focus();
    await tabTo(page, "Timeline", 200);
    expect(await focusRingShown(page), "the timeline shows it has the focus").toBe(true);
  });

  it("opens the Add menu with Enter, moves with the arrows, and traps the modal it opens until Escape", async () => {
    const { page, baseUrl } = app();
    await openCreate(page, baseUrl);
    await tabTo(page, "Add");
    await page.keyboard.press("Enter");
    await expect.poll(() => focusedName(page)).toBe("Upload audio");
    expect(await focusRingShown(page), "the menu entry shows it has the focus").toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await focusedName(page)).toBe("Record audio");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    expect(await focusedName(page)).toBe("Add");

    await page.keyboard.press(" ");
    await expect.poll(() => page.getByRole("menu").count()).toBe(1);
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    expect(await focusedName(page)).toBe("Saved styles");
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog");
    await expect.poll(() => modal.count()).toBe(1);
    const focusInModal = () =>
      page.evaluate(
        () => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false,
      );
    await expect.poll(focusInModal).toBe(true);
    // Twice round the modal's controls, either way: the focus never leaves it.
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < 12; press++) {
        await page.keyboard.press(key);
        expect(await focusInModal(), `${key} press ${press + 1} stays in the modal`).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => modal.count()).toBe(0);
    expect(await focusedName(page)).toBe("Add");
  });

  it("opens the player bar's queue with the keyboard and gives the focus back on Escape", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/me`);
    const row = page.getByTestId("clip-row").filter({ hasText: "Keyboard Song" });
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    await row.getByRole("button", { name: /^Play / }).click();
    const queue = page.getByTestId("player-bar").getByRole("button", { name: "Queue", exact: true });
    await expect.poll(() => queue.isVisible(), { timeout: 60_000 }).toBe(true);
    await queue.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByTestId("queue-panel");
    await expect.poll(() => panel.isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => document.querySelector(".queue-panel")?.contains(document.activeElement)),
      )
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count()).toBe(0);
    expect(await focusedName(page)).toBe("Queue");
  });

  it("selects the next clip on the focused timeline and moves it by a grid step", async () => {
    const { page, baseUrl } = app();
    await openStudio(page, baseUrl);
    await page.getByTestId("timeline-canvas").focus();
    const description = await page.getByTestId("timeline-canvas").getAttribute("aria-describedby");
    expect(await page.locator(`#${description}`).textContent()).toContain("Shift with an arrow moves");

    await page.keyboard.press("ArrowRight");
    const selected = page.locator('[data-testid="clip-item"][aria-pressed="true"]');
    await expect.poll(() => selected.count()).toBe(1);
    const clipId = await selected.getAttribute("data-clip-id");
    await expect.poll(() => page.getByTestId("timeline-selection").textContent()).toContain("Selected:");
    const clip = page.locator(`[data-testid="clip-item"][data-clip-id="${clipId}"]`);
    const start = Number(await clip.getAttribute("data-start-beats"));
    await page.keyboard.press("ArrowRight");
    const second = await selected.getAttribute("data-clip-id");
    expect(second).not.toBe(clipId);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => selected.getAttribute("data-clip-id")).toBe(clipId);

    await page.keyboard.press("Shift+ArrowRight");
    await expect.poll(async () => Number(await clip.getAttribute("data-start-beats"))).toBeGreaterThan(start);
    const moved = Number(await clip.getAttribute("data-start-beats"));
    await page.keyboard.press("Shift+ArrowLeft");
    await expect.poll(async () => Number(await clip.getAttribute("data-start-beats"))).toBe(start);
    expect(moved - start).toBeGreaterThan(0);
  });
});
