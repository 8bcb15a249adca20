import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DIST_DIR } from "../platform/paths.ts";

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
}

/** The served path of the built engine entry. */
function builtEnginePath(): string {
  const manifest = JSON.parse(readFileSync(join(DIST_DIR, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.values(manifest).find(
    (chunk) => chunk.isEntry && chunk.src?.endsWith("engine/index.ts"),
  );
  if (!entry) throw new Error("dist/.vite/manifest.json has no engine entry: rebuild with npm run build");
  return `/${entry.file}`;
}

/** What page.evaluate callbacks find on window after exposeBuiltEngine(). */
export type EngineWindow = Window & { tunesmithEngine: typeof import("../engine/index.ts") };

/**
 * Loads the built engine entry into a page of the built app and puts it on
 * window, so tests and benches drive exactly the code the pages run.
 */
export async function exposeBuiltEngine(page: Page): Promise<void> {
  // Imported from the page's own origin by an evaluated script, not an inline <script> tag: the
  // pages' Content-Security-Policy refuses inline script, and tests run under it.
  // A string, so the test runner's transform leaves its import() alone.
  await page.evaluate(
    `import(${JSON.stringify(builtEnginePath())}).then((engine) => { window.tunesmithEngine = engine; })`,
  );
  await page.waitForFunction(() => "tunesmithEngine" in window);
}
