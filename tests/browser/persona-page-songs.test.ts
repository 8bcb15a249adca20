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
    const songs = page.getByTestId("persona-song");
    await expect.poll(() => songs.count()).toBe(20);
    expect(await songs.first().textContent()).toContain("Voiced 00");
    const more = page.getByRole("button", { name: "More songs" });
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/persona-more-songs.png" });
    await more.click();
    await expect.poll(() => songs.count()).toBe(SONGS);
    const titles = await songs.locator(".clip-title").allTextContents();
    expect(titles).toEqual(Array.from({ length: SONGS }, (_, n) => `Voiced ${String(n).padStart(2, "0")}`));
    expect(await more.count()).toBe(0);
  });
});
