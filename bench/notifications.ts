// npm run bench notifications: the notifications list (the newest page, and older pages from
// points spread over the measured user's notifications) at 200 requests per second, and the time
// from a like's request to the song owner's open socket receiving its notification, on the embedded
// database and on PostgreSQL. Targets: list p99 <= 80 ms on PGlite, <= 50 ms on PostgreSQL; a like
// reaches the owner within 1 s (p99). --quick: a tenth of the data, 5 s.
import { cpus, loadavg } from "node:os";
import autocannon from "autocannon";
import WebSocket from "ws";
import { REALTIME_PATH, userNotificationsChannel } from "../src/shared/api/realtime.ts";
import { type BenchArea, formatTable } from "./area.ts";
import { startTarget, stopTarget, type Target } from "./server.ts";

const RATE = 200;
const CONNECTIONS = 10;
const TARGET_P99_MS = { pglite: 80, postgres: 50 } as const;
const TARGET_LIKE_P99_MS = 1000;

interface NotificationTarget extends Target {
  readonly likerTokens: readonly string[];
  readonly publicClipId: string;
}

interface Data {
  readonly users: number;
  readonly notifications: number;
  readonly ownNotifications: number;
  readonly likes: number;
}

interface Measured {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly rps: number;
  readonly failed: number;
  readonly likeP50: number;
  readonly likeP99: number;
  readonly likeMax: number;
  readonly loadSeconds: number;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The list: every fourth request the newest page, the others an older page from a point in the past. */
function loadList(target: Target, data: Data, seconds: number): Promise<autocannon.Result> {
  let next = 0;
  // The measured user's notifications are 7 s apart (notification-data.ts).
  const span = data.ownNotifications * 7_000;
  return autocannon({
    url: `${target.url}/api/notification/v2`,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: seconds,
    requests: [
      {
        method: "GET",
        headers: { authorization: `Bearer ${target.token}` },
        setupRequest: (request) => {
          const n = next++;
          if (n % 4 === 0) return { ...request, path: "/api/notification/v2" };
          const before = new Date(Date.now() - ((n * 7919) % span)).toISOString();
          return {
            ...request,
            path: `/api/notification/v2?before_datetime_utc=${encodeURIComponent(before)}`,
          };
        },
      },
    ],
  });
}

/** Likes by `count` different users, one at a time, each timed until the owner's socket has it. */
async function likeLatencies(target: NotificationTarget, count: number): Promise<number[]> {
  const socket = new WebSocket(`${target.url.replace(/^http/, "ws")}${REALTIME_PATH}`, {
    headers: { authorization: `Bearer ${target.token}` },
  });
  const messages: ((data: { type: string; name?: string }) => void)[] = [];
  socket.on("message", (raw) => messages.shift()?.(JSON.parse(raw.toString())));
  const nextMessage = () => new Promise<{ type: string; name?: string }>((resolve) => messages.push(resolve));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const subscribed = nextMessage();
  socket.send(JSON.stringify({ type: "subscribe", channel: userNotificationsChannel(target.userId) }));
  if ((await subscribed).type !== "subscribed") throw new Error("could not follow the notifications channel");
  const times: number[] = [];
  try {
    for (const token of target.likerTokens.slice(0, count)) {
      const arrived = nextMessage();
      const started = performance.now();
      const response = await fetch(`${target.url}/api/gen/${target.publicClipId}/update_reaction_type/`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ reaction: "L" }),
      });
      if (response.status !== 200)
        throw new Error(`the like answered ${response.status}: ${await response.text()}`);
      const message = await arrived;
      if (message.name !== "notification")
        throw new Error(`expected a notification, got ${JSON.stringify(message)}`);
      times.push(performance.now() - started);
    }
  } finally {
    socket.close();
  }
  return times;
}

