// The dialog queue's dialogs keep the keyboard inside: the focus moves into the dialog, Tab and
// Shift+Tab cycle through its buttons without leaving it, Escape closes it, and the focus goes back
// to the control that opened it. The dialog here is the create page's model upsell (a free account
// picking a Pro model): Upgrade and Got it.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp } from "./create-app.ts";

const app = openCreateApp();

/** The focused element's text, and whether it is inside the open dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement as HTMLElement | null;
    const dialog = document.querySelector('[role="dialog"]');
    return { name: at?.textContent?.trim() ?? "", inDialog: dialog?.contains(at) ?? false };
  });

async function pressAndRead(page: Page, key: string, times: number) {
  const seen: { name: string; inDialog: boolean }[] = [];
  for (let press = 0; press < times; press++) {
    await page.keyboard.press(key);
    seen.push(await focused(page));
  }
  return seen;
}

describe("the dialog queue's dialogs", () => {
  it("trap the focus, close on Escape and give the focus back to the opener", async () => {
    const { page, signIn } = app();
    await signIn(FREE_USER, "/create");
    const model = page.getByLabel("Model");
    await expect.poll(() => model.isVisible(), { timeout: 60_000 }).toBe(true);
    await model.focus();
    await model.selectOption("chirp-crow");
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    expect(await dialog.getByRole("button").allTextContents()).toEqual(["Upgrade", "Got it"]);

    // Two buttons: Tab goes round them, never out; Shift+Tab goes round the other way.
    const start = (await focused(page)).name;
    const forward = await pressAndRead(page, "Tab", 4);
    expect(forward.every((step) => step.inDialog)).toBe(true);
    const other = start === "Upgrade" ? "Got it" : "Upgrade";
    expect(forward.map((step) => step.name)).toEqual([other, start, other, start]);
    const backward = await pressAndRead(page, "Shift+Tab", 3);
    expect(backward.every((step) => step.inDialog)).toBe(true);
    expect(backward.map((step) => step.name)).toEqual([other, start, other]);

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("name") ?? ""))
      .toBe("model");
  });
});
