import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { IMAGE_NOT_READABLE } from "../../src/shared/api/images.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { smallPng } from "../security-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { newUpload } from "../upload-client.ts";
import { collaborationCalls } from "../workspace-collaboration-calls.ts";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const IMAGE_PROBLEM = { detail: "The cover image was not found: upload it again" };

describe.each(BACKENDS)("user files and references on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });
  const metadata = (user: typeof alice, clipId: string, body: object) =>
    user.client.post<Clip>(`/api/gen/${clipId}/set_metadata/`, body);
  const postImage = (token: string, body: Uint8Array | string, type: string) =>
    fetch(`${server.url()}/api/uploads/image/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      body: typeof body === "string" ? body : Buffer.from(body),
    });

  it("never keeps or serves an uploaded SVG as an image, however it is labelled", async () => {
    const clip = await newTestClip(db(), {
      userId: alice.id,
      title: "Cover me",
      isPublic: true,
      status: "complete",
    });
    // Through the audio upload form, labelled as an SVG image: stored as bytes, not as an image.
    const form = await newUpload(alice.client, "mp3");
    const data = new FormData();
    for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
    data.append("file", new Blob([SVG], { type: "image/svg+xml" }), "cover.svg");
    expect((await fetch(`${server.url()}${form.url}`, { method: "POST", body: data })).status).toBe(204);
    const key = `uploads/${alice.id}/${form.id}/original.mp3`;
    expect((await server.storage().stat(key))?.contentType).toBe("application/octet-stream");
    expect((await metadata(alice, clip.id, { image_s3_id: key })).body).toEqual(IMAGE_PROBLEM);
    // Through the image upload: refused, whatever type it claims.
    for (const type of ["image/svg+xml", "image/png", "application/octet-stream"]) {
      const refused = await postImage(alice.token, SVG, type);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ detail: IMAGE_NOT_READABLE });
    }
  });

  it("serves a stored file of an unlisted type as bytes, sandboxed and never sniffed", async () => {
    // A file stored by an older version with the type its uploader gave.
    const clip = await newTestClip(db(), {
      userId: alice.id,
      title: "Old",
      isPublic: true,
      status: "complete",
    });
    const imageKey = clipMediaKey(clip.id, "image", "svg");
    await server.storage().put(imageKey, Readable.from([Buffer.from(SVG)]), { contentType: "image/svg+xml" });
    await db().updateTable("clips").set({ image_key: imageKey }).where("id", "=", clip.id).execute();
    const url = (await alice.client.get<Clip>(`/api/clip/${clip.id}`)).body.image_url as string;
    const served = await fetch(`${server.url()}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/octet-stream");
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("re-encodes an uploaded image as a JPEG of at most 1024 px and serves it as one", async () => {
    const response = await postImage(alice.token, smallPng(1500), "image/png");
    expect(response.status).toBe(201);
    const image = (await response.json()) as { image_s3_id: string; width: number; height: number };
    expect([image.width, image.height]).toEqual([1024, 1024]);
    const clip = await newTestClip(db(), {
      userId: alice.id,
      title: "Mine",
      isPublic: true,
      status: "complete",
    });
    const set = await metadata(alice, clip.id, { image_s3_id: image.image_s3_id });
    expect(set.status).toBe(200);
    const served = await fetch(`${server.url()}${set.body.image_url}`);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await postImage(alice.token, "", "image/png")).status).toBe(400);
    expect((await postImage("nobody", smallPng(), "image/png")).status).toBe(401);
  });

  it("refuses another user's private cover, by storage key or by image id", async () => {
    const bobsClip = await newTestClip(db(), { userId: bob.id, title: "Bob's", status: "complete" });
    const bobsKey = clipMediaKey(bobsClip.id, "image", "png");
    await server.storage().put(bobsKey, Readable.from([smallPng()]), { contentType: "image/png" });
    await db().updateTable("clips").set({ image_key: bobsKey }).where("id", "=", bobsClip.id).execute();
    const bobsImage = (await (await postImage(bob.token, smallPng(), "image/png")).json()) as {
      image_s3_id: string;
    };
    const mine = await newTestClip(db(), {
      userId: alice.id,
      title: "Mine",
      isPublic: true,
      status: "complete",
    });
    for (const reference of [
      bobsKey,
      bobsImage.image_s3_id,
      `images/${bob.id}/${bobsImage.image_s3_id}.jpg`,
    ]) {
      const refused = await metadata(alice, mine.id, { image_s3_id: reference });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(IMAGE_PROBLEM);
    }
    const byUrl = await metadata(alice, mine.id, { image_url: `/api/media/clips/${bobsClip.id}/image.png` });
    expect(byUrl.body).toEqual(IMAGE_PROBLEM);
    const video = await metadata(alice, mine.id, { video_cover_upload_id: bobsKey });
    expect(video.body).toEqual({ detail: "The cover video was not found: upload it again" });
    expect((await alice.client.get<Clip>(`/api/clip/${mine.id}`)).body.image_url).toBeNull();
  });

  it("shows a public song's private workspace to its owner only", async () => {
    const workspace = await alice.client.post<{ id: string }>("/api/project", {
      name: "Alice's secret plans",
    });
    const clip = await newTestClip(db(), {
      userId: alice.id,
      title: "Out there",
      isPublic: true,
      status: "complete",
    });
    await db()
      .updateTable("clips")
      .set({ project_id: workspace.body.id })
      .where("id", "=", clip.id)
      .execute();
    const anonymous = server.client();
    const reads = [
      async (client: typeof anonymous) => (await client.get<Clip>(`/api/clip/${clip.id}`)).body,
      async (client: typeof anonymous) =>
        (await client.get<{ clips: Clip[] }>(`/api/clips/get_songs_by_ids?ids=${clip.id}`)).body.clips[0],
      async (client: typeof anonymous) =>
        (await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${clip.id}`)).body.clips[0],
      async (client: typeof anonymous) =>
        (
          await client.post<{ clips: Clip[] }>("/api/feed/v3", {
            filters: { user: { presence: "True", userId: alice.id } },
          })
        ).body.clips.find((found) => found.id === clip.id) as Clip,
    ];
    for (const read of reads) {
      expect((await read(alice.client)).project).toEqual({
        id: workspace.body.id,
        name: "Alice's secret plans",
      });
      expect((await read(bob.client)).project).toBeNull();
      expect((await read(anonymous)).project).toBeNull();
    }
  });

  it("shows a shared workspace to its members, and to no one else", async () => {
    const { sharedWorkspace } = collaborationCalls(server, db);
    const { owner, member, workspace } = await sharedWorkspace();
    const clip = await newTestClip(db(), {
      userId: owner.id,
      title: "Band song",
      isPublic: true,
      status: "complete",
    });
    await db().updateTable("clips").set({ project_id: workspace.id }).where("id", "=", clip.id).execute();
    const project = async (client: typeof bob.client) =>
      (await client.get<Clip>(`/api/clip/${clip.id}`)).body.project;
    expect(await project(owner.client)).toEqual({ id: workspace.id, name: workspace.name });
    expect(await project(member.client)).toEqual({ id: workspace.id, name: workspace.name });
    expect(await project(bob.client)).toBeNull();
    expect(await project(server.client())).toBeNull();
  });
});
