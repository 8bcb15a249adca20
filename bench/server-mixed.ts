// npm run bench server-mixed: a mixed load of reads and writes (library feed, song pages, feed by
// ids, likes, renames) at 500 requests/s against two API server instances on one PostgreSQL, as
// several instances behind a load balancer would take it; 0 errors and p99 <= 100 ms are the target.
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import { type BenchArea, formatTable } from "./area.ts";
import { feedBody, startTarget, stopTarget } from "./server.ts";
import { SEARCH_WORDS } from "./server-data.ts";

const RATE = 500;
const CONNECTIONS_PER_INSTANCE = 10;
const TARGET_P99_MS = 100;

interface FirstInstance {
  readonly url: string;
  readonly token: string;
  readonly userId: string;
  readonly schema: string;
  readonly clipIds: readonly string[];
}

/** The n-th request of the mix: 4 in 10 library pages, 2 song pages, 1 feed by ids, 2 likes, 1 rename. */
function mixed(n: number, first: FirstInstance): { method: "GET" | "POST"; path: string; body?: string } {
  const clip = first.clipIds[(n * 7) % first.clipIds.length];
  switch (n % 10) {
    case 0:
    case 1:
    case 2:
    case 3:
      return {
        method: "POST",
        path: "/api/feed/v3",
        body: feedBody(first.userId, SEARCH_WORDS[n % SEARCH_WORDS.length]),
      };
    case 4:
    case 5:
      return { method: "GET", path: `/api/clip/${clip}` };
    case 6:
      return {
        method: "GET",
        path: `/api/feed/v2?ids=${first.clipIds.slice(n % 100, (n % 100) + 10).join(",")}`,
      };
    case 7:
    case 8:
      return {
        method: "POST",
        path: `/api/gen/${clip}/update_reaction_type/`,
        body: JSON.stringify({ reaction: n % 4 < 2 ? "L" : null }),
      };
    default:
      return {
        method: "POST",
        path: `/api/gen/${clip}/set_metadata/`,
        body: JSON.stringify({ title: `Take ${n}` }),
      };
  }
}

function load(url: string, first: FirstInstance, rate: number, seconds: number, offset: number) {
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
function statusCounts(results: readonly autocannon.Result[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
      counts[status] = (counts[status] ?? 0) + (count ?? 0);
    }
  }
  return counts;
}

export const serverMixedBench: BenchArea = {
  async run({ quick }) {
    const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!databaseUrl) {
      return {
        table: "Not measured: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server.",
        json: { measured: false },
      };
    }
    const seconds = quick ? 10 : 60;
    const data = quick
      ? { users: 200, clips: 5000, libraryClips: 500 }
      : { users: 1000, clips: 20_000, libraryClips: 1000 };
    const loadAtStart = loadavg()[0];
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
    try {
      // Warm-up (JIT, plans, caches), then the measured run: half the rate through each instance.
      await Promise.all([load(first.url, first, RATE / 2, 2, 0), load(b.target.url, first, RATE / 2, 2, 5)]);
      const results = await Promise.all([
        load(first.url, first, RATE / 2, seconds, 0),
        load(b.target.url, first, RATE / 2, seconds, 5),
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
          `(${data.clips} clips, ${data.users} users): 4/10 library pages, 2/10 song pages, 1/10 feed by ids, ` +
          `2/10 likes, 1/10 renames; target 0 failed, p99 <= ${TARGET_P99_MS} ms`,
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
