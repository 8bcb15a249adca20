import { get, type IncomingMessage } from "node:http";
// Edit mode's API tests: a song of a known sine in storage, and an edit action followed to its end
// through the polling call, its audio decoded.
import { expect } from "vitest";
import type { EditActionResponse, EditActionStatus } from "../src/shared/api/edit.ts";
import { decodeWav } from "../src/shared/audio/wav.ts";
import type { ApiClient, ApiResponse } from "./api-server.ts";
import { newClipWithAudio, type TestUser } from "./clip-fixtures.ts";
import { sine } from "./sine.ts";
import { waitFor } from "./wait.ts";

export const RATE = 48_000;
export const TONE_HZ = 440;
/** Long enough for a tempo to be heard, short enough to keep the tests quick. */
export const SONG_SECONDS = 6;

/** The source song: a 440 Hz sine at half scale (right channel inverted), 16-bit, complete. */
export function sourceAudio() {
  const left = sine(SONG_SECONDS * RATE, TONE_HZ, RATE, 0.5);
  return { sampleRate: RATE, channels: [left, left.map((x) => -x)] };
}

type ServerParts = {
  db: Parameters<typeof newClipWithAudio>[0];
  storage: Parameters<typeof newClipWithAudio>[1];
};

export async function newSong(
  parts: ServerParts,
  owner: TestUser,
  options: { status?: "complete" | "streaming"; projectId?: string | null; isPublic?: boolean } = {},
) {
  const { row, wav } = await newClipWithAudio(
    parts.db,
    parts.storage,
    {
      userId: owner.id,
      title: "Sine Song",
      status: options.status ?? "complete",
      projectId: options.projectId ?? null,
      isPublic: options.isPublic ?? false,
      metadata: { type: "gen", duration: SONG_SECONDS, tags: "test tone", has_vocal: false },
    },
    sourceAudio(),
  );
  return { id: row.id, wav };
}

/** A generous wait: CI renders on a loaded 2-core machine. */
const ACTION_TIMEOUT_MS = 120_000;

/** Starts an edit and polls its action until it is over; fails unless it started with 200. */
export async function runEdit(client: ApiClient, path: string, body: unknown): Promise<EditActionStatus> {
  const started = await client.post<EditActionResponse>(path, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const id = started.body.action_clip_id;
  return waitFor(
    async () => {
      const polled = await client.get<EditActionStatus>(`/api/edit/action/${id}/`);
      expect(polled.status).toBe(200);
      return polled.body.status === "complete" || polled.body.status === "error" ? polled.body : undefined;
    },
    `the edit action ${id} to end`,
    ACTION_TIMEOUT_MS,
  );
}

/**
 * The bytes a clip's audio URL serves to its owner, over a connection of its own that is closed
 * after it (a kept-alive one would hold the server's close at the end of the file).
 */
export async function audioBytes(baseUrl: string, owner: TestUser, audioUrl: string | null): Promise<Buffer> {
  if (!audioUrl) throw new Error("The clip has no audio");
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    get(
      `${baseUrl}${audioUrl}`,
      { agent: false, headers: { authorization: `Bearer ${owner.token}` } },
      resolve,
    ).on("error", reject),
  );
  expect(response.statusCode).toBe(200);
  return Buffer.concat(await response.toArray());
}

export const decoded = (bytes: Buffer) =>
  decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);

/** A refusal: the status, and a {detail} saying why. */
export function expectRefused(
  response: ApiResponse<unknown>,
  status: number,
  detail?: string | RegExp,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = response.body as { detail?: unknown };
  expect(typeof body.detail).toBe("string");
  if (detail !== undefined) expect(body.detail).toMatch(detail);
}

/** The largest difference between a[n] and b[offset + n] over a's frames [from, to). */
export function largestDifference(
  a: Float32Array,
  b: Float32Array,
  from: number,
  to: number,
  offset = 0,
): number {
  let worst = 0;
  for (let n = from; n < to; n++) worst = Math.max(worst, Math.abs(a[n] - b[offset + n]));
  return worst;
}
