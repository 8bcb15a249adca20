import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these Chromium keeps dialling Google's hosts, which this closed network refuses.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, or CHROMIUM_PATH; a clear failure, never a skip, when neither exists. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. The browser tests need it: install it with ` +
        "`apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  return path;
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium profile per call, removed on close; extraFlags are added to the launcher's own. */
export async function launchChromium(extraFlags: readonly string[] = []): Promise<Browser> {
  const userDataDir = mkdtempSync(join(tmpdir(), "tunesmith-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
