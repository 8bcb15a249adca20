// npm run bench discovery: /home's first sections, a search ranked most_relevant and trending, and
// the following feed, each at 200 requests per second, on 100,000 clips among 1,000 users (the
// measured user follows and likes 50), on the embedded database and on PostgreSQL (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names one); target p99 <= 80 ms on PGlite, 50 ms on
// PostgreSQL. --quick: 10,000 clips, 5 s each.
import { cpus, loadavg } from "node:os";
import { type BenchArea, formatTable } from "./area.ts";
import { CONNECTIONS, loadAt, RATE, startTarget, stopTarget, type Target } from "./server.ts";
import { SEARCH_WORDS } from "./server-data.ts";

const TARGET_P99_MS = { pglite: 80, postgres: 50 } as const;

interface Call {
  readonly name: string;
  readonly path: string;
  /** A body per request, so no two in a row are alike. */
  readonly body: (n: number) => unknown;
}

const search = (rank_by: string) => (n: number) => ({
  search_queries: [
    {
      name: "songs",
      search_type: "public_song",
      term: SEARCH_WORDS[n % SEARCH_WORDS.length],
      size: 20,
      rank_by,
    },
  ],
});

const CALLS: readonly Call[] = [
  { name: "home first sections", path: "/api/discover/", body: () => ({ start_index: 0, page_size: 3 }) },
  { name: "search most_relevant", path: "/api/search/", body: search("most_relevant") },
  { name: "search trending", path: "/api/search/", body: search("trending") },
  { name: "following feed", path: "/api/social/following-feed/", body: () => ({ page_size: 20 }) },
];

const load = (target: Target, call: Call, seconds: number) =>
  loadAt(target, call.path, (n) => JSON.stringify(call.body(n)), seconds);

type Row = {
  backend: string;
  call: string;
  p50: number;
  p99: number;
  rps: number;
  failed: number;
  target: number;
};

async function measure(
  backend: "pglite" | "postgres",
  clips: number,
  seconds: number,
  url?: string,
): Promise<Row[]> {
  const { child, target } = await startTarget({
    BENCH_BACKEND: backend,
    BENCH_CLIPS: String(clips),
    BENCH_USERS: "1000",
    BENCH_LIBRARY_CLIPS: "1000",
    BENCH_FOLLOWS: "50",
    ...(url ? { BENCH_DATABASE_URL: url } : {}),
  });
  const rows: Row[] = [];
  try {
    for (const call of CALLS) {
      const check = await fetch(`${target.url}${call.path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${target.token}` },
        body: JSON.stringify(call.body(0)),
      });
      if (check.status !== 200)
        throw new Error(`${call.path} answered ${check.status}: ${await check.text()}`);
      await load(target, call, 1); // warm-up: JIT, plans and caches
      const result = await load(target, call, seconds);
      rows.push({
        backend,
        call: call.name,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        failed: result.errors + result.timeouts + result.non2xx,
        target: TARGET_P99_MS[backend],
      });
    }
  } finally {
    await stopTarget(child);
  }
  return rows;
}

export const discoveryBench: BenchArea = {
  async run({ quick }) {
    const clips = quick ? 10_000 : 100_000;
    const seconds = quick ? 5 : 15;
    const loadAtStart = loadavg()[0];
    const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
    const rows = await measure("pglite", clips, seconds);
    if (databaseUrl) rows.push(...(await measure("postgres", clips, seconds, databaseUrl)));
    else
      process.stderr.write(
        "\n!!! Neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set: PostgreSQL is not measured.\n\n",
      );
    const loadAtEnd = loadavg()[0];
    const table = [
      `Discovery calls at ${RATE} req/s for ${seconds} s each, ${CONNECTIONS} connections; ${clips} clips, 1000 users; ` +
        `target p99 <= ${TARGET_P99_MS.pglite} ms (PGlite), ${TARGET_P99_MS.postgres} ms (PostgreSQL)`,
      formatTable(
        ["backend", "call", "p50 ms", "p99 ms", "req/s", "failed", "target met"],
        rows.map((row) => [
          row.backend,
          row.call,
          row.p50.toFixed(1),
          row.p99.toFixed(1),
          row.rps.toFixed(0),
          String(row.failed),
          row.p99 <= row.target ? "yes" : "NO",
        ]),
      ),
      `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end ` +
        `(${cpus().length} cores; other work on the machine inflates the latencies).`,
    ].join("\n");
    return {
      table,
      json: {
        rate_per_second: RATE,
        seconds,
        clips,
        users: 1000,
        load_average_1min_start: loadAtStart,
        load_average_1min_end: loadAtEnd,
        rows,
      },
    };
  },
};
