import { beforeAll, describe, expect, it } from "vitest";
import { startApiServerWithUsers } from "../clip-fixtures.ts";
import { makeOwnerFixtures } from "../security-fixtures.ts";
import { type Fixtures, ROUTE_CASES, routePath } from "../security-route-cases.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

/** A small seeded generator (mulberry32): the same seed sends the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}
type Random = ReturnType<typeof random>;

/** Text that broke servers before: NUL, control characters, lone surrogates, huge and odd strings. */
const NASTY_TEXT = [
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[2J",
  "\ud800",
  "x\udc00",
  "%00",
  "'; drop table clips; --",
  "../../etc/passwd",
  "💥".repeat(300),
  "x".repeat(70_000),
  "",
  " ",
  "\u202e",
];
// Past 32-bit and 64-bit integer columns, past safe integers, and the engine's limits.
const NASTY_NUMBERS = [
  1e308,
  -1e308,
  -1,
  0,
  -0,
  0.5,
  2 ** 53 + 1,
  2 ** 53 - 1,
  1e-320,
  257,
  65536,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 40,
  2 ** 63,
];

function nastyValue(rng: Random, depth = 0): unknown {
  switch (Math.floor(rng.next() * 9)) {
    case 0:
    case 1:
      return rng.pick(NASTY_TEXT);
    case 2:
    case 3:
      return rng.pick(NASTY_NUMBERS);
    case 4:
      return rng.pick([null, true, false]);
    case 5:
      return depth > 3
        ? []
        : Array.from({ length: rng.pick(depth === 0 ? [0, 1, 3, 300] : [0, 1, 3]) }, () =>
            nastyValue(rng, depth + 1),
          );
    case 6:
      return depth > 3
        ? {}
        : { [rng.pick(NASTY_TEXT)]: nastyValue(rng, depth + 1), tracks: nastyValue(rng, depth + 1) };
    case 7: {
      // Deep nesting, past what any request of ours holds.
      let deep: unknown = "\u0000";
      for (let level = 0; level < 200; level++) deep = [deep];
      return deep;
    }
    default:
      return {
        timing: { bps: rng.pick(NASTY_NUMBERS) },
        tracks: Array.from({ length: 300 }, () => ({})),
        selection: {},
      };
  }
}

/** The route's own body with one field made nasty, or a body of the wrong shape altogether. */
function nastyBody(rng: Random, base: unknown): unknown {
  if (base && typeof base === "object" && !Array.isArray(base) && rng.next() < 0.7) {
    const keys = Object.keys(base);
    const key =
      keys.length > 0 && rng.next() < 0.8
        ? rng.pick(keys)
        : rng.pick(["title", "name", "prompt", "query", "id"]);
    return { ...base, [key]: nastyValue(rng) };
  }
  return nastyValue(rng);
}

const NASTY_SEGMENTS = [
  "%00",
  "%zz",
  "%",
  "%E0%A4%A",
  "x".repeat(150),
  "..",
  "%2e%2e",
  "-1",
  "1e308",
  "null",
  "%F0%9F%92%A5",
  "%ED%A0%80",
];
const NASTY_QUERIES = [
  "?query=%00",
  "?ids=%00,%zz",
  "?page=1e308",
  "?page=Infinity",
  "?page=NaN",
  "?page=2147483648",
  "?page_size=9007199254740991",
  "?offset=-9007199254740991",
  "?from_index=1e3",
  "?t=Infinity",
  "?page=-1&page=2",
  "?page_size=99999999",
  `?ids=${"a,".repeat(500)}`,
  "?download=%00",
  "?cursor=%ff%fe",
  "?is_liked=maybe",
  "?title=%00",
];

function nastyPath(rng: Random, path: string): string {
  const [pathname] = path.split("?");
  const parts = pathname.split("/");
  const roll = rng.next();
  if (roll < 0.4 && parts.length > 3) {
    parts[2 + Math.floor(rng.next() * (parts.length - 2))] = rng.pick(NASTY_SEGMENTS);
    return parts.join("/");
  }
  if (roll < 0.8) return pathname + rng.pick(NASTY_QUERIES);
  return path;
}

const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "image/png",
  "application/json; charset=utf-16",
];
const RAW_BODIES = [
  "{",
  "[1,2",
  "null",
  '"\\u0000"',
  '{"a":"\\ud800"}',
  "\u0000\u0001",
  '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n\u0000\r\n--x--',
];

