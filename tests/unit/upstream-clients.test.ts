// The upstream service's open-source clients, run against a started server with only the base URL
// and the credential changed: the TypeScript client's calls (tests/fixtures/upstream-clients), the
// Python client with requests and pydantic in a real python3, and apps on the proxy's routes. A call
// of theirs that breaks (a path, a body, a field they read or validate, a media download) fails here.

import { execFile } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_INVALID, type CreatedApiToken } from "../../src/shared/api/api-tokens.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { type AudioInfo, UpstreamTypeScriptClient } from "../fixtures/upstream-clients/typescript-client.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { waitFor } from "../wait.ts";

const run = promisify(execFile);
/** Generous: the generator shares two loaded cores with everything else. */
const SONG_WAIT_MS = 180_000;

describe.each(BACKENDS)("the upstream clients against the server on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" }, other: {} },
    {
      generator: () => new SineSongGenerator(),
    },
  );
  let token: string;

  const newToken = async (client: typeof owner.client, scope: "read" | "write") =>
    (await client.post<CreatedApiToken>("/api/account/api-tokens", { name: "client", scope })).body;
  /** An app on the proxy's routes: its credential as the proxy's `__client` cookie. */
  const proxy = async (method: "GET" | "POST", path: string, credential: string | null, body?: unknown) => {
    const response = await fetch(`${server.url()}${path}`, {
      method,
      headers: {
        ...(credential === null ? {} : { cookie: `__client=${credential}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: apps read the proxy's answers untyped, as here
    return { status: response.status, body: (await response.json()) as any };
  };
  const finished = (client: UpstreamTypeScriptClient, ids: string[]) =>
    waitFor(
      async () => {
        const audios = await client.get(ids);
        return audios.every((audio) => audio.status === "complete") ? audios : undefined;
      },
      `songs ${ids.join(", ")} finished`,
      SONG_WAIT_MS,
    );
  const plainDownload = async (url: string | undefined | null) => {
    const response = await fetch(url as string);
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  };

  beforeAll(async () => {
    await db().updateTable("users").set({ credits: 10_000 }).where("id", "=", owner.id).execute();
    token = (await newToken(owner.client, "write")).token;
  });

  it(
    "runs the TypeScript client's calls: generate, custom generate, extend, get, lyrics, concat, stems, aligned lyrics, credits",
    async () => {
      const client = await new UpstreamTypeScriptClient(server.url(), token).init();
      expect(await client.getSessionToken()).toBe(owner.id);

      const made = await client.generate("a calm piano song about rain", false, undefined, true);
      expect(made).toHaveLength(2);
      for (const audio of made) expect(["streaming", "complete"]).toContain(audio.status);
      const custom = await client.custom_generate(
        "[Verse]\nlights in the city",
        "synthpop",
        "City",
        false,
        "chirp-v3-5",
      );
      expect(custom.map((audio) => audio.title)).toEqual(["City", "City"]);
      const [song] = await finished(
        client,
        made.map((audio) => audio.id),
      );
      expect(song.model_name).toBe("chirp-v3-5");
      expect(typeof song.duration).toBe("number");
      expect((await plainDownload(song.audio_url)).status).toBe(200);

      const [extended] = await client.extendAudio(song.id, "[Verse]\nmore rain", 1, "piano", "", "Rain II");
      await finished(client, [extended.id]);
      const clip = await client.getClip(extended.id);
      expect(clip.metadata.history?.[0]?.id ?? clip.metadata.continue_clip_id ?? song.id).toBe(song.id);
      const whole = await client.concatenate(extended.id);
      expect(typeof whole.id).toBe("string");

      const lyrics = await client.generateLyrics("a song about rain");
      expect(lyrics.status).toBe("complete");
      expect(lyrics.text.length).toBeGreaterThan(0);

      const stems = await client.generateStems(song.id);
      expect(stems.length).toBeGreaterThan(0);
      for (const stem of stems) expect(stem.stem_from_id).toBe(song.id);

      const words = await client.getLyricAlignment(song.id);
      expect(Array.isArray(words)).toBe(true);

      const credits = await client.get_credits();
      expect(credits).toEqual({
        credits_left: expect.any(Number),
        period: null,
        monthly_limit: expect.any(Number),
        monthly_usage: expect.any(Number),
      });
    },
    SONG_WAIT_MS * 3,
  );

  it(
    "runs the Python client (requests, pydantic) and an app on the proxy's routes in python3",
    async () => {
      const out = mkdtempSync(join(tmpdir(), "upstream-python-"));
      const { stdout } = await run(
        "python3",
        [join(__dirname, "..", "fixtures", "upstream-clients", "python_client.py"), server.url(), token, out],
        { timeout: SONG_WAIT_MS * 2 },
      );
      const result = JSON.parse(stdout.trim().split("\n").at(-1) as string);
      expect(result.statuses).toHaveLength(2);
      expect(result.custom_titles).toEqual(["City", "City"]);
      expect(result.audio_url.startsWith(server.url())).toBe(true);
      expect(statSync(result.downloaded).size).toBeGreaterThan(1000);
      expect(result.proxy_titles).toEqual(["Proxy Rain", "Proxy Rain"]);
      expect(result.proxy_audio_bytes).toBeGreaterThan(1000);
      expect(typeof result.proxy_credits_left).toBe("number");
    },
    SONG_WAIT_MS * 3,
  );

  it(
    "answers the proxy's routes for apps: old model names mapped, numbers as strings, media signed",
    async () => {
      const made = await proxy("POST", "/api/generate", token, {
        prompt: "a song about the sea",
        model: "chirp-v3",
        make_instrumental: "true",
        wait_audio: true,
        some_field_we_do_not_know: 1,
      });
      expect(made.status).toBe(200);
      expect(made.body.map((audio: AudioInfo) => audio.model_name)).toEqual(["chirp-v3-0", "chirp-v3-0"]);
      const ids = made.body.map((audio: AudioInfo) => audio.id).join(",");
      const songs = await waitFor(
        async () => {
          const got = await proxy("GET", `/api/get?ids=${ids}`, token);
          return got.body.every((audio: AudioInfo) => audio.status === "complete") ? got.body : undefined;
        },
        "the proxy's songs finished",
        SONG_WAIT_MS,
      );
      const song = songs[0] as AudioInfo;
      expect((await plainDownload(song.audio_url)).status).toBe(200);

      const extended = await proxy("POST", "/api/extend_audio", token, {
        audio_id: song.id,
        continue_at: "00:01",
      });
      expect(extended.status).toBe(200);
      expect(extended.body[0].type).toBe("extend");
      const clip = await proxy("GET", `/api/clip?id=${song.id}`, token);
      expect(clip.body.id).toBe(song.id);
      const stems = await proxy("POST", "/api/generate_stems", token, { audio_id: song.id });
      expect(stems.status).toBe(200);
      expect(stems.body[0].stem_from_id).toBe(song.id);
      const aligned = await proxy("GET", `/api/get_aligned_lyrics?song_id=${song.id}`, token);
      expect(aligned.status).toBe(200);
      const lyrics = await proxy("POST", "/api/generate_lyrics", token, { prompt: "the sea" });
      expect(lyrics.body.status).toBe("complete");
      const limit = await proxy("GET", "/api/get_limit", token);
      expect(limit.body).toEqual({
        credits_left: expect.any(Number),
        period: null,
        monthly_limit: expect.any(Number),
        monthly_usage: expect.any(Number),
      });
    },
    SONG_WAIT_MS * 3,
  );

  it("keeps the owner's songs the owner's: another user's and no credential, and a revoked token", async () => {
    const song = await newTestClip(db(), { userId: owner.id, title: "Mine Alone" });
    const otherToken = (await newToken(other.client, "write")).token;
    expect((await proxy("GET", `/api/clip?id=${song.id}`, otherToken)).status).toBe(404);
    expect((await proxy("GET", `/api/get?ids=${song.id}`, otherToken)).body).toEqual([]);
    // Refused as the stems route refuses it: a plan that has no stems, or a song that is not theirs.
    expect([403, 404]).toContain(
      (await proxy("POST", "/api/generate_stems", otherToken, { audio_id: song.id })).status,
    );
    const anonymous = await proxy("GET", `/api/clip?id=${song.id}`, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: expect.any(String) });
    // Revoked between two polls: the next poll is refused, said in {detail}.
    const polling = await newToken(owner.client, "read");
    expect((await proxy("GET", `/api/get?ids=${song.id}`, polling.token)).status).toBe(200);
    await owner.client.request("DELETE", `/api/account/api-tokens/${polling.api_token.id}`);
    const revoked = await proxy("GET", `/api/get?ids=${song.id}`, polling.token);
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ detail: API_TOKEN_INVALID });
  });
});
