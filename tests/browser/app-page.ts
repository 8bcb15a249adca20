import type { Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { exposeBuiltEngine } from "../../src/tooling/built-entries.ts";
import { type Browser, launchChromium } from "../../src/tooling/chromium.ts";

/**
 * One fresh Chromium per test file with a page of the built app open, closed
 * after the file; with `engine`, the built engine entry is on window too.
 */
export function openAppPageForFile(options: { engine?: boolean } = {}): () => Page {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.goto(inject("baseUrl"));
    if (options.engine) await exposeBuiltEngine(page);
  });
  afterAll(() => browser?.close());
  return () => {
    if (!page) throw new Error("The page is opened in beforeAll: use it inside tests");
    return page;
  };
}
