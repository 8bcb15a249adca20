// A finished song's m4a copy: GET /api/media/clips/{id}/m4a.m4a answers 404 while the copy is made
// (its first request starts ffmpeg), then the AAC file of the song's length as audio/mp4 with ranges;
// only to viewers who may hear the song (nobody else can make the server encode it), and never
// for a song still rendering.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { ClipRow } from "../../src/server/db/schema.ts";
import { m4aRenditionsSettled } from "../../src/server/video/m4a-rendition.ts";
import { probeMedia } from "../../src/server/video/media-probe.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 48_000;
const SECONDS = 3;

describe.each(BACKENDS)("m4a copies of songs on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  let owner: TestUser;
  let other: TestUser;
  let song: ClipRow;
  let secret: ClipRow;
  let rendering: ClipRow;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client());
    other = await newTestUser(db(), server.client());
    const audio = { channels: testAudio(RATE * SECONDS), sampleRate: RATE };
    const make = async (title: string, isPublic: boolean, status: "complete" | "streaming") =>
      (await newClipWithAudio(db(), server.storage(), { userId: owner.id, title, isPublic, status }, audio))
        .row;
    song = await make("Harbour Lights", true, "complete");
    secret = await make("Harbour Secret", false, "complete");
    rendering = await make("Harbour Draft", true, "streaming");
  });

  const get = (user: TestUser | null, path: string, range?: string) =>
    fetch(`${server.url()}${path}`, {
      headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...(range ? { range } : {}) },
    });
  /** The answer's status, its body read (an unread body holds the connection, and the server's close, open). */
  const statusOf = async (user: TestUser | null, path: string) => {
    const answer = await get(user, path);
    await answer.arrayBuffer();
    return answer.status;
  };
  const payload = async (id: string) =>
    (await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${id}`)).body.clips[0] as Clip;

  it("names the copy of a finished song only", async () => {
    expect((await payload(song.id)).audio_url_m4a).toMatch(
      new RegExp(`^/api/media/clips/${song.id}/m4a\\.m4a\\?v=[\\w-]+$`),
    );
    expect((await payload(rendering.id)).audio_url_m4a).toBeNull();
    expect(await statusOf(owner, `/api/media/clips/${rendering.id}/m4a.m4a`)).toBe(404);
  });

  it("is not ready on its first request, then is the song in AAC, with ranges", async () => {
    const url = (await payload(song.id)).audio_url_m4a as string;
    const first = await get(other, url);
    expect(first.status).toBe(404);
    expect(await first.json()).toEqual({ detail: "The m4a audio is not ready yet" });
    await m4aRenditionsSettled();

    const file = await get(other, url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/mp4");
    expect(file.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(bytes.subarray(4, 8)).toString("latin1")).toBe("ftyp");
    const dir = await mkdtemp(join(tmpdir(), "m4a-test-"));
    try {
      await writeFile(join(dir, "song.m4a"), bytes);
      const info = await probeMedia("song.m4a", { cwd: dir });
      expect(info.audio?.codec).toBe("aac");
      expect(info.durationS).toBeCloseTo(SECONDS, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    const part = await get(null, url, "bytes=0-99");
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it("answers a private song's copy to its owner only, and makes none for others", async () => {
    const url = `/api/media/clips/${secret.id}/m4a.m4a`;
    for (const viewer of [other, null]) {
      const answer = await get(viewer, url);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ detail: expect.stringMatching(/not found/i) });
    }
    await m4aRenditionsSettled();
    expect(await statusOf(owner, url)).toBe(404);
    await m4aRenditionsSettled();
    expect(await statusOf(owner, url)).toBe(200);
  });
});