async function measure(
  backend: "pglite" | "postgres",
  data: Data,
  seconds: number,
  databaseUrl?: string,
): Promise<Measured> {
  const { child, target } = await startTarget<NotificationTarget>({
    BENCH_BACKEND: backend,
    BENCH_USERS: String(data.users),
    BENCH_CLIPS: String(data.users),
    BENCH_LIBRARY_CLIPS: "100",
    BENCH_NOTIFICATIONS: String(data.notifications),
    BENCH_OWN_NOTIFICATIONS: String(data.ownNotifications),
    BENCH_LIKERS: String(data.likes),
    ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const check = await fetch(`${target.url}/api/notification/v2`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    if (check.status !== 200) throw new Error(`GET /api/notification/v2 answered ${check.status}`);
    await loadList(target, data, seconds >= 10 ? 3 : 1); // warm-up: JIT, plans and caches
    const result = await loadList(target, data, seconds);
    const likes = await likeLatencies(target, data.likes);
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      rps: result.requests.average,
      failed: result.errors + result.timeouts + result.non2xx,
      likeP50: percentile(likes, 50),
      likeP99: percentile(likes, 99),
      likeMax: Math.max(...likes),
      loadSeconds: target.loadSeconds,
    };
  } finally {
    await stopTarget(child);
  }
}

async function notificationsBench(data: Data, seconds: number) {
  const loadAtStart = loadavg()[0];
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const pglite = await measure("pglite", data, seconds);
  const postgres = databaseUrl ? await measure("postgres", data, seconds, databaseUrl) : null;
  if (!databaseUrl) {
    process.stderr.write(
      "\n!!! Neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set: PostgreSQL is not measured.\n\n",
    );
  }
  const loadAtEnd = loadavg()[0];
  const ms = (value: number) => value.toFixed(1);
  const measured = { pglite, postgres };
  const rows = Object.entries(measured).flatMap(([name, m]) =>
    m
      ? [
          [
            name,
            ms(m.p50),
            ms(m.p99),
            ms(m.max),
            m.rps.toFixed(0),
            String(m.failed),
            m.p99 <= TARGET_P99_MS[name as keyof typeof TARGET_P99_MS] ? "yes" : "NO",
            ms(m.likeP50),
            ms(m.likeP99),
            m.likeP99 <= TARGET_LIKE_P99_MS ? "yes" : "NO",
          ],
        ]
      : [],
  );
  const table = [
    `GET /api/notification/v2 at ${RATE} req/s for ${seconds} s, ${CONNECTIONS} connections; ` +
      `${data.notifications} notifications of ${data.users} users, ${data.ownNotifications} the measured user's; ` +
      `list p99 target ${TARGET_P99_MS.pglite} ms (PGlite), ${TARGET_P99_MS.postgres} ms (PostgreSQL); ` +
      `${data.likes} likes one at a time, like to socket p99 target ${TARGET_LIKE_P99_MS} ms`,
    formatTable(
      [
        "backend",
        "p50 ms",
        "p99 ms",
        "max ms",
        "req/s",
        "failed",
        "list met",
        "like p50",
        "like p99",
        "like met",
      ],
      rows,
    ),
    `1-minute load average: ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end ` +
      `(${cpus().length} cores; other work on the machine inflates the latencies).`,
  ].join("\n");
  const detail = (m: Measured | null) =>
    m && {
      list_p50_ms: m.p50,
      list_p99_ms: m.p99,
      list_max_ms: m.max,
      list_requests_per_second: m.rps,
      list_failed: m.failed,
      like_to_notification_p50_ms: m.likeP50,
      like_to_notification_p99_ms: m.likeP99,
      like_to_notification_max_ms: m.likeMax,
      data_load_seconds: m.loadSeconds,
    };
  return {
    table,
    json: {
      notifications_list_p99_ms_pglite: pglite.p99,
      notifications_list_p99_ms_postgres: postgres?.p99 ?? null,
      like_to_notification_p99_ms_pglite: pglite.likeP99,
      like_to_notification_p99_ms_postgres: postgres?.likeP99 ?? null,
      target_list_p99_ms: TARGET_P99_MS,
      target_like_p99_ms: TARGET_LIKE_P99_MS,
      rate_per_second: RATE,
      seconds,
      ...data,
      load_average_1min_start: loadAtStart,
      load_average_1min_end: loadAtEnd,
      pglite: detail(pglite),
      postgres: detail(postgres),
    },
  };
}

export const notificationsBenchArea: BenchArea = {
  run: (options) =>
    options.quick
      ? notificationsBench({ users: 10_000, notifications: 100_000, ownNotifications: 2_000, likes: 100 }, 5)
      : notificationsBench(
          { users: 100_000, notifications: 1_000_000, ownNotifications: 10_000, likes: 300 },
          30,
        ),
};
