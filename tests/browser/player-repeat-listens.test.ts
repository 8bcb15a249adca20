// Repeat one in Chromium: the player starts the song over at each end by itself, and each full
// repeat is one more listen on the listener's on-repeat count, with nobody pressing anything.

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { playerBar } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("repeat one", () => {
  it("counts a listen for every time the song plays through", async () => {
    const { page, db, storage, baseUrl, signIn } = app();
    const maker = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: maker.id, title: "Round Again", isPublic: true, seconds: 2 },
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

    await signIn(FREE_USER, "/on_repeat");
    await page.goto(`${baseUrl}/song/${song.id}`);
    await page.getByRole("button", { name: "Play Round Again" }).first().click();
    const bar = playerBar(page);
    await bar.getByRole("button", { name: "Repeat: off" }).click();
    await bar.getByRole("button", { name: "Repeat: all" }).click();
    await expect.poll(() => bar.getByRole("button", { name: "Repeat: one" }).count()).toBe(1);

    // The first play, then four repeats the player starts by itself: one listen each.
    await expect.poll(plays, { timeout: 90_000 }).toBeGreaterThanOrEqual(5);
  });
});
