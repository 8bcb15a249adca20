// npm run bench collab: live editing of one studio project through the real server (its own
// process): the time from an edit in one client to the other clients' project states showing it
// (p50 / p95), with 2 and with 8 clients; and 1,000 edits from 8 clients at once, none lost, every
// client ending with the same state as the server's saved one. Target: p95 <= 250 ms.
// --quick: a fifth of the edits.
import { isDeepStrictEqual } from "node:util";
import { demoProject } from "../src/engine/demo/demo-project.ts";
import { readProjectState } from "../src/shared/collab/project-doc.ts";
import { parseProjectState, type StudioProjectState } from "../src/shared/project/index.ts";
import { setTrackName } from "../src/studio/editing/index.ts";
import { liveClient, NO_SELECTION } from "../tests/live-client.ts";
import { type BenchArea, formatTable } from "./area.ts";
import { startTarget, stopTarget, type Target } from "./server.ts";

const TARGET_P95_MS = 250;
/** Edits per second across all clients: a busy session, well above what people do by hand. */
const EDITS_PER_SECOND = 40;

type Client = ReturnType<typeof liveClient>;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newProject(target: Target): Promise<string> {
  const headers = { authorization: `Bearer ${target.token}`, "content-type": "application/json" };
  const created = await fetch(`${target.url}/api/studio/create-project`, {
    method: "POST",
    headers,
    body: "{}",
  });
  const { id, version_id } = (await created.json()) as { id: string; version_id: number };
  await fetch(`${target.url}/api/studio/save-project`, {
    method: "POST",
    headers,
    body: JSON.stringify({ project_id: id, state: demoProject(), base_version_id: version_id }),
  });
  return id;
}

interface SessionResult {
  readonly clients: number;
  readonly edits: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly lost: number;
  readonly identical: boolean;
  readonly savedEqual: boolean;
}

/**
 * `clients` clients on one project; each edits its own track's name (so every edit stays visible
 * until the next one by the same client), round-robin, at EDITS_PER_SECOND. Each client reads the
 * whole project state after every update it gets, as the studio does, and notes when each name
 * first shows.
 */
async function session(target: Target, clients: number, edits: number): Promise<SessionResult> {
  const projectId = await newProject(target);
  const list: Client[] = Array.from({ length: clients }, () =>
    liveClient(target.url, projectId, target.token),
  );
  await Promise.all(list.map((client) => client.connection.synced()));
  const sentAt = new Map<string, number>();
  const seen: Map<string, number>[] = list.map(() => new Map());
  list.forEach((client, index) => {
    let state: StudioProjectState | null = null;
    client.doc.on("update", (_update: Uint8Array, origin: unknown) => {
      if (origin !== client.connection) return;
      state = readProjectState(client.doc, state, NO_SELECTION);
      const now = performance.now();
      for (const track of state.tracks) if (!seen[index].has(track.name)) seen[index].set(track.name, now);
    });
  });
  const gap = 1000 / EDITS_PER_SECOND;
  const started = performance.now();
  for (let edit = 0; edit < edits; edit++) {
    const from = edit % clients;
    const name = `edit ${edit} by ${from}`;
    sentAt.set(name, performance.now());
    list[from].edit((state) => setTrackName(state, state.tracks[from].id, name));
    const due = started + (edit + 1) * gap;
    await sleep(Math.max(0, due - performance.now()));
  }
  const last = (from: number) => `edit ${edits - clients + from} by ${from}`;
  const settled = () =>
    list.every((client) =>
      client.state().tracks.every((track, index) => index >= clients || track.name === last(index)),
    );
  for (let waited = 0; !settled() && waited < 30_000; waited += 50) await sleep(50);
  const latencies: number[] = [];
  let lost = 0;
  for (const [name, at] of sentAt) {
    const from = Number(name.split(" by ")[1]);
    list.forEach((_client, index) => {
      if (index === from) return;
      const arrived = seen[index].get(name);
      if (arrived === undefined) lost += 1;
      else latencies.push(arrived - at);
    });
  }
  // Compared as values: jsonb and Y maps keep object keys in orders of their own.
  const states = list.map((client) => client.state());
  const identical = states.every((state) => isDeepStrictEqual(state, states[0]));
  // The server saves 2.5 s after the last edit.
  let savedEqual = false;
  for (let waited = 0; !savedEqual && waited < 15_000; waited += 250) {
    await sleep(250);
    const response = await fetch(`${target.url}/api/studio/project/${projectId}`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    const saved = parseProjectState(((await response.json()) as { state: unknown }).state);
    savedEqual = isDeepStrictEqual({ ...saved, selection: NO_SELECTION }, states[0]);
  }
  for (const client of list) client.connection.close();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    clients,
    edits,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    max: round(Math.max(...latencies)),
    lost,
    identical,
    savedEqual,
  };
}

export const collabBench: BenchArea = {
  async run({ quick }) {
    const scale = quick ? 5 : 1;
    const { child, target } = await startTarget({
      BENCH_USERS: "1",
      BENCH_CLIPS: "1",
      BENCH_LIBRARY_CLIPS: "1",
    });
    try {
      const results = [
        await session(target, 2, 200 / scale),
        await session(target, 8, 400 / scale),
        await session(target, 8, 1000 / scale),
      ];
      const table = formatTable(
        [
          "clients",
          "edits",
          "p50 ms",
          "p95 ms",
          "max ms",
          "lost",
          "identical",
          "= saved",
          `p95 <= ${TARGET_P95_MS}`,
        ],
        results.map((result) => [
          String(result.clients),
          String(result.edits),
          result.p50.toFixed(1),
          result.p95.toFixed(1),
          result.max.toFixed(1),
          String(result.lost),
          result.identical ? "yes" : "NO",
          result.savedEqual ? "yes" : "NO",
          result.p95 <= TARGET_P95_MS ? "yes" : "NO",
        ]),
      );
      return { table, json: { edits_per_second: EDITS_PER_SECOND, target_p95_ms: TARGET_P95_MS, results } };
    } finally {
      await stopTarget(child);
    }
  },
};
