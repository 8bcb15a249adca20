// npm run bench server-soak: the mixed load of server-mixed at 100 requests/s for 30 minutes through two
// API instances on one PostgreSQL, with each instance's memory read every 10 s. Target: 0 failed and
// memory flat within 10 %: after a 2-minute warm-up (JIT, plan and pool caches filling), no reading
// of the resident size is more than 10 % above the warm-up's last one, and the last minute's mean
// stays within 10 % of it. --quick: 3 minutes, warm-up 1 minute.
import { cpus, loadavg } from "node:os";
import type autocannon from "autocannon";
import { type BenchArea, formatTable } from "./area.ts";
import type { ServerMemory } from "./server.ts";
import { stopTarget } from "./server.ts";
import { mixedDatabaseUrl, mixedLoad, NOT_MEASURED, startPair, statusCounts } from "./server-mixed.ts";

const RATE = 100;
const SAMPLE_SECONDS = 10;
const FLAT_WITHIN = 0.1;

interface Reading {
  readonly second: number;
  readonly a: ServerMemory;
  readonly b: ServerMemory;
}

const mib = (bytes: number) => bytes / 1024 / 1024;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Growth of one instance's resident size after the warm-up: the worst reading and the last minute. */
function growth(readings: readonly Reading[], warmupSeconds: number, pick: (reading: Reading) => number) {
  const warm = readings.filter((reading) => reading.second <= warmupSeconds).at(-1) ?? readings[0];
  const after = readings.filter((reading) => reading.second > warmupSeconds);
  const end = readings.at(-1)?.second ?? 0;
  const lastMinute = after.filter((reading) => reading.second > end - 60);
  const base = pick(warm);
  return {
    warmMiB: mib(base),
    maxMiB: mib(Math.max(...after.map(pick))),
    lastMinuteMiB: mib(mean(lastMinute.map(pick))),
    maxRatio: Math.max(...after.map(pick)) / base,
    lastMinuteRatio: mean(lastMinute.map(pick)) / base,
  };
}

export const serverSoakBench: BenchArea = {
  async run({ quick }) {
    const databaseUrl = mixedDatabaseUrl();
    if (!databaseUrl) return NOT_MEASURED;
    const seconds = quick ? 180 : 1800;
    const warmupSeconds = quick ? 60 : 120;
    const data = { users: 1000, clips: 20_000, libraryClips: 1000 };
    const loadAtStart = loadavg()[0];
    const { a, b, first } = await startPair(databaseUrl, data);
    const readings: Reading[] = [];
    const started = performance.now();
    const read = async () => {
      const second = Math.round((performance.now() - started) / 1000);
      readings.push({ second, a: await a.memory(), b: await b.memory() });
    };
    let sampler: NodeJS.Timeout | undefined;
    try {
      await read();
      sampler = setInterval(() => void read(), SAMPLE_SECONDS * 1000);
      const results: autocannon.Result[] = await Promise.all([
        mixedLoad(first.url, first, RATE / 2, seconds, 0),
        mixedLoad(b.target.url, first, RATE / 2, seconds, 5),
      ]);
      clearInterval(sampler);
      await read();
      const loadAtEnd = loadavg()[0];
      const failed = results.reduce(
        (total, result) => total + result.errors + result.timeouts + result.non2xx,
        0,
      );
      const p99 = Math.max(...results.map((result) => result.latency.p99));
      const instances = [
        {
          name: "A",
          rss: growth(readings, warmupSeconds, (r) => r.a.rss),
          heap: growth(readings, warmupSeconds, (r) => r.a.heapUsed),
        },
        {
          name: "B",
          rss: growth(readings, warmupSeconds, (r) => r.b.rss),
          heap: growth(readings, warmupSeconds, (r) => r.b.heapUsed),
        },
      ];
      const flat = instances.every(
        ({ rss }) => rss.maxRatio <= 1 + FLAT_WITHIN && rss.lastMinuteRatio <= 1 + FLAT_WITHIN,
      );
      const rows = instances.map(({ name, rss, heap }) => [
        name,
        rss.warmMiB.toFixed(1),
        rss.maxMiB.toFixed(1),
        rss.lastMinuteMiB.toFixed(1),
        `${((rss.maxRatio - 1) * 100).toFixed(1)} %`,
        heap.warmMiB.toFixed(1),
        heap.lastMinuteMiB.toFixed(1),
      ]);
      const requests = results.reduce((total, result) => total + result.requests.total, 0);
      const table = [
        `Soak: the mixed load at ${RATE} req/s for ${seconds / 60} min through two API instances on one ` +
          `PostgreSQL; memory read every ${SAMPLE_SECONDS} s; target 0 failed and resident memory within ` +
          `${FLAT_WITHIN * 100} % of the reading at ${warmupSeconds} s (worst reading and last minute's mean)`,
        formatTable(
          [
            "instance",
            `RSS at ${warmupSeconds} s MiB`,
            "RSS max MiB",
            "RSS last min MiB",
            "worst growth",
            `heap at ${warmupSeconds} s MiB`,
            "heap last min MiB",
          ],
          rows,
        ),
        `${requests} requests, p99 ${p99.toFixed(1)} ms, answers by status: ${JSON.stringify(statusCounts(results))}`,
        `overall: ${failed} failed, memory ${flat ? "flat" : "NOT flat"}: target ${failed === 0 && flat ? "met" : "NOT met"}`,
        `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end ` +
          `(${cpus().length} cores).`,
      ].join("\n");
      return {
        table,
        json: {
          rate_per_second: RATE,
          seconds,
          warmup_seconds: warmupSeconds,
          requests,
          failed,
          p99_ms: p99,
          flat,
          instances,
          readings: readings.map((reading) => ({
            second: reading.second,
            a_rss_mib: Number(mib(reading.a.rss).toFixed(1)),
            b_rss_mib: Number(mib(reading.b.rss).toFixed(1)),
            a_heap_mib: Number(mib(reading.a.heapUsed).toFixed(1)),
            b_heap_mib: Number(mib(reading.b.heapUsed).toFixed(1)),
          })),
        },
      };
    } finally {
      clearInterval(sampler);
      await stopTarget(b.child);
      await stopTarget(a.child);
    }
  },
};
