// Images at the served sizes: a song's cover and a person's avatar asked for at 100, 360, 720 or
// 1024 px come back as JPEGs fitted within that square (made once, then served from storage without
// resizing again); an image already within the size comes back as it is; other sizes are refused.

import { request } from "node:http";
import { Readable } from "node:stream";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { sizedImageKey } from "../../src/server/images/sized-images.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { Profile } from "../../src/shared/api/profiles.ts";
import { startApiServer } from "../api-server.ts";
import { newTestClip, newTestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

/** A 900 x 600 picture: red rising left to right, green top to bottom. */
function picture(): Uint8Array {
  const width = 900;
  const height = 600;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 64, 255], at);
    }
  }
  return encodePng({ width, height, data, channels: 4 });
}

describe.each(BACKENDS)("image sizes on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;

  /**
   * A request over a connection of its own, closed after it: a kept-alive one would hold the
   * server's close at the end of the file.
   */
  function send(path: string, options: { token?: string; body?: Buffer; type?: string } = {}) {
    return new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve, reject) => {
      const headers: Record<string, string> = options.token
        ? { authorization: `Bearer ${options.token}` }
        : {};
      if (options.type) headers["content-type"] = options.type;
      const call = request(
        `${server.url()}${path}`,
        { method: options.body ? "POST" : "GET", agent: false, headers },
        (response) => {
          response
            .toArray()
            .then((chunks) =>
              resolve({
                status: response.statusCode ?? 0,
                type: response.headers["content-type"],
                body: Buffer.concat(chunks),
              }),
            )
            .catch(reject);
        },
      );
      call.on("error", reject);
      call.end(options.body);
    });
  }
  const fetchImage = (path: string, token?: string) => send(path, { token });
  const sized = (url: string, size: number | string) => `${url}${url.includes("?") ? "&" : "?"}size=${size}`;

  it("serves a cover and an avatar fitted within each size, made once and kept", async () => {
    const person = await newTestUser(db(), server.client());
    const stranger = await newTestUser(db(), server.client());
    const uploaded = await send("/api/uploads/image/", {
      token: person.token,
      type: "image/png",
      body: Buffer.from(picture()),
    });
    const { image_s3_id } = JSON.parse(uploaded.body.toString()) as { image_s3_id: string };
    const song = await newTestClip(db(), { userId: person.id, title: "Cover", isPublic: true });
    const withCover = await person.client.post<Clip>(`/api/gen/${song.id}/set_metadata/`, { image_s3_id });
    expect(withCover.status).toBe(200);
    const coverUrl = withCover.body.image_url as string;

    const expected: [number, number, number][] = [
      [100, 100, 67],
      [360, 360, 240],
      [720, 720, 480],
    ];
    for (const [size, width, height] of expected) {
      const image = await fetchImage(sized(coverUrl, size));
      expect(image.status).toBe(200);
      expect(image.type).toBe("image/jpeg");
      const decoded = jpeg.decode(image.body);
      expect([decoded.width, decoded.height]).toEqual([width, height]);
      // The same picture, smaller: the right edge is red, the bottom green.
      const right = (Math.floor(height / 2) * width + width - 2) * 4;
      expect(decoded.data[right]).toBeGreaterThan(230);
      const bottom = ((height - 2) * width + Math.floor(width / 2)) * 4;
      expect(decoded.data[bottom + 1]).toBeGreaterThan(230);
    }
    // Kept in storage beside the image, and served from there.
    const row = await db()
      .selectFrom("clips")
      .select("image_key")
      .where("id", "=", song.id)
      .executeTakeFirstOrThrow();
    const smallKey = sizedImageKey(row.image_key as string, 100);
    expect(await server.storage().stat(smallKey)).not.toBeNull();
    // A second request is served from that copy, not resized again: with the copy swapped for
    // other bytes, those bytes come back.
    const kept = jpeg.encode({ width: 4, height: 4, data: Buffer.alloc(4 * 4 * 4, 200) }, 90).data;
    await server.storage().put(smallKey, Readable.from([kept]), { contentType: "image/jpeg" });
    const again = await fetchImage(sized(coverUrl, 100));
    expect(again.status).toBe(200);
    expect(again.body.equals(kept)).toBe(true);
    // The avatar below is the same image: it is made afresh once the swapped copy is gone.
    await server.storage().delete(smallKey);
    // Within 1024 already: the stored image itself.
    const whole = await fetchImage(coverUrl);
    expect((await fetchImage(sized(coverUrl, 1024))).body.equals(whole.body)).toBe(true);

    const profile = await person.client.request<Profile>("PUT", "/api/profiles/me", {
      avatar_image_s3_id: image_s3_id,
    });
    expect(profile.status).toBe(200);
    const avatar = await fetchImage(sized(profile.body.avatar_image_url as string, 100));
    expect(avatar.status).toBe(200);
    expect([jpeg.decode(avatar.body).width, jpeg.decode(avatar.body).height]).toEqual([100, 67]);

    // Another size is a 400 that says which are served; a private song's cover stays hidden.
    const refused = await fetchImage(sized(coverUrl, 50));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString()).detail).toContain("100, 360, 720, 1024");
    expect((await fetchImage(sized(profile.body.avatar_image_url as string, "big"))).status).toBe(400);
    expect(
      (await person.client.post(`/api/gen/${song.id}/set_visibility/`, { is_public: false })).status,
    ).toBe(200);
    expect((await fetchImage(sized(coverUrl, 100), stranger.token)).status).toBe(404);
    expect((await fetchImage(sized(coverUrl, 100))).status).toBe(404);
    expect((await fetchImage(sized(coverUrl, 100), person.token)).status).toBe(200);
  });
});
