// npm run bench server-mixed: a mixed load of reads and writes (library feed, song pages and their
// comments, feed by ids, likes, comments, renames, studio saves) at 500 requests/s against two API server instances on one PostgreSQL, as
// several instances behind a load balancer would take it; 0 errors and p99 <= 100 ms are the target.
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { demoProject } from "../src/engine/demo/demo-project.ts";
import { type BenchArea, formatTable } from "./area.ts";
import { feedBody, startTarget, stopTarget } from "./server.ts";
import { SEARCH_WORDS } from "./server-data.ts";

const RATE = 500;
const CONNECTIONS_PER_INSTANCE = 10;
const TARGET_P99_MS = 100;

export interface FirstInstance {
  readonly url: string;
  readonly token: string;
  readonly userId: string;
  readonly schema: string;
  readonly clipIds: readonly string[];
  readonly projectId: string;
}

/** A studio project's whole state, as a page's autosave sends it (the demo song: 4 tracks, 6 clips). */
const SAVED_STATE = demoProject();

/**
 * The n-th request of the mix, in twentieths: 6 library pages, 4 song pages, 1 song's comments, 2 feeds
 * by ids, 4 likes, 1 comment, 1 rename, 1 studio save.
 */
function mixed(n: number, first: FirstInstance): { method: "GET" | "POST"; path: string; body?: string } {
  const clip = first.clipIds[(n * 7) % first.clipIds.length];
  const slot = n % 20;
  if (slot < 6) {
    return {
      method: "POST",
      path: "/api/feed/v3",
      body: feedBody(first.userId, SEARCH_WORDS[n % SEARCH_WORDS.length]),
    };
  }
  if (slot < 10) return { method: "GET", path: `/api/clip/${clip}` };
  if (slot === 10) return { method: "GET", path: `/api/gen/${clip}/comments` };
  if (slot < 13) {
    return {
      method: "GET",
      path: `/api/feed/v2?ids=${first.clipIds.slice(n % 100, (n % 100) + 10).join(",")}`,
    };
  }
  if (slot < 17) {
    return {
      method: "POST",
      path: `/api/gen/${clip}/update_reaction_type/`,
      body: JSON.stringify({ reaction: n % 4 < 2 ? "L" : null }),
    };
  }
  if (slot === 17) {
    return {
      method: "POST",
      path: `/api/gen/${clip}/comment`,
      body: JSON.stringify({ content: `Take ${n} is the one` }),
    };
  }
  if (slot === 18) {
    return {
      method: "POST",
      path: `/api/gen/${clip}/set_metadata/`,
      body: JSON.stringify({ title: `Take ${n}` }),
    };
  }
  return {
    method: "POST",
    path: "/api/studio/save-project",
    body: JSON.stringify({ project_id: first.projectId, state: SAVED_STATE }),
  };
}

export function mixedLoad(url: string, first: FirstInstance, rate: number, seconds: number, offset: number) {
  let next = offset;
  return autocannon({
    url,
    connections: CONNECTIONS_PER_INSTANCE,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        // Each request is built whole: a GET carries no body and no content type of a POST before it.
        setupRequest: (request) => {
          const { method, path, body } = mixed(next++, first);
          const headers: Record<string, string> = { authorization: `Bearer ${first.token}` };
          if (body !== undefined) headers["content-type"] = "application/json";
          return { ...request, method, path, headers, body };
        },
      },
    ],
  });
}

/** How many answers came with each HTTP status, over both instances. */
export function statusCounts(results: readonly autocannon.Result[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
      counts[status] = (counts[status] ?? 0) + (count ?? 0);
    }
  }
  return counts;
}

/** Data set sizes of the mixed load: users, clips in all, and the measured user's library. */
export interface MixedData {
  readonly users: number;
  readonly clips: number;
  readonly libraryClips: number;
}

