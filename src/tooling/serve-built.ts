import { buildApp } from "../server/app.ts";
import { buildPagesIfStale } from "./pages-build.ts";
import { DIST_DIR } from "./paths.ts";

export interface ServedApp {
  readonly url: string;
  close(): Promise<void>;
}

/** The built app (built first if stale) on a free loopback port, for browser tests and benches. */
export async function serveBuiltApp(): Promise<ServedApp> {
  await buildPagesIfStale();
  const app = await buildApp({ distDir: DIST_DIR });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, close: () => app.close() };
}
