// The liked list and the playlist trash in Chromium: a song liked through the API is on
// /playlist/liked and Play all plays it; the owner moves a playlist to the trash from its page
// (toast with Undo), restores it with Undo, trashes it again and restores it from the page's notice.

import { describe, expect, it } from "vitest";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { FREE_USER, openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { playerBar } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
const WAIT = { timeout: 30_000 };

describe("the liked list and the playlist trash", () => {
  it("lists liked songs and plays them", async () => {
    const { page, db, storage, baseUrl, signIn } = app();
    const maker = await accountOf(db, PRO_USER);
    const song = await finishedSong(
      { db, storage },
      { userId: maker.id, title: "Liked Tune", isPublic: true, seconds: 3 },
    );
    await finishedSong({ db, storage }, { userId: maker.id, title: "Not Liked", isPublic: true, seconds: 3 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(FREE_USER, "/playlist/liked");
    await expect.poll(() => page.getByTestId("liked-songs-empty").count(), WAIT).toBe(1);

    const liked = await postJson(page, baseUrl, `/api/gen/${song.id}/update_reaction_type/`, {
      reaction: "L",
    });
    expect(liked.status()).toBe(200);
    await page.reload();
    const rows = page.getByTestId("clip-row");
    await expect
      .poll(() => rows.evaluateAll((found) => found.map((row) => row.getAttribute("data-clip-id"))), WAIT)
      .toEqual([song.id]);
    await expect.poll(() => page.getByTestId("playlist-summary").textContent()).toBe("1 song · 0:03");
    await page.screenshot({ path: "/tmp/liked-songs.png" });

    await page.getByRole("button", { name: "▶ Play all" }).click();
    await expect
      .poll(() => playerBar(page).getByTestId("player-title").textContent(), WAIT)
      .toBe("Liked Tune");
  });

  it("trashes a playlist with Undo, and restores it from its page", async () => {
    const { page, baseUrl, db } = app();
    await app().signOut();
    await app().signIn(PRO_USER, "/me");
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Road Trip" });
    const playlistId = ((await created.json()) as PlaylistSummary).id;
    const trashed = async () =>
      (
        await db
          .selectFrom("playlists")
          .select("is_trashed")
          .where("id", "=", playlistId)
          .executeTakeFirstOrThrow()
      ).is_trashed;

    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    await page.getByRole("button", { name: "Move to Trash" }).click();
    await expect.poll(() => page.getByText("Road Trip has been moved to trash.").count(), WAIT).toBe(1);
    await expect.poll(trashed).toBe(true);
    await expect.poll(() => page.getByTestId("playlist-trashed").count()).toBe(1);
    await page.screenshot({ path: "/tmp/playlist-trashed-toast.png" });

    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.getByText("Your action has been undone.").count(), WAIT).toBe(1);
    await expect.poll(trashed).toBe(false);
    await expect.poll(() => page.getByTestId("playlist-trashed").count()).toBe(0);

    await page.getByRole("button", { name: "Move to Trash" }).click();
    await expect.poll(trashed, WAIT).toBe(true);
    // After a reload the owner still opens it, marked as trashed, and restores it there.
    await page.reload();
    await expect.poll(() => page.getByTestId("playlist-trashed").count(), WAIT).toBe(1);
    await page.screenshot({ path: "/tmp/playlist-trashed.png" });
    await page.getByTestId("playlist-trashed").getByRole("button", { name: "Restore" }).click();
    await expect
      .poll(() => page.getByText("Road Trip has been restored to your library.").count(), WAIT)
      .toBe(1);
    await expect.poll(trashed).toBe(false);
    await expect.poll(() => page.getByRole("button", { name: "Move to Trash" }).count()).toBe(1);
  });
});
