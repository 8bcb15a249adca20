// The upstream service's clients published on npm, their own code run unchanged against a started
// server: `suno-api` (worthable/suno-sdk, MIT) in this process, with the base URLs its class keeps
// pointed at us, and `suno-ai` (hissincn/suno-ai, MIT) in a node subprocess (it changes the default
// axios instance of its process). The credential is a script token, given where each client takes
// the session cookie a user pastes. A call of theirs that breaks here breaks for their users.

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { IClip } from "suno-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiToken } from "../../src/shared/api/api-tokens.ts";
import { startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { waitFor } from "../wait.ts";

// Its CommonJS build: the ES module build imports lodash's functions by name, which Node refuses.
const { Api, Status } = createRequire(import.meta.url)("suno-api") as typeof import("suno-api");
const run = promisify(execFile);
/** Generous: the generator shares two loaded cores with everything else. */
const SONG_WAIT_MS = 180_000;
/** The client's own waits, shortened from its default 10-20 s between polls. */
const WAIT = { wait: true, waitSleepRange: [0.5, 1] as [number, number], waitTimeout: SONG_WAIT_MS };

/** `suno-api` with its two base URLs (upstream's session service and API) set to our server. */
class ApiOnOurServer extends Api {
  constructor(base: string, cookie: string) {
    super(cookie);
    this.clerkClient.defaults.baseURL = `${base}/v1/client`;
    this.apiClient.defaults.baseURL = `${base}/api`;
  }
}

describe.each(BACKENDS)("the npm clients against the server on %s", (backend) => {
  const {
    server,
    db,
    users: { owner },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" } },
    { generator: () => new SineSongGenerator() },
  );
  let token: string;
  const out = mkdtempSync(join(tmpdir(), "npm-clients-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  beforeAll(async () => {
    await db().updateTable("users").set({ credits: 10_000 }).where("id", "=", owner.id).execute();
    const made = await owner.client.post<CreatedApiToken>("/api/account/api-tokens", {
      name: "npm",
      scope: "write",
    });
    token = made.body.token;
  });

  it(
    "runs suno-api: sign in, custom generate and wait, extend, concatenate, lyrics, get, credits",
    async () => {
      const api = new ApiOnOurServer(server.url(), `__client=${token}`);
      await api.authenticate();
      const songs = await api.generateClips(
        { prompt: "[Verse]\nlights in the city", tags: "synthpop", title: "City", makeInstrumental: false },
        { ...WAIT, waitStatuses: [Status.COMPLETE] },
      );
      expect(songs.map((song) => [song.title, song.status])).toEqual([
        ["City", "complete"],
        ["City", "complete"],
      ]);
      const [song] = songs as [IClip];
      expect(typeof song.audioUrl).toBe("string");
      const audio = await fetch(song.audioUrl as string);
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      // Its extend answers the generation batch when not waiting (waiting reads the batch id as a
      // clip id, which no server answers); the extension is the batch's first clip.
      const batch = (await api.extendClip(
        {
          continueClipId: song.id,
          continueAt: "1",
          prompt: "[Verse]\nmore lights",
          tags: "synthpop",
          title: "City II",
        },
        { wait: false },
      )) as unknown as { clips: IClip[] };
      const extension = batch.clips[0] as IClip;
      const extended = await waitFor(
        async () => {
          const clip = await api.getClip(extension.id);
          return clip.status === Status.COMPLETE ? clip : undefined;
        },
        "the extension finished",
        SONG_WAIT_MS,
      );
      expect(extended.title).toBe("City II");
      const whole = await api.concatenate(extended.id);
      expect(typeof whole.id).toBe("string");
      expect(whole.id).not.toBe(extended.id);

      const lyrics = await api.generateLyrics(
        { prompt: "a song about the sea" },
        { ...WAIT, waitStatuses: [Status.COMPLETE] },
      );
      expect(lyrics.status).toBe("complete");
      expect(lyrics.text.length).toBeGreaterThan(0);
      expect((await api.getLyrics(lyrics.id)).text).toBe(lyrics.text);

      const feed = await api.getFeed({ ids: songs.map((clip) => clip.id).join(",") });
      expect(feed.map((clip) => clip.id).sort()).toEqual(songs.map((clip) => clip.id).sort());
      const billing = await api.getBillingInfo();
      expect(typeof billing.totalCreditsLeft).toBe("number");
    },
    SONG_WAIT_MS * 3,
  );

  it(
    "runs suno-ai: sign in, credits, generate, save the songs with cover and audio, lyrics",
    async () => {
      const saveTo = mkdtempSync(join(out, "suno-ai-"));
      const driver = join(__dirname, "..", "fixtures", "upstream-clients", "suno-ai-driver.cjs");
      const before = await owner.client.get<{ total_credits_left: number }>("/api/billing/info/");
      const { stdout } = await run("node", [driver, server.url(), token, saveTo], {
        timeout: SONG_WAIT_MS * 2,
      });
      const result = JSON.parse(stdout.trim().split("\n").at(-1) as string);
      // It counts songs left as credits over ten, read before it generates.
      expect(result.limitLeft).toBe(Math.floor(before.body.total_credits_left / 10));
      expect(result.ids).toHaveLength(2);
      for (const url of result.audioUrls) expect(url.startsWith(server.url())).toBe(true);
      const sizes = result.saved as Record<string, number>;
      // Per song: its info, lyric, cover and audio files, none empty.
      expect(Object.keys(sizes)).toHaveLength(8);
      for (const [name, size] of Object.entries(sizes)) expect(size, name).toBeGreaterThan(0);
      const audioFiles = Object.entries(sizes).filter(([name]) => name.endsWith(".mp3"));
      for (const [, size] of audioFiles) expect(size).toBeGreaterThan(1000);
      expect(result.lyrics.status).toBe("complete");
      expect(result.lyrics.text.length).toBeGreaterThan(0);
    },
    SONG_WAIT_MS * 3,
  );
});
