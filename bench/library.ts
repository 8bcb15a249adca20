// npm run bench library: the library's first page (two filters and a search word that changes every
// request) at 200 requests per second, on one user's library of 100,000 songs among 1,000 users,
// on the embedded database and on PostgreSQL; target p99 <= 50 ms. --quick: 10,000 songs, 5 s.
import { feedLoadArea } from "./server.ts";

export const libraryBench = feedLoadArea(
  { users: 1000, clips: 20_000, libraryClips: 10_000 },
  { users: 1000, clips: 120_000, libraryClips: 100_000 },
);
