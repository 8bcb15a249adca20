import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Generator } from "../generator/generator.ts";
import { DIST_DIR } from "../platform/paths.ts";
import { buildApp } from "../server/app.ts";
import { type DatabaseHandle, openDatabase } from "../server/db/database.ts";
import { LocalDiskStorage } from "../server/storage/local-disk-storage.ts";
import { buildPagesIfStale } from "./pages-build.ts";

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The built app (built first if stale) on a free loopback port, for browser
 * tests and benches, on the database given or a throwaway embedded one, with the generator given
 * (none by default: generation answers 503).
 */
export async function serveBuiltApp(database?: DatabaseHandle, generator?: Generator): Promise<ServedApp> {
  await buildPagesIfStale();
  const db = database ?? (await openDatabase({ dataDir: "memory://" }));
  const folder = mkdtempSync(join(tmpdir(), "tunesmith-files-"));
  const storage = new LocalDiskStorage(folder);
  const app = await buildApp({ database: db, storage, distDir: DIST_DIR, generator });
  app.addHook("onClose", async () => {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, close: () => app.close() };
}
