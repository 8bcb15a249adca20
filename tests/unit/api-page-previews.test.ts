// The server's answers for /@{handle} and /playlist/{id} on both databases: link-preview tags
// (Open Graph and Twitter cards) for a profile and a public playlist, for anyone; the bare page for
// a private or trashed playlist (even to its owner: tags are for what anyone may see) and for a
// handle nobody has, so nothing of them reaches an unfurler.

import { describe, expect, it } from "vitest";
import { clipMediaKey } from "../../src/server/clips/media-urls.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { builtPages, previewOf, SHELL } from "../page-shell.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("profile and playlist previews on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} }, { distDir: builtPages() });

  const VIEWERS = ["owner", "other user", "anonymous"] as const;
  const page = async (viewer: (typeof VIEWERS)[number], path: string) => {
    const token = viewer === "owner" ? alice.token : viewer === "other user" ? bob.token : null;
    const response = await fetch(`${server.url()}${path}`, {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    return { status: response.status, html: await response.text() };
  };

  it("gives a profile its name, handle and bio, escaped, to everyone", async () => {
    await db()
      .updateTable("users")
      .set({ display_name: "Ana <Lopez>", bio: 'Songs of the sea & "shanties"' })
      .where("id", "=", alice.id)
      .execute();
    for (const viewer of VIEWERS) {
      const answer = await page(viewer, `/@${alice.handle}`);
      expect(answer.status).toBe(200);
      expect(previewOf(answer.html)).toMatchObject({
        "og:type": "profile",
        "og:title": `Ana &#60;Lopez&#62; (@${alice.handle})`,
        "og:description": "Songs of the sea &#38; &#34;shanties&#34;",
        "og:url": `${server.url()}/@${alice.handle}`,
        "twitter:card": "summary",
      });
      expect(answer.html).toContain(`<title>Ana &#60;Lopez&#62; (@${alice.handle})</title>`);
    }
    // Without a bio the description says whose songs these are; handles match in any case.
    await db().updateTable("users").set({ bio: "" }).where("id", "=", bob.id).execute();
    const bobs = previewOf((await page("anonymous", `/@${bob.handle.toUpperCase()}`)).html);
    expect(bobs["og:description"]).toBe(`Songs by @${bob.handle}. Listen on Tunesmith`);
  });

  it("answers a handle nobody has with the bare page", async () => {
    const answer = await page("anonymous", "/@nobody_here_at_all");
    expect(answer.html).toBe(SHELL);
  });

  it("gives a public playlist its name, owner and first cover; a private or trashed one nothing", async () => {
    const song = await newTestClip(db(), { userId: alice.id, title: "Cover song", isPublic: true });
    const imageKey = clipMediaKey(song.id, "image", "png");
    await db().updateTable("clips").set({ image_key: imageKey }).where("id", "=", song.id).execute();
    const playlist = (name: string, extra: { is_public?: boolean; is_trashed?: boolean }) =>
      db()
        .insertInto("playlists")
        .values({ user_id: alice.id, name, description: "", ...extra })
        .returning("id")
        .executeTakeFirstOrThrow();
    const shown = await playlist("Sea <Songs>", { is_public: true });
    await db()
      .insertInto("playlist_clips")
      .values({ playlist_id: shown.id, clip_id: song.id, position: 0 })
      .execute();
    for (const viewer of VIEWERS) {
      const tags = previewOf((await page(viewer, `/playlist/${shown.id}`)).html);
      expect(tags).toMatchObject({
        "og:type": "music.playlist",
        "og:title": `Sea &#60;Songs&#62; by @${alice.handle}`,
        "og:description": "A playlist. Listen on Tunesmith",
        "og:url": `${server.url()}/playlist/${shown.id}`,
        "twitter:card": "summary_large_image",
      });
      expect(tags["og:image"]).toMatch(new RegExp(`^${server.url()}/.+${song.id}`));
    }
    const hidden = await playlist("Secret mix", {});
    const trashed = await playlist("Old mix", { is_public: true, is_trashed: true });
    for (const { id } of [hidden, trashed]) {
      for (const viewer of VIEWERS) {
        const answer = await page(viewer, `/playlist/${id}`);
        expect(answer.status).toBe(200);
        expect(answer.html).toBe(SHELL);
      }
    }
  });
});
