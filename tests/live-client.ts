import WebSocket from "ws";
import * as Y from "yjs";
import { livePath } from "../src/shared/collab/live-messages.ts";
import { readProjectState, writeProjectDiff } from "../src/shared/collab/project-doc.ts";
import { parseProjectState, type StudioProjectState } from "../src/shared/project/index.ts";
import { LiveConnection, type LiveSocket, type LiveStatus } from "../src/studio/live/live-connection.ts";

/** The selection every test client reads with (selections are personal, not in the doc). */
export const NO_SELECTION = parseProjectState({ timing: {}, tracks: [], selection: {} }).selection;

const liveUrl = (serverUrl: string, projectId: string) =>
  `${serverUrl.replace(/^http/, "ws")}${livePath(projectId)}`;

/** A live client in Node: the page's own connection, over the ws package with a bearer token. */
export function liveClient(serverUrl: string, projectId: string, token: string) {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  const statuses: LiveStatus[] = [];
  const connection = new LiveConnection({
    doc,
    open: () =>
      new WebSocket(liveUrl(serverUrl, projectId), {
        headers: { authorization: `Bearer ${token}` },
      }) as unknown as LiveSocket,
    onRefused: (detail) => refusals.push(detail),
    onStatus: (status) => statuses.push(status),
  });
  const state = () => readProjectState(doc, null, NO_SELECTION);
  return {
    connection,
    doc,
    refusals,
    statuses,
    state,
    edit(change: (state: StudioProjectState) => StudioProjectState) {
      const before = state();
      writeProjectDiff(doc, before, change(before));
    },
  };
}

/** The status a live socket handshake gets, or 101 when it opens (then closed at once). */
export function liveHandshake(serverUrl: string, projectId: string, headers: Record<string, string>) {
  const socket = new WebSocket(liveUrl(serverUrl, projectId), { headers });
  return new Promise<number>((resolve, reject) => {
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.once("error", reject);
  });
}

/** A raw socket on a live project, for sending what no page would. */
export function rawLiveSocket(serverUrl: string, projectId: string, token: string) {
  const socket = new WebSocket(liveUrl(serverUrl, projectId), {
    headers: { authorization: `Bearer ${token}` },
  });
  const received: Uint8Array[] = [];
  let closed: { code: number } | null = null;
  socket.on("message", (data: Buffer) => received.push(new Uint8Array(data)));
  socket.on("close", (code) => {
    closed = { code };
  });
  return {
    socket,
    received,
    closedWith: () => closed,
    opened: new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    }),
  };
}
