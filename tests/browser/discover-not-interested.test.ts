// Not Interested on /home's recommendations in Chromium: the song leaves the section at once, the
// server remembers it across a reload, and Undo brings a song back.

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();

describe("Not Interested on the home page", () => {
  it("hides a recommended song at once and for good, and Undo brings one back", async () => {
    const { page, db, signIn } = app();
    const maker = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const song = (title: string) =>
      newTestClip(db, {
        userId: maker.id,
        isPublic: true,
        title,
        metadata: { type: "gen", tags: "jazz", duration: 30 },
      });
    // The listener liked a jazz song: jazz is their taste, and new jazz is recommended to them.
    const liked = await song("Jazz they liked");
    await db
      .insertInto("clip_reactions")
      .values({ user_id: listener.id, clip_id: liked.id, reaction_type: "L" })
      .execute();
    const unwanted = await song("Jazz not for me");
    await song("Jazz for later");
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(FREE_USER, "/home");
    const forYou = page.locator('[data-testid="discover-section"][data-section="new_songs_for_you"]');
    const titles = () => forYou.getByTestId("discover-song").allTextContents();
    await expect
      .poll(titles, { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["Jazz not for me", "Jazz for later"]));

    await forYou.getByRole("button", { name: "More actions: Jazz not for me" }).click();
    await page.screenshot({ path: "/tmp/discover-song-menu.png" });
    await page.getByRole("menuitem", { name: "Not Interested" }).click();
    await expect.poll(titles).not.toContain("Jazz not for me");
    await expect
      .poll(() => page.getByText("Jazz not for me will be hidden in future recommendations").count())
      .toBe(1);
    await page.screenshot({ path: "/tmp/discover-not-interested.png" });
    await expect
      .poll(() =>
        db.selectFrom("clip_not_interested").select("clip_id").where("user_id", "=", listener.id).execute(),
      )
      .toEqual([{ clip_id: unwanted.id }]);

    await page.reload();
    await expect.poll(titles, { timeout: 30_000 }).toContain("Jazz for later");
    expect(await titles()).not.toContain("Jazz not for me");

    // Undo: the song is back in the section and in the server's lists.
    await forYou.getByRole("button", { name: "More actions: Jazz for later" }).click();
    await page.getByRole("menuitem", { name: "Not Interested" }).click();
    await expect.poll(titles).not.toContain("Jazz for later");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(titles).toContain("Jazz for later");
    await expect
      .poll(() => page.getByText("Jazz for later will be shown in future recommendations").count())
      .toBe(1);
    await expect
      .poll(() =>
        db.selectFrom("clip_not_interested").select("clip_id").where("user_id", "=", listener.id).execute(),
      )
      .toEqual([{ clip_id: unwanted.id }]);
  });
});
