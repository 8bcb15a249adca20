// The server's answer for /song/{id}: the app's page with Open Graph and Twitter card tags for a
// song anyone may see, the bare page for the owner's private or trashed song, and a 404 (with
// nothing of the song) for anyone else, like the clip API's 404.

import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import { newClipWithAudio, newTestClip, startApiServerWithUsers, testAudio } from "../clip-fixtures.ts";
import { builtPages, previewOf, SHELL } from "../page-shell.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the song page's answer on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} }, { distDir: builtPages() });

  type Viewer = "owner" | "other user" | "anonymous";
  const tokenOf = (viewer: Viewer) =>
    viewer === "owner" ? alice.token : viewer === "other user" ? bob.token : null;
  const page = async (viewer: Viewer, path: string) => {
    const token = tokenOf(viewer);
    const response = await fetch(`${server.url()}${path}`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      html: await response.text(),
    };
  };

  const publicSong = async (title: string) => {
    const { row } = await newClipWithAudio(
      db(),
      server.storage(),
      {
        userId: alice.id,
        title,
        isPublic: true,
        metadata: { type: "gen", tags: "folk, warm", duration: 0.1 },
      },
      { channels: testAudio(4410), sampleRate: 44_100 },
    );
    const imageKey = clipMediaKey(row.id, "image", "png");
    await server.storage().put(imageKey, Readable.from([Buffer.from("not really a png")]), {
      contentType: "image/png",
    });
    await db().updateTable("clips").set({ image_key: imageKey }).where("id", "=", row.id).execute();
    return row;
  };

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "gives a public song's page its preview tags, to the %s",
    async (viewer) => {
      const song = await publicSong("Morning Light");
      const answer = await page(viewer, `/song/${song.id}?t=12`);
      expect(answer.status).toBe(200);
      expect(answer.type).toContain("text/html");
      expect(answer.html).toContain('<div id="root"></div>');
      expect(answer.html).toContain(`<title>Morning Light by @${alice.handle}</title>`);
      expect(answer.html).not.toContain("<title>Tunesmith</title>");
      const tags = previewOf(answer.html);
      const origin = server.url();
      expect(tags).toMatchObject({
        "og:type": "music.song",
        "og:title": `Morning Light by @${alice.handle}`,
        "og:description": "folk, warm. Listen on Tunesmith",
        "og:url": `${origin}/song/${song.id}`,
        "twitter:card": "summary_large_image",
        "twitter:title": `Morning Light by @${alice.handle}`,
      });
      expect(tags["og:image"]).toMatch(new RegExp(`^${origin}/api/media/clips/${song.id}/image\\.png\\?v=`));
      expect(tags["twitter:image"]).toBe(tags["og:image"]);
      expect(tags["og:audio"]).toMatch(new RegExp(`^${origin}/api/media/clips/${song.id}/audio\\.wav\\?v=`));
      // The addresses are real: an unfurler, signed out, fetches them.
      for (const url of [tags["og:image"], tags["og:audio"]]) expect((await fetch(url)).status).toBe(200);
    },
  );

  it("escapes a title's HTML in the tags, and leaves out an image the song does not have", async () => {
    const song = await newTestClip(db(), {
      userId: alice.id,
      title: `Quote " & <script>`,
      isPublic: true,
      metadata: { type: "gen" },
    });
    const answer = await page("anonymous", `/song/${song.id}`);
    expect(answer.status).toBe(200);
    expect(answer.html).not.toContain("<script>");
    const tags = previewOf(answer.html);
    expect(tags["og:title"]).toBe(`Quote &#34; &#38; &#60;script&#62; by @${alice.handle}`);
    expect(tags["og:description"]).toBe("Listen on Tunesmith");
    expect(tags["twitter:card"]).toBe("summary");
    expect(tags["og:image"]).toBeUndefined();
    expect(tags["og:audio"]).toBeUndefined();
  });

  describe.each([
    ["private", { isPublic: false, trashed: false }],
    ["trashed", { isPublic: true, trashed: true }],
  ] as const)("a %s song", (_kind, { isPublic, trashed }) => {
    const hiddenSong = async () => {
      const song = await newTestClip(db(), { userId: alice.id, title: "Secret Harbour", isPublic });
      if (trashed)
        await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", song.id).execute();
      return song;
    };

    it("is its owner's page, without preview tags", async () => {
      const song = await hiddenSong();
      const answer = await page("owner", `/song/${song.id}`);
      expect(answer.status).toBe(200);
      expect(answer.html).toBe(SHELL);
    });

    it.each<Viewer>(["other user", "anonymous"])(
      "is not found for the %s, page and API alike",
      async (viewer) => {
        const song = await hiddenSong();
        const answer = await page(viewer, `/song/${song.id}`);
        expect(answer.status).toBe(404);
        expect(answer.type).toContain("text/html");
        expect(answer.html).toBe(SHELL);
        const api = await page(viewer, `/api/clip/${song.id}`);
        expect(api.status).toBe(404);
        expect(JSON.parse(api.html)).toEqual({ detail: "Clip not found" });
      },
    );
  });

  it.each<Viewer>(["owner", "other user", "anonymous"])(
    "answers a missing song with 404 to the %s",
    async (viewer) => {
      const answer = await page(viewer, `/song/${crypto.randomUUID()}`);
      expect(answer.status).toBe(404);
      expect(answer.html).toBe(SHELL);
    },
  );
});
