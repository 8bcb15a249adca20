// npm run bench library: the server half, the library's first page (two filters and a search word
// that changes every request) at 200 requests per second, on one user's library of 100,000 songs among
// 1,000 users, on the embedded database and on PostgreSQL, target p99 <= 50 ms; then the browser half
// (library-browser.ts), scrolling 10,000 loaded rows and typing a search letter. --quick: 10,000 songs
// for 5 s, and 2,000 rows.
import type { BenchArea } from "./area.ts";
import { libraryBrowserBench } from "./library-browser.ts";
import { feedLoadArea } from "./server.ts";

const serverHalf = feedLoadArea(
  { users: 1000, clips: 20_000, libraryClips: 10_000 },
  { users: 1000, clips: 120_000, libraryClips: 100_000 },
);

export const libraryBench: BenchArea = {
  async run(options) {
    const server = await serverHalf.run(options);
    // The server half takes most of the time (loading 120,000 clips twice): shown before the browser half
    // starts, so a failure there does not lose it.
    process.stdout.write(`\n## library, server half\n${server.table}\n`);
    const browser = await libraryBrowserBench(options.quick);
    return { table: `${server.table}\n\n${browser.table}`, json: { ...server.json, browser: browser.json } };
  },
};
