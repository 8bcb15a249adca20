// A profile's avatar from a picture: the server decodes what is sent, keeps the square its owner
// framed (or the centred one), stores it as its own JPEG and serves it at the image sizes; a file
// that is not a picture, or a crop outside it, is a 400 with nothing changed. Only the caller's own
// avatar changes; anonymous callers get a 401.

import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import {
  AVATAR_CROP_OUTSIDE,
  AVATAR_CROP_PARTIAL,
  type AvatarUploadResponse,
} from "../../src/shared/api/avatar-crop.ts";
import { IMAGE_NOT_READABLE } from "../../src/shared/api/images.ts";
import type { Profile } from "../../src/shared/api/profiles.ts";
import { startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

/** 300x200: red in x 0-99, green in 100-199, blue in 200-299. */
const STRIPES = (() => {
  const width = 300;
  const height = 200;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at + Math.floor(x / 100)] = 255;
      data[at + 3] = 255;
    }
  }
  return Buffer.from(encodePng({ width, height, data, channels: 4 }));
})();

/** The colour (r, g, b) at a point of a JPEG, each rounded to 0 or 255. */
const colourAt = (bytes: Uint8Array, x: number, y: number) => {
  const image = jpeg.decode(bytes, { useTArray: true });
  const at = (y * image.width + x) * 4;
  return [...image.data.subarray(at, at + 3)].map((value) => (value > 127 ? 255 : 0));
};

describe.each(BACKENDS)("profile avatars on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const send = (token: string | null, body: Uint8Array, query = "", type = "image/png") =>
    fetch(`${server.url()}/api/profiles/avatar/${query}`, {
      method: "POST",
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": type },
      body: Buffer.from(body),
    });
  const avatarKeyOf = async (userId: string) =>
    (await db().selectFrom("users").select("avatar_key").where("id", "=", userId).executeTakeFirstOrThrow())
      .avatar_key;
  const fetchBytes = async (url: string) => {
    const answer = await fetch(`${server.url()}${url}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    return new Uint8Array(await answer.arrayBuffer());
  };

  it("keeps the square the owner framed, served at the image sizes, and only the owner's", async () => {
    const bobBefore = await avatarKeyOf(bob.id);
    const framed = await send(alice.token, STRIPES, "?x=200&y=50&size=100");
    expect(framed.status).toBe(200);
    const body = (await framed.json()) as AvatarUploadResponse;
    expect(body).toMatchObject({ width: 100, height: 100 });
    const stored = await fetchBytes(body.avatar_image_url);
    expect(jpeg.decode(stored).width).toBe(100);
    // All blue: the right-hand stripe, nothing of the others.
    for (const [x, y] of [
      [2, 2],
      [50, 50],
      [97, 97],
    ] as const)
      expect(colourAt(stored, x, y)).toEqual([0, 0, 255]);
    // The profile shows it, to anyone.
    const profile = await server.client().request<Profile>("GET", `/api/profiles/${alice.handle}`);
    expect(profile.body.avatar_image_url).toBe(body.avatar_image_url);
    // Served at a size: 100 px is the square as stored.
    const small = await fetchBytes(`${body.avatar_image_url}&size=100`);
    expect(jpeg.decode(small)).toMatchObject({ width: 100, height: 100 });
    // Another user's avatar is untouched.
    expect(await avatarKeyOf(bob.id)).toBe(bobBefore);
  });

  it("takes the centred square when no crop is given", async () => {
    const answer = await send(bob.token, STRIPES);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as AvatarUploadResponse;
    expect(body).toMatchObject({ width: 200, height: 200 });
    const stored = await fetchBytes(body.avatar_image_url);
    // x 50-249 of the picture: red, then green, then blue.
    expect(colourAt(stored, 10, 100)).toEqual([255, 0, 0]);
    expect(colourAt(stored, 100, 100)).toEqual([0, 255, 0]);
    expect(colourAt(stored, 190, 100)).toEqual([0, 0, 255]);
    // The other user's avatar is not bob's.
    expect(await avatarKeyOf(alice.id)).not.toBe(await avatarKeyOf(bob.id));
  });

  it("refuses anonymous callers, files that are not pictures and crops outside the picture", async () => {
    const before = await avatarKeyOf(alice.id);
    const anonymous = await send(null, STRIPES);
    expect(anonymous.status).toBe(401);
    for (const [bytes, query, type, detail] of [
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "", "image/png", IMAGE_NOT_READABLE],
      [Buffer.from("GIF89a not really"), "", "image/gif", IMAGE_NOT_READABLE],
      [STRIPES.subarray(0, 60), "", "image/png", IMAGE_NOT_READABLE],
      [STRIPES, "?x=250&y=0&size=100", "image/png", AVATAR_CROP_OUTSIDE],
      [STRIPES, "?x=0&y=0&size=201", "image/png", AVATAR_CROP_OUTSIDE],
      [STRIPES, "?x=10&y=10", "image/png", AVATAR_CROP_PARTIAL],
      [STRIPES, "?x=-1&y=0&size=10", "image/png", "not negative"],
      [new Uint8Array(0), "", "image/png", "Send the image's bytes"],
    ] as const) {
      const answer = await send(alice.token, bytes, query, type);
      expect(answer.status, `${query} ${type}`).toBe(400);
      expect(((await answer.json()) as { detail: string }).detail).toContain(detail);
    }
    expect(await avatarKeyOf(alice.id)).toBe(before);
  });
});
