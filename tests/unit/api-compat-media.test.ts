// Media URLs handed to scripts: absolute, signed for the token's owner and expiring, so a plain HTTP
// client (the upstream clients' download step) fetches them without a cookie; nothing else opens.

import { beforeAll, describe, expect, it } from "vitest";
import { MediaUrlSigner } from "../../src/server/compat/media-url-signer.ts";
import type { ClipRow } from "../../src/server/db/schema.ts";
import type { CreatedApiToken } from "../../src/shared/api/api-tokens.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import {
  SIGNED_MEDIA_EXPIRED,
  SIGNED_MEDIA_INVALID,
  SIGNED_MEDIA_REVOKED,
} from "../../src/shared/api/media-signatures.ts";
import { newClipWithAudio, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("signed media URLs for scripts on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: { plan: "pro" }, other: {} });
  let song: { row: ClipRow; wav: Buffer };
  let ownerToken: string;
  let ownerTokenId: string;
  let otherToken: string;

  const newScriptToken = async (client: typeof owner.client) =>
    (await client.post<CreatedApiToken>("/api/account/api-tokens", { name: "script", scope: "read" })).body;
  const scriptToken = async (client: typeof owner.client) => (await newScriptToken(client)).token;
  /** What a script reads: the clip as answered to its bearer token. */
  const clipFor = async (token: string, id: string) => {
    const response = await fetch(`${server.url()}/api/clip/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Clip };
  };
  /** A plain download: no cookie, no token. */
  const download = async (url: string) => {
    const response = await fetch(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, bytes, json: () => JSON.parse(bytes.toString("utf8")) as unknown };
  };

  beforeAll(async () => {
    song = await newClipWithAudio(
      db(),
      server.storage(),
      { userId: owner.id, title: "Private Song", isPublic: false },
      { channels: testAudio(4800), sampleRate: 48_000 },
    );
    const made = await newScriptToken(owner.client);
    ownerToken = made.token;
    ownerTokenId = made.api_token.id;
    otherToken = await scriptToken(other.client);
  });

  it("answers the owner's script an absolute signed audio URL that downloads without credentials", async () => {
    const { status, body } = await clipFor(ownerToken, song.row.id);
    expect(status).toBe(200);
    const url = new URL(body.audio_url as string);
    expect(url.origin).toBe(server.url());
    expect(url.searchParams.get("viewer")).toBe(owner.id);
    expect(Number(url.searchParams.get("expires"))).toBeGreaterThan(0);
    const fetched = await download(url.href);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(song.wav)).toBe(true);
    // Unsigned, the same private song is not there for a plain client.
    expect((await download(`${url.origin}${url.pathname}`)).status).toBe(404);
  });

  it("refuses a tampered link with 403 and says why", async () => {
    const url = new URL((await clipFor(ownerToken, song.row.id)).body.audio_url as string);
    const altered = (name: string, value: string) => {
      const copy = new URL(url.href);
      copy.searchParams.set(name, value);
      return copy.href;
    };
    const signature = url.searchParams.get("signature") as string;
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    for (const link of [
      altered("signature", flipped),
      altered("viewer", other.id),
      altered("token", "00000000-0000-4000-8000-000000000000"),
      altered("expires", String(Number(url.searchParams.get("expires")) + 1)),
      url.href.replace("/audio.wav", "/video.wav"),
      url.href.replace("/audio.wav", "/mp3"),
    ]) {
      const fetched = await download(link);
      expect(fetched.status).toBe(403);
      expect(fetched.json()).toEqual({ detail: SIGNED_MEDIA_INVALID });
    }
  });

  it("refuses an expired link with 403", async () => {
    const sign = await new MediaUrlSigner(db()).signing();
    // Signed with the server's own secret, for the owner, but long expired.
    const query = sign(song.row.id, "audio", { viewerId: owner.id, tokenId: ownerTokenId }, 1);
    const fetched = await download(`${server.url()}/api/media/clips/${song.row.id}/audio.wav?${query}`);
    expect(fetched.status).toBe(403);
    expect(fetched.json()).toEqual({ detail: SIGNED_MEDIA_EXPIRED });
  });

  it("voids the links given to a token when it is revoked, and only those", async () => {
    const made = await newScriptToken(owner.client);
    const given = (await clipFor(made.token, song.row.id)).body.audio_url as string;
    expect(new URL(given).searchParams.get("token")).toBe(made.api_token.id);
    const kept = (await clipFor(ownerToken, song.row.id)).body.audio_url as string;
    expect((await download(given)).status).toBe(200);
    expect(
      (await owner.client.request("DELETE", `/api/account/api-tokens/${made.api_token.id}`)).status,
    ).toBe(204);
    const refused = await download(given);
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ detail: SIGNED_MEDIA_REVOKED });
    // The same song's link given to the owner's other, live token still works.
    expect((await download(kept)).status).toBe(200);
  });

  it("signs only what the script's owner may see, and a link follows its viewer's sight", async () => {
    expect((await clipFor(otherToken, song.row.id)).status).toBe(404);
    expect((await download(`${server.url()}/api/media/clips/${song.row.id}/audio.wav`)).status).toBe(404);
    // Made public, the other user's script gets a link; made private again, that link is gone.
    await owner.client.post(`/api/gen/${song.row.id}/set_visibility/`, { is_public: true });
    const shared = (await clipFor(otherToken, song.row.id)).body.audio_url as string;
    expect(new URL(shared).searchParams.get("viewer")).toBe(other.id);
    expect((await download(shared)).status).toBe(200);
    await owner.client.post(`/api/gen/${song.row.id}/set_visibility/`, { is_public: false });
    expect((await download(shared)).status).toBe(404);
  });

  it("keeps the pages' short relative URLs for sessions", async () => {
    const page = await owner.client.get<Clip>(`/api/clip/${song.row.id}`);
    expect(page.body.audio_url).toMatch(/^\/api\/media\/clips\//);
  });
});