/** Headers the server reads (sign-in cookie, client address, language, caching), malformed. */
const NASTY_HEADERS: readonly (readonly [string, string])[] = [
  ["cookie", "session=%00; session=x"],
  ["cookie", `session=${"a".repeat(4000)}`],
  ["x-forwarded-for", "not an address, ::ffff:zz"],
  ["x-forwarded-proto", "gopher"],
  ["accept-language", "xx-%00;q=abc, *;q=1e308"],
  ["if-none-match", '"\\u0000"'],
  ["if-modified-since", "yesterday"],
  ["origin", "null"],
];

/** Far longer than any answer takes on a loaded machine: a request still open then hangs. */
const UNANSWERED_MS = 30_000;

/** Passes over every route: a fixed number, so every run sends the same seeded requests. */
const ROUNDS = 16;

describe.each(BACKENDS)("malformed requests to every route on %s", (backend) => {
  const {
    server,
    db,
    users: { owner },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" } },
    { generator: () => new SineSongGenerator() },
  );
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = await makeOwnerFixtures(db(), server.storage(), server.url(), owner);
  }, 60_000);

  it("never answers 5xx, and every error is JSON {detail}", async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261127);
    const rng = random(seed);
    const routes = server.app().routeTable.filter((route) => !/logout|sign-out/.test(route.url));
    const problems: string[] = [];
    let sent = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of routes) {
        const routeCase = ROUTE_CASES[`${route.method} ${route.url}`];
        if (!routeCase) continue;
        const path = nastyPath(rng, routePath(route.url, routeCase, fixtures));
        const raw = rng.next() < 0.2;
        const body =
          route.method === "GET"
            ? undefined
            : raw
              ? rng.pick(RAW_BODIES)
              : JSON.stringify(nastyBody(rng, routeCase.body?.(fixtures)));
        const headers: Record<string, string> = {
          authorization:
            rng.next() < 0.8
              ? `Bearer ${owner.token}`
              : `Bearer ${rng.pick(["", "x", "%00", "a".repeat(5000)])}`,
        };
        if (body !== undefined) headers["content-type"] = raw ? rng.pick(CONTENT_TYPES) : "application/json";
        if (rng.next() < 0.2)
          headers.range = rng.pick(["bytes=abc", "bytes=5-1", "bytes=-0", "bytes=0-1e308", "bytes=1-2,3-4"]);
        if (rng.next() < 0.2) {
          const [name, value] = rng.pick(NASTY_HEADERS);
          headers[name] = value;
        }
        // A request left unanswered is a finding too, named, instead of the whole run timing out.
        const response = await fetch(`${server.url()}${path}`, {
          method: route.method,
          headers,
          body,
          signal: AbortSignal.timeout(UNANSWERED_MS),
        }).catch((error: Error) => error);
        if (response instanceof Error) {
          problems.push(
            `${route.method} ${path.slice(0, 120)} (seed ${seed}): no answer: ${response.message}`,
          );
          continue;
        }
        const text = await response.text();
        sent++;
        const say = (what: string) =>
          problems.push(
            `${route.method} ${path.slice(0, 120)} (seed ${seed}): ${what}: ${response.status} ${text.slice(0, 200)}`,
          );
        if (response.status >= 500) say("a server error");
        else if (response.status >= 400) {
          let detail: unknown;
          try {
            detail = (JSON.parse(text) as { detail?: unknown }).detail;
          } catch {
            detail = undefined;
          }
          if (typeof detail !== "string") say("an error without {detail}");
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);
});
