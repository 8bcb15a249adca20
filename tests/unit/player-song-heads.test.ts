import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HEAD_BYTES,
  headsAllowed,
  MAX_HEADS,
  MAX_LOADING,
  SongHeads,
} from "../../src/engine/player/song-heads.ts";
import { until } from "../wait.ts";

/** A file server with ranges whose answers wait until let go, counting what it was asked. */
const files = new Map<string, Uint8Array>();
const held: (() => void)[] = [];
const asked: { path: string; range: string | undefined }[] = [];
let open = 0;
let mostOpen = 0;
let holding = false;
let base = "";

function answer(request: IncomingMessage, response: ServerResponse) {
  const path = request.url ?? "";
  const file = files.get(path);
  asked.push({ path, range: request.headers.range });
  open += 1;
  mostOpen = Math.max(mostOpen, open);
  // No kept-alive sockets: a socket the server closed while idle would fail the next request.
  response.setHeader("connection", "close");
  const send = () => {
    open -= 1;
    if (file === undefined) return void response.writeHead(404).end();
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? "");
    if (range === null) return void response.writeHead(200).end(file);
    const start = Number(range[1]);
    const end = Math.min(file.length - 1, range[2] === "" ? file.length - 1 : Number(range[2]));
    response.writeHead(206, { "content-range": `bytes ${start}-${end}/${file.length}` });
    response.end(file.subarray(start, end + 1));
  };
  if (holding) held.push(send);
  else send();
}

const server = createServer(answer);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let n = 0; n < 12; n++)
    files.set(
      `/song${n}`,
      Uint8Array.from({ length: HEAD_BYTES * 2 }, (_, i) => (i * 7 + n) % 251),
    );
  files.set("/short", Uint8Array.from([1, 2, 3]));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const letGo = () => {
  for (const send of held.splice(0)) send();
};

describe("the heads of songs on screen", () => {
  it("fetches only a file's head, by a range request, and says whether it is the whole file", async () => {
    const heads = new SongHeads();
    heads.want(`${base}/song0`);
    heads.want(`${base}/short`);
    const head = await heads.take(`${base}/song0`);
    expect(head?.bytes).toEqual(files.get("/song0")?.subarray(0, HEAD_BYTES));
    expect(head?.whole).toBe(false);
    expect(asked.find((entry) => entry.path === "/song0")?.range).toBe(`bytes=0-${HEAD_BYTES - 1}`);
    expect(await heads.take(`${base}/short`)).toEqual({ bytes: Uint8Array.from([1, 2, 3]), whole: true });
    expect(heads.take(`${base}/song5`)).toBeUndefined();
  });

  it(`loads at most ${MAX_LOADING} at once, drops a wait or a load scrolled away, and keeps at most ${MAX_HEADS}`, async () => {
    const heads = new SongHeads();
    holding = true;
    mostOpen = 0;
    const releases = Array.from({ length: 12 }, (_, n) => heads.want(`${base}/song${n}`));
    await until(() => held.length === MAX_LOADING, "the first loads to reach the server");
    expect(heads.counts.loading).toBe(MAX_LOADING);
    // Song 1 is loading, song 4 waits: both leave the screen.
    releases[1]?.();
    releases[4]?.();
    expect(heads.take(`${base}/song4`)).toBeUndefined();
    holding = false;
    letGo();
    await until(() => heads.counts.loading === 0, "the loads to settle");
    expect(mostOpen).toBe(MAX_LOADING);
    expect(await heads.take(`${base}/song1`)).toBeUndefined();
    // Every song still on screen is wanted, so no more than MAX_HEADS are kept and none pushed out.
    expect(heads.counts.ready).toBe(MAX_HEADS);
    expect(asked.filter((entry) => entry.path === "/song4")).toHaveLength(0);
    // Scrolled away, a kept head makes room for one still waiting.
    const waiting = [5, 6, 7, 8, 9, 10, 11].find(
      (n) => heads.take(`${base}/song${n}`) === undefined,
    ) as number;
    releases[0]?.();
    await until(
      async () => (await heads.take(`${base}/song${waiting}`)) !== undefined,
      "a waiting head to load",
    );
    expect(heads.take(`${base}/song0`)).toBeUndefined();
    expect(heads.counts.ready).toBe(MAX_HEADS);
  });

  it("fetches nothing ahead when the listener saves data or the connection is 2G", () => {
    expect(headsAllowed(undefined)).toBe(true);
    expect(headsAllowed({ saveData: false, effectiveType: "4g" })).toBe(true);
    expect(headsAllowed({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(headsAllowed({ effectiveType: "2g" })).toBe(false);
    expect(headsAllowed({ effectiveType: "slow-2g" })).toBe(false);
    const heads = new SongHeads(() => false);
    heads.want(`${base}/song3`);
    expect(heads.take(`${base}/song3`)).toBeUndefined();
    expect(heads.counts).toEqual({ ready: 0, loading: 0 });
  });
});
