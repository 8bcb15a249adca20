// npm run bench server: POST /api/feed/v3 (one user's library, filters plus search text) at a fixed
// rate against PGlite and PostgreSQL, with the library loaded, p99 latency compared with the target.
import { type ChildProcess, spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { createInterface } from "node:readline";
import autocannon from "autocannon";
import { REPO_ROOT, repoPath } from "../src/platform/paths.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import { SEARCH_WORDS } from "./server-data.ts";

export const RATE = 200;
export const CONNECTIONS = 10;
const TARGET_P99_MS = 50;

export interface Target {
  readonly url: string;
  readonly token: string;
  readonly userId: string;
  readonly loadSeconds: number;
}

interface Measured {
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly rps: number;
  readonly requests: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly loadSeconds: number;
  /** CPU time of the server process per request under load (PostgreSQL's own processes not counted). */
  readonly cpuMsPerRequest: number;
  /** Median of one request at a time per search word: which searches cost what, without queueing. */
  readonly byWord: Record<string, number>;
}

/** One request at a time, per search word: the cost of each search without queueing behind others. */
async function sequentialByWord(target: Target, repeats: number): Promise<Record<string, number>> {
  const medians: Record<string, number> = {};
  for (const word of SEARCH_WORDS) {
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      const started = performance.now();
      const response = await fetch(`${target.url}/api/feed/v3`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${target.token}` },
        body: feedBody(target.userId, word),
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    medians[word] = Math.round(median(times) * 10) / 10;
  }
  return medians;
}

interface Started<T extends Target> {
  readonly child: ChildProcess;
  readonly target: T;
  /** The CPU time the server process has used so far, in ms. */
  readonly cpuMs: () => Promise<number>;
  /** The server process's memory now (process.memoryUsage, in bytes). */
  readonly memory: () => Promise<ServerMemory>;
}

export interface ServerMemory {
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

/** Starts bench/server-target.ts with the data `env` asks for; its first line of output is the target. */
export function startTarget<T extends Target = Target>(env: Record<string, string>): Promise<Started<T>> {
  // Node with tsx's loader directly: the tsx command would add a relaying process of its own.
  const child = spawn(process.execPath, ["--import", "tsx", repoPath("bench/server-target.ts")], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  // One question at a time: each answer is the next line the server prints.
  const ask = <A>(question: string) =>
    new Promise<A>((resolve) => {
      lines.once("line", (line) => resolve(JSON.parse(line)));
      child.stdin?.write(`${question}\n`);
    });
  const cpuMs = () => ask<{ cpuMs: number }>("cpu").then((answer) => answer.cpuMs);
  const memory = () => ask<ServerMemory>("memory");
  return new Promise((resolve, reject) => {
    lines.once("line", (line) => resolve({ child, target: JSON.parse(line), cpuMs, memory }));
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code}) before it listened`)));
  });
}

export function stopTarget(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.stdin?.end();
  });
}

/** The library page's request: the user's own clips, trash and stems hidden, a search word. */
export function feedBody(userId: string, word: string): string {
  return JSON.stringify({
    limit: 20,
    filters: {
      user: { presence: "True", userId },
      trashed: "False",
      stem: { presence: "False" },
      searchText: word,
      sort: { sortBy: "created_at", sortDirection: "desc" },
    },
  });
}

/** POSTs to `path` at RATE per second over CONNECTIONS connections, request n with body(n). */
export function loadAt(
  target: Target,
  path: string,
  body: (n: number) => string,
  seconds: number,
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: `${target.url}${path}`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${target.token}` },
        setupRequest: (request) => ({ ...request, body: body(next++) }),
      },
    ],
  });
}

/** Each request searches the next word, so no two in a row are alike. */
const load = (target: Target, seconds: number) =>
  loadAt(
    target,
    "/api/feed/v3",
    (n) => feedBody(target.userId, SEARCH_WORDS[n % SEARCH_WORDS.length]),
    seconds,
  );

async function measure(
  backend: "pglite" | "postgres",
  data: { users: number; clips: number; libraryClips: number },
  seconds: number,
  databaseUrl?: string,
): Promise<Measured> {
  const { child, target, cpuMs } = await startTarget({
    BENCH_BACKEND: backend,
    BENCH_CLIPS: String(data.clips),
    BENCH_USERS: String(data.users),
    BENCH_LIBRARY_CLIPS: String(data.libraryClips),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const check = await fetch(`${target.url}/api/feed/v3`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${target.token}` },
      body: feedBody(target.userId, SEARCH_WORDS[0]),
    });
    if (check.status !== 200)
      throw new Error(`POST /api/feed/v3 answered ${check.status}: ${await check.text()}`);
    await load(target, seconds >= 10 ? 3 : 1); // warm-up: JIT, plans and caches
    const cpuBefore = await cpuMs();
    const result = await load(target, seconds);
    const cpuUsed = (await cpuMs()) - cpuBefore;
    const byWord = await sequentialByWord(target, seconds >= 10 ? 15 : 3);
    return {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      rps: result.requests.average,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      loadSeconds: target.loadSeconds,
      cpuMsPerRequest: result.requests.total > 0 ? cpuUsed / result.requests.total : 0,
      byWord,
    };
  } finally {
    await stopTarget(child);
  }
}

