// The persona page's songs in Chromium, on the one song list of every page, paged 20 at a time:
// the first page, then "More songs" for the rest (none twice), the button gone at the end. The persona and its songs are laid out in the
// database (singing them is slow on shared cores).

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const SONGS = 25;
const WAIT = { timeout: 60_000, interval: 100 };
const titlesUpTo = (count: number) =>
  Array.from({ length: count }, (_, n) => `Voiced ${String(n).padStart(2, "0")}`);

describe("the persona page's songs", () => {
  it("shows 20 songs, then the rest on More songs", async () => {
    const { page, baseUrl, db, signIn } = app();
    /**
     * Every song of the list in order, none twice: the list draws only the rows in view, so it is
     * scrolled from top to bottom and each row is read once.
     */
    const allTitles = () =>
      page.getByTestId("clip-list").evaluate(async (scroller) => {
        const seen = new Map<string, string>();
        const read = () => {
          for (const row of scroller.querySelectorAll<HTMLElement>("[data-clip-id]")) {
            const title = row.querySelector('[data-testid="clip-title"]')?.textContent ?? "";
            if (!seen.has(row.dataset.clipId ?? "")) seen.set(row.dataset.clipId ?? "", title);
          }
        };
        for (let top = 0; top <= scroller.scrollHeight; top += scroller.clientHeight / 2) {
          scroller.scrollTop = top;
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          read();
        }
        scroller.scrollTop = 0;
        return [...seen.values()];
      });
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
    const list = page.getByRole("list", { name: "Songs made with this persona" });
    const more = page.getByRole("button", { name: "More songs" });
    await expect.poll(() => list.getByTestId("clip-title").first().textContent(), WAIT).toBe("Voiced 00");
    expect(await allTitles()).toEqual(titlesUpTo(20));
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/persona-more-songs.png" });
    await more.click();
    await expect.poll(allTitles, WAIT).toEqual(titlesUpTo(SONGS));
    expect(await more.count()).toBe(0);
  });
});
