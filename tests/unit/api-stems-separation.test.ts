// Get Stems of a song without the generator's parts (an upload), on both databases: the stem clips
// come at once, waiting, and our separation fills them in off the request thread; the four stems
// sum to the song; the feed v3 stem lookup finds them; the song is never changed. Refusals: another
// user, anonymous callers, a song still streaming, a silent upload (4xx {detail}, nothing made).

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readStored } from "../../src/server/clips/clip-audio.ts";
import { SILENT_SONG } from "../../src/server/separation/separated-stems.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { STEM_TYPES } from "../../src/shared/api/stem-types.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { arrayBufferOf, newClipWithAudio } from "../clip-fixtures.ts";
import { whiteNoise } from "../noise.ts";
import { BACKENDS } from "../server-database.ts";
import { sine } from "../sine.ts";
import { waitFor } from "../wait.ts";

const RATE = 48_000;
const FRAMES = RATE * 3;

/** A small song: a noise burst every quarter second, a low sine and a held tone, stereo. */
function songAudio(): Float32Array[] {
  const noise = whiteNoise(FRAMES, 5);
  const low = sine(FRAMES, 55, RATE, 0.3);
  const tone = sine(FRAMES, 660, RATE, 0.2);
  const left = new Float32Array(FRAMES);
  const right = new Float32Array(FRAMES);
  for (let i = 0; i < FRAMES; i++) {
    const burst = 0.4 * noise[i] * Math.exp(-(i % (RATE / 4)) / (0.03 * RATE));
    left[i] = burst + low[i] + tone[i];
    right[i] = burst + low[i] + 0.5 * tone[i];
  }
  return [left, right];
}

describe.each(BACKENDS)("stems by separation on %s", (backend) => {
  const server = startApiServer(backend);
  const proUser = () => server.signedUp({ plan: "pro", credits: 0 });

  async function upload(
    userId: string,
    channels: Float32Array[],
    status: "complete" | "streaming" = "complete",
  ) {
    return newClipWithAudio(
      server.database().db,
      server.storage(),
      { userId, title: "My Upload", status, metadata: { type: "upload", duration: FRAMES / RATE } },
      { channels, sampleRate: RATE, format: "float32" },
    );
  }

  const download = async (token: string, url: string) => {
    const response = await fetch(`${server.url()}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

  it("separates an upload into typed stem clips that sum to it, found by the feed's stem lookup", async () => {
    const owner = await proUser();
    const { row: song, wav } = await upload(owner.userId, songAudio());
    const path = `/api/edit/stems/${song.id}/`;
    // Two calls at once make one set of stems.
    const [made, twin] = await Promise.all([
      owner.client.post<{ clips: Clip[] }>(path),
      owner.client.post<{ clips: Clip[] }>(path),
    ]);
    expect(made.status).toBe(200);
    expect(twin.body.clips.map((clip) => clip.id)).toEqual(made.body.clips.map((clip) => clip.id));
    expect(made.body.clips.map((clip) => clip.title)).toEqual([
      "My Upload (Vocals)",
      "My Upload (Drums)",
      "My Upload (Bass)",
      "My Upload (Other)",
    ]);
    expect(made.body.clips.map((clip) => clip.metadata.stem_type_group_name)).toEqual([
      "Vocals",
      "Drums",
      "Bass",
      "Other",
    ]);
    expect(made.body.clips.map((clip) => clip.metadata.stem_type_id)).toEqual([
      STEM_TYPES.indexOf("Vocals"),
      STEM_TYPES.indexOf("Drums"),
      STEM_TYPES.indexOf("Bass"),
      null,
    ]);
    for (const clip of made.body.clips) {
      expect(clip.metadata).toMatchObject({ type: "stem", stem_from_id: song.id });
      expect(["submitted", "complete"]).toContain(clip.status);
    }

    // The separation runs on the queue, in a thread: generous, as CI is a loaded machine.
    const ids = made.body.clips.map((clip) => clip.id);
    const done = await waitFor(
      async () => {
        const feed = await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${ids.join(",")}`);
        return feed.body.clips.every((clip) => clip.status === "complete") ? feed.body.clips : undefined;
      },
      "the stems to be separated",
      120_000,
    );
    const stems = ids.map((id) => {
      const clip = done.find((candidate) => candidate.id === id);
      if (!clip?.audio_url) throw new Error(`stem ${id} has no audio`);
      return clip.audio_url;
    });
    const decoded = await Promise.all(
      stems.map(async (url) => decodeWav(arrayBufferOf(await download(owner.token, url)))),
    );
    const original = decodeWav(arrayBufferOf(wav));
    let worst = 0;
    for (const [c, channel] of original.channels.entries()) {
      for (const stem of decoded) expect(stem.channels[c].length).toBe(FRAMES);
      for (let i = 0; i < FRAMES; i++) {
        const sum = decoded.reduce((total, stem) => total + stem.channels[c][i], 0);
        worst = Math.max(worst, Math.abs(sum - channel[i]));
      }
    }
    expect(worst).toBeLessThan(1e-5);

    const lookup = await owner.client.post<{ clips: Clip[] }>("/api/feed/v3", {
      cursor: null,
      limit: 64,
      filters: { stem: { presence: "True", fromClipId: song.id } },
    });
    expect(lookup.status).toBe(200);
    expect(lookup.body.clips.map((clip) => clip.id).sort()).toEqual([...ids].sort());

    // Asking again answers the same stems; the song's audio is as it was.
    const again = await owner.client.post<{ clips: Clip[] }>(path);
    expect(again.body.clips.map((clip) => clip.id)).toEqual(ids);
    expect(sha(await readStored(server.storage(), song.audio_key ?? ""))).toBe(sha(wav));
  });

  it("refuses another user (404) and anonymous callers (401), making nothing", async () => {
    const owner = await proUser();
    const other = await proUser();
    const { row: song } = await upload(owner.userId, songAudio());
    const stranger = await other.client.post<{ detail: string }>(`/api/edit/stems/${song.id}/`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.detail).toBe(`Clip ${song.id} not found`);
    expect((await server.client().post(`/api/edit/stems/${song.id}/`)).status).toBe(401);
    const lookup = await owner.client.post<{ clips: Clip[] }>("/api/feed/v3", {
      filters: { stem: { presence: "True", fromClipId: song.id } },
    });
    expect(lookup.body.clips).toEqual([]);
  });

  it("refuses a song still streaming and a silent upload with a clear detail, making nothing", async () => {
    const owner = await proUser();
    const { row: streaming } = await upload(owner.userId, songAudio(), "streaming");
    const early = await owner.client.post<{ detail: string }>(`/api/edit/stems/${streaming.id}/`);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(`Clip ${streaming.id} is not finished yet`);

    const { row: silent, wav } = await upload(owner.userId, [
      new Float32Array(FRAMES),
      new Float32Array(FRAMES),
    ]);
    const refused = await owner.client.post<{ detail: string }>(`/api/edit/stems/${silent.id}/`);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(SILENT_SONG);
    for (const id of [streaming.id, silent.id]) {
      const lookup = await owner.client.post<{ clips: Clip[] }>("/api/feed/v3", {
        filters: { stem: { presence: "True", fromClipId: id } },
      });
      expect(lookup.body.clips).toEqual([]);
    }
    expect(sha(await readStored(server.storage(), silent.audio_key ?? ""))).toBe(sha(wav));
  });
});