/** The PostgreSQL server the mixed loads run on: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const mixedDatabaseUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

export const NOT_MEASURED = {
  table: "Not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.",
  json: { measured: false },
};

/** Two API instances on one PostgreSQL schema: the first loads the data, the second joins it. */
export async function startPair(databaseUrl: string, data: MixedData) {
  const a = await startTarget({
    BENCH_BACKEND: "postgres",
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_CLIPS: String(data.clips),
    BENCH_USERS: String(data.users),
    BENCH_LIBRARY_CLIPS: String(data.libraryClips),
  });
  const first = a.target as unknown as FirstInstance;
  const b = await startTarget({ BENCH_DATABASE_URL: databaseUrl, BENCH_JOIN_SCHEMA: first.schema }).catch(
    async (error) => {
      await stopTarget(a.child);
      throw error;
    },
  );
  return { a, b, first };
}

export const serverMixedBench: BenchArea = {
  async run({ quick }) {
    const databaseUrl = mixedDatabaseUrl();
    if (!databaseUrl) return NOT_MEASURED;
    const seconds = quick ? 10 : 60;
    const data = quick
      ? { users: 200, clips: 5000, libraryClips: 500 }
      : { users: 1000, clips: 20_000, libraryClips: 1000 };
    const loadAtStart = loadavg()[0];
    const { a, b, first } = await startPair(databaseUrl, data);
    try {
      // Warm-up (JIT, plans, caches), then the measured run: half the rate through each instance.
      await Promise.all([
        mixedLoad(first.url, first, RATE / 2, 2, 0),
        mixedLoad(b.target.url, first, RATE / 2, 2, 5),
      ]);
      const results = await Promise.all([
        mixedLoad(first.url, first, RATE / 2, seconds, 0),
        mixedLoad(b.target.url, first, RATE / 2, seconds, 5),
      ]);
      const loadAtEnd = loadavg()[0];
      const rows = results.map((result, i) => [
        i === 0 ? "A" : "B",
        result.latency.p50.toFixed(1),
        result.latency.p90.toFixed(1),
        result.latency.p99.toFixed(1),
        result.latency.max.toFixed(1),
        result.requests.average.toFixed(0),
        String(result.errors + result.timeouts + result.non2xx),
      ]);
      const p99 = Math.max(...results.map((result) => result.latency.p99));
      const failed = results.reduce(
        (total, result) => total + result.errors + result.timeouts + result.non2xx,
        0,
      );
      const rps = results.reduce((total, result) => total + result.requests.average, 0);
      const table = [
        `Mixed reads and writes at ${RATE} req/s for ${seconds} s through two API instances on one PostgreSQL ` +
          `(${data.clips} clips, ${data.users} users), in twentieths: 6 library pages, 4 song pages, 1 song's ` +
          `comments, 2 feeds by ids, 4 likes, 1 comment, 1 rename, 1 studio save; target 0 failed, p99 <= ${TARGET_P99_MS} ms`,
        formatTable(["instance", "p50 ms", "p90 ms", "p99 ms", "max ms", "req/s", "failed"], rows),
        `answers by status: ${JSON.stringify(statusCounts(results))}`,
        `overall: ${rps.toFixed(0)} req/s, p99 ${p99.toFixed(1)} ms, ${failed} failed: target ${
          failed === 0 && p99 <= TARGET_P99_MS ? "met" : "NOT met"
        }`,
        `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end ` +
          `(${cpus().length} cores, shared with both servers, PostgreSQL and the load generator).`,
      ].join("\n");
      return {
        table,
        json: {
          rate_per_second: RATE,
          seconds,
          requests_per_second: rps,
          p99_ms: p99,
          failed,
          status_counts: statusCounts(results),
          target_p99_ms: TARGET_P99_MS,
          instances: results.map((result) => ({
            p50_ms: result.latency.p50,
            p99_ms: result.latency.p99,
            requests: result.requests.total,
            failed: result.errors + result.timeouts + result.non2xx,
          })),
        },
      };
    } finally {
      await stopTarget(b.child);
      await stopTarget(a.child);
    }
  },
};
