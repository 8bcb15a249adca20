// npm run bench social: the song page's data, its first comments page and a profile page, each at
// 200 requests per second, with a song of 10,000 comments and a profile of 10,000 followers among
// 100,000 clips, on the embedded database and on PostgreSQL; target p99 <= 30 ms. Also the embed
// page's script size (target <= 60 KB gzipped), read from the built pages when they are there.
// --quick: 20,000 clips, 1,000 comments and followers, 5 s per call.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { repoPath } from "../src/platform/paths.ts";
import { type BenchArea, formatTable } from "./area.ts";
import { startTarget, stopTarget, type Target } from "./server.ts";

const RATE = 200;
const TARGET_P99_MS = 30;
const EMBED_TARGET_KB = 60;

type SocialTarget = Target & { readonly social: { readonly clipId: string; readonly handle: string } };

const CALLS = {
  song: (t: SocialTarget) => `/api/clip/${t.social.clipId}`,
  "first comments page": (t: SocialTarget) => `/api/gen/${t.social.clipId}/comments?order=newest`,
  profile: (t: SocialTarget) => `/api/profiles/${t.social.handle}`,
  "profile songs": (t: SocialTarget) => `/api/profiles/${t.social.handle}/clips`,
} as const;

async function measure(backend: "pglite" | "postgres", quick: boolean, databaseUrl?: string) {
  const { child, target } = await startTarget({
    BENCH_BACKEND: backend,
    BENCH_CLIPS: String(quick ? 20_000 : 100_000),
    BENCH_USERS: "1000",
    BENCH_LIBRARY_CLIPS: String(quick ? 2_000 : 10_000),
    BENCH_SOCIAL_COMMENTS: String(quick ? 1_000 : 10_000),
    BENCH_SOCIAL_FOLLOWERS: String(quick ? 1_000 : 10_000),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  const social = target as SocialTarget;
  const rows: string[][] = [];
  const json: Record<string, unknown> = { loadSeconds: target.loadSeconds };
  try {
    for (const [name, path] of Object.entries(CALLS)) {
      const url = `${target.url}${path(social)}`;
      const check = await fetch(url);
      if (check.status !== 200) throw new Error(`${name}: ${check.status} ${await check.text()}`);
      await autocannon({ url, connections: 10, overallRate: RATE, duration: 1 }); // warm-up
      const result = await autocannon({ url, connections: 10, overallRate: RATE, duration: quick ? 5 : 15 });
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push([
        backend,
        name,
        result.latency.p50.toFixed(1),
        result.latency.p99.toFixed(1),
        result.requests.average.toFixed(0),
        String(errors),
        result.latency.p99 <= TARGET_P99_MS && errors === 0 ? "yes" : "NO",
      ]);
      json[name] = { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors };
    }
  } finally {
    await stopTarget(child);
  }
  return { rows, json };
}

/** The gzipped size of the scripts the built embed page loads, or null before a build. */
function embedScriptKb(): number | null {
  const page = repoPath("dist/embed/index.html");
  if (!existsSync(page)) return null;
  const scripts = [...readFileSync(page, "utf8").matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)];
  const bytes = scripts.reduce(
    (sum, [, path]) => sum + gzipSync(readFileSync(repoPath(`dist${path}`))).length,
    0,
  );
  return bytes / 1024;
}

export const socialBench: BenchArea = {
  async run({ quick }) {
    const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const pglite = await measure("pglite", quick);
    const postgres = databaseUrl ? await measure("postgres", quick, databaseUrl) : null;
    if (!databaseUrl)
      process.stderr.write(
        "\n!!! No BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL is not measured.\n\n",
      );
    const embed = embedScriptKb();
    const table = [
      formatTable(
        ["database", "call", "p50 ms", "p99 ms", "req/s", "errors", `p99 <= ${TARGET_P99_MS}`],
        [...pglite.rows, ...(postgres?.rows ?? [])],
      ),
      embed === null
        ? "embed script: not built (npm run build first)"
        : `embed script: ${embed.toFixed(1)} KB gzipped (target <= ${EMBED_TARGET_KB} KB)`,
    ].join("\n");
    return { table, json: { pglite: pglite.json, postgres: postgres?.json ?? null, embedScriptKb: embed } };
  },
};