/**
 * The library's first page under load on both databases, for a data set of this size: the table and
 * the JSON of a bench area. The server and library areas differ only in the size of the library.
 */
export async function feedLoadBench(
  data: FeedData,
  seconds: number,
): Promise<{ table: string; json: Record<string, unknown> }> {
  const loadAtStart = loadavg()[0];
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const pglite = await measure("pglite", data, seconds);
  let postgres: Measured | null = null;
  if (databaseUrl) postgres = await measure("postgres", data, seconds, databaseUrl);
  else {
    process.stderr.write(
      "\n!!! Neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set: PostgreSQL is not measured.\n\n",
    );
  }

  const loadAtEnd = loadavg()[0];
  const ms = (value: number) => value.toFixed(1);
  const rows = Object.entries({ pglite, postgres }).flatMap(([name, m]) =>
    m
      ? [
          [
            name,
            ms(m.p50),
            ms(m.p90),
            ms(m.p99),
            ms(m.max),
            m.rps.toFixed(0),
            m.cpuMsPerRequest.toFixed(2),
            String(m.errors + m.non2xx),
            m.p99 <= TARGET_P99_MS ? "yes" : "NO",
          ],
        ]
      : [],
  );
  const table = [
    `POST /api/feed/v3 at ${RATE} req/s for ${seconds} s, ${CONNECTIONS} connections; ${data.clips} clips, ` +
      `${data.users} users, the measured library ${data.libraryClips} clips; target p99 <= ${TARGET_P99_MS} ms`,
    formatTable(
      [
        "backend",
        "p50 ms",
        "p90 ms",
        "p99 ms",
        "max ms",
        "req/s",
        "server CPU ms/req",
        "failed",
        "target met",
      ],
      rows,
    ),
    `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end ` +
      `(${cpus().length} cores; other work on the machine inflates the latencies).`,
    ...Object.entries({ pglite, postgres }).flatMap(([name, m]) =>
      m
        ? [
            `${name}, one request at a time, median ms by search word: ${Object.entries(m.byWord)
              .map(([word, value]) => `"${word}" ${value}`)
              .join(", ")}`,
          ]
        : [],
    ),
  ].join("\n");
  const detail = (m: Measured | null) =>
    m && {
      p50_ms: m.p50,
      p90_ms: m.p90,
      p99_ms: m.p99,
      max_ms: m.max,
      requests_per_second: m.rps,
      requests: m.requests,
      server_cpu_ms_per_request: m.cpuMsPerRequest,
      failed: m.errors + m.non2xx,
      data_load_seconds: m.loadSeconds,
      sequential_median_ms_by_search_word: m.byWord,
    };
  return {
    table,
    json: {
      feed_v3_p99_ms_pglite: pglite.p99,
      feed_v3_p99_ms_postgres: postgres?.p99 ?? null,
      // The rate achieved: a p99 is only met at the rate asked if the server kept up with it.
      feed_v3_rps_pglite: pglite.rps,
      feed_v3_rps_postgres: postgres?.rps ?? null,
      target_p99_ms: TARGET_P99_MS,
      rate_per_second: RATE,
      seconds,
      connections: CONNECTIONS,
      users: data.users,
      clips: data.clips,
      library_clips: data.libraryClips,
      // Other work on the machine inflates latencies: the 1-minute load average around the run says how much.
      load_average_1min_start: loadAtStart,
      load_average_1min_end: loadAtEnd,
      search_words: SEARCH_WORDS,
      pglite: detail(pglite),
      postgres: detail(postgres),
    },
  };
}

type FeedData = { users: number; clips: number; libraryClips: number };

/** A bench area of the feed under load: `quick` data for 5 s with --quick, `full` data for 30 s. */
export const feedLoadArea = (quick: FeedData, full: FeedData): BenchArea => ({
  run: (options) => feedLoadBench(options.quick ? quick : full, options.quick ? 5 : 30),
});

export const serverBench = feedLoadArea(
  { users: 1000, clips: 20_000, libraryClips: 1000 },
  { users: 1000, clips: 100_000, libraryClips: 5000 },
);
