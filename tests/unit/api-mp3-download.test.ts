// The song menu's "MP3 Audio" download: POST /api/billing/clips/{id}/download/ encodes the song's
// audio to an MP3 that states its true length (Info header and LAME tag), keeps it, counts the
// download and answers its address; the file is then served under the clip's visibility rule.

import { Readable } from "node:stream";
import { MPEGDecoder } from "mpg123-decoder";
import { beforeAll, describe, expect, it } from "vitest";
import { createClip } from "../../src/server/clips/clip-store.ts";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import type { ClipRow } from "../../src/server/db/schema.ts";
import type { ClipDownloadResponse } from "../../src/shared/api/billing.ts";
import { startApiServer } from "../api-server.ts";
import { newClipWithAudio, newTestUser, type TestUser, testAudio } from "../clip-fixtures.ts";
import { gaplessSamples, readMp3InfoHeader } from "../mp3-info-reader.ts";
import { BACKENDS } from "../server-database.ts";

const RATE = 44100;
const FRAMES = RATE * 2 + 321;

describe.each(BACKENDS)("MP3 downloads on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  let owner: TestUser;
  let other: TestUser;
  let publicClip: ClipRow;
  let privateClip: ClipRow;

  beforeAll(async () => {
    owner = await newTestUser(db(), server.client());
    other = await newTestUser(db(), server.client());
    const audio = { channels: testAudio(FRAMES), sampleRate: RATE };
    publicClip = (
      await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Café Song", isPublic: true },
        audio,
      )
    ).row;
    privateClip = (
      await newClipWithAudio(db(), server.storage(), { userId: owner.id, title: "Secret" }, audio)
    ).row;
  });

  const download = (user: TestUser | null, id: string) =>
    (user?.client ?? server.client()).post<ClipDownloadResponse & { detail?: string }>(
      `/api/billing/clips/${id}/download/`,
    );

  async function fetchFile(path: string, user: TestUser | null) {
    const response = await fetch(`${server.url()}${path}`, {
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
    });
    return {
      status: response.status,
      headers: response.headers,
      body: new Uint8Array(await response.arrayBuffer()),
    };
  }

  it("gives the owner an MP3 of the song's true length", async () => {
    const answer = await download(owner, privateClip.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ clip_owned_by_user: true });
    const url = answer.body.download_url as string;
    expect(url).toMatch(
      new RegExp(`^/api/media/clips/${privateClip.id}/mp3\\.mp3\\?v=[\\w-]+&download=true$`),
    );

    const file = await fetchFile(url, owner);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("audio/mpeg");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="Secret.mp3"; filename*=UTF-8''Secret.mp3`,
    );
    const header = readMp3InfoHeader(file.body);
    expect(header.bytes).toBe(file.body.length);
    expect(header.sampleRate).toBe(RATE);
    expect(gaplessSamples(header)).toBe(FRAMES);
    const decoder = new MPEGDecoder();
    await decoder.ready;
    const decoded = decoder.decode(file.body);
    decoder.free();
    expect(decoded.samplesDecoded).toBe(FRAMES);

    // Anyone else asking for a private song's file is told it does not exist.
    expect((await fetchFile(url, other)).status).toBe(404);
    expect((await fetchFile(url, null)).status).toBe(404);
  });

  it("counts another user's download of a public song, and encodes it once for concurrent requests", async () => {
    const [first, second] = await Promise.all([
      download(other, publicClip.id),
      download(other, publicClip.id),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.download_url).toBe(first.body.download_url);
    expect(second.body).toMatchObject({ clip_owned_by_user: false, downloads_used: 1 });
    const file = await fetchFile(first.body.download_url as string, null);
    expect(file.status).toBe(200);
    expect(gaplessSamples(readMp3InfoHeader(file.body))).toBe(FRAMES);
  });

  it("refuses other users' private songs and anonymous callers", async () => {
    const refused = await download(other, privateClip.id);
    expect(refused.status).toBe(404);
    const anonymous = await download(null, publicClip.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
  });

  it("answers 404 for an MP3 not asked for yet", async () => {
    const fresh = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Fresh", isPublic: true },
      { channels: testAudio(1000), sampleRate: 8000 },
    );
    const url = `/api/media/clips/${fresh.row.id}/mp3.mp3`;
    const answer = await fetchFile(url, owner);
    expect(answer.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(answer.body))).toEqual({
      detail: "The MP3 file is not ready yet",
    });
  });

  it("says so when the song's audio cannot be read", async () => {
    const id = crypto.randomUUID();
    const audioKey = clipMediaKey(id, "audio", "wav");
    await server
      .storage()
      .put(audioKey, Readable.from([Buffer.from("not audio at all")]), { contentType: "audio/wav" });
    const clip = await createClip(db(), { id, userId: owner.id, title: "Broken", audioKey });
    const answer = await download(owner, clip.id);
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe("This song's audio cannot be converted to MP3 yet");
  });
});
