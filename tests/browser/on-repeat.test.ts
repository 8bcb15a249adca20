// The on-repeat list in Chromium: a song the listener plays again and again (started over from
// the player bar) joins /on_repeat; Not Interested takes it off the list at once and for good.

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("the on-repeat list", () => {
  it("lists a song played several times, and Not Interested removes it", async () => {
    const { page, db, storage, baseUrl, signIn } = app();
    const maker = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: maker.id, title: "Loop Me", isPublic: true, seconds: 3 },
    );
    const plays = async () =>
      Number(
        (
          await db
            .selectFrom("listener_plays")
            .select(sql<string>`coalesce(sum(plays), 0)`.as("plays"))
            .where("user_id", "=", listener.id)
            .where("clip_id", "=", song.id)
            .executeTakeFirstOrThrow()
        ).plays,
      );

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(FREE_USER, "/on_repeat");
    await expect.poll(() => page.getByTestId("on-repeat-empty").count(), { timeout: 30_000 }).toBe(1);
    // Nothing to regenerate from yet.
    const regenerate = page.getByRole("button", { name: "Regenerate" });
    expect(await regenerate.isDisabled()).toBe(true);
    await page.screenshot({ path: "/tmp/on-repeat-empty.png" });

    // Played on its page three times (Previous starts it over): each start heard for long enough
    // counts a listen.
    await page.goto(`${baseUrl}/song/${song.id}`);
    await page.getByRole("button", { name: "Play Loop Me" }).first().click();
    const bar = page.getByTestId("player-bar");
    for (let listens = 1; listens <= 3; listens++) {
      await expect.poll(plays, { timeout: 60_000 }).toBe(listens);
      if (listens < 3) await bar.getByRole("button", { name: "Previous", exact: true }).click();
    }

    await page.goto(`${baseUrl}/on_repeat`);
    const rows = page.getByTestId("clip-row");
    await expect
      .poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute("data-clip-id"))), {
        timeout: 30_000,
      })
      .toEqual([song.id]);
    await expect.poll(() => page.getByTestId("playlist-summary").textContent()).toBe("1 song · 0:03");
    expect(await regenerate.isEnabled()).toBe(true);
    await page.screenshot({ path: "/tmp/on-repeat-list.png" });

    await page.getByRole("button", { name: "More actions: Loop Me" }).click();
    await page.getByRole("menuitem", { name: "Not Interested" }).click();
    await expect.poll(() => rows.count()).toBe(0);
    await expect
      .poll(() => page.getByText("Loop Me will be hidden in future recommendations").count())
      .toBe(1);
    await page.screenshot({ path: "/tmp/on-repeat-not-interested.png" });
    await expect
      .poll(() =>
        db.selectFrom("clip_not_interested").select("clip_id").where("user_id", "=", listener.id).execute(),
      )
      .toEqual([{ clip_id: song.id }]);

    await page.reload();
    await expect.poll(() => page.getByTestId("on-repeat-empty").count(), { timeout: 30_000 }).toBe(1);
    expect(await rows.count()).toBe(0);
  });
});
