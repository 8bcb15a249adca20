// The persona page's songs in Chromium, paged 20 at a time: the first page, then "More songs" for
// the rest (none twice), the button gone at the end. The persona and its songs are laid out in the
// database (singing them is slow on shared cores).

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const SONGS = 25;

describe("the persona page's songs", () => {
  it("shows 20 songs, then the rest on More songs", async () => {
    const { page, baseUrl, db, signIn } = app();
    const owner = await accountOf(db, PRO_USER);
    const root = await newTestClip(db, {
      userId: owner.id,
      title: "Root song",
      isPublic: true,
      metadata: { type: "gen", tags: "soul", has_vocal: true, duration: 30 },
    });
    const persona = await db
      .insertInto("personas")
      .values({ user_id: owner.id, root_clip_id: root.id, name: "Paged Voice", is_public: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (let n = 0; n < SONGS; n++) {
      await newTestClip(db, {
        userId: owner.id,
        title: `Voiced ${String(n).padStart(2, "0")}`,
        isPublic: true,
        personaId: persona.id,
        metadata: { type: "gen", tags: "soul", duration: 30 },
        createdAt: new Date(now - n * 60_000),
      });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(FREE_USER, "/home");
    await page.goto(`${baseUrl}/persona/${persona.id}`);
    // The shared song list draws the rows in view; each says where it stands among all shown.
    const songs = page.getByRole("list", { name: "Songs made with this persona" }).getByTestId("clip-row");
    const listed = () => songs.first().getAttribute("aria-setsize");
    await expect.poll(listed).toBe("20");
    expect(await songs.first().textContent()).toContain("Voiced 00");
    const more = page.getByRole("button", { name: "More songs" });
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/persona-more-songs.png" });
    await more.click();
    await expect.poll(listed).toBe(String(SONGS));
    // Scrolled to its end, the list shows the last song, once.
    await page.getByTestId("clip-list").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    const last = songs.filter({ hasText: `Voiced ${SONGS - 1}` });
    await expect.poll(() => last.count()).toBe(1);
    expect(await last.getAttribute("aria-posinset")).toBe(String(SONGS));
    const titles = await songs.locator(".clip-title").allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    expect(await more.count()).toBe(0);
  });
});
