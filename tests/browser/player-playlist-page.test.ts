// The playlist page in Chromium: opened with ?new after Create Playlist, the name is ready to type
// over; the shared song list numbers the rows, the owner drags a song into place (or moves it with
// Alt+arrows) and removes one, and both hold after a reload; Play all plays the playlist in the
// global player and counts a play of the playlist.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { tone } from "../audio-files.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 15_000 };
const TITLES = ["List Alpha", "List Beta", "List Gamma"];

const listed = (page: Page) => page.getByTestId("clip-title").allTextContents();
let playlistId = "";

describe("the playlist page", () => {
  beforeAll(async () => {
    const { db, storage, page, baseUrl } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const sound = tone(3, 22050);
    const ids: string[] = [];
    for (const title of TITLES) {
      const { row } = await newClipWithAudio(
        db,
        storage,
        {
          userId: pro.id,
          title,
          status: "complete",
          metadata: { type: "gen", tags: "list test", duration: 3 },
        },
        { ...sound, channels: [...sound.channels] },
      );
      ids.push(row.id);
    }
    await app().signIn(PRO_USER, "/me");
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Untitled" });
    playlistId = ((await created.json()) as PlaylistSummary).id;
    const added = await postJson(page, baseUrl, "/api/playlist/update_clips/", {
      playlist_id: playlistId,
      update_type: "add",
      metadata: { clip_ids: ids },
    });
    expect(added.status()).toBe(200);
  }, 120_000);

  it("names a new playlist at once, reorders and removes for the owner, and plays all", async () => {
    const { page, baseUrl, db } = app();
    await page.goto(`${baseUrl}/playlist/${playlistId}?new`);
    const name = page.getByLabel("Playlist name");
    await expect.poll(() => name.evaluate((field) => field === document.activeElement), WAIT).toBe(true);
    expect(
      await name.evaluate((field: HTMLInputElement) =>
        field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0),
      ),
    ).toBe("Untitled");
    await page.keyboard.type("Road Trip");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.search === "");
    expect(await page.getByTestId("playlist-summary").textContent()).toBe("3 songs · 0:09");
    expect(await listed(page)).toEqual(TITLES);

    // The shared song list: each row numbered, the owner's rows with a drag handle.
    expect(await page.getByTestId("clip-row").locator(".clip-index").allTextContents()).toEqual([
      "1",
      "2",
      "3",
    ]);
    await page.getByTestId("song-handle").nth(2).dragTo(page.getByTestId("clip-row").nth(0));
    await expect.poll(() => listed(page)).toEqual(["List Gamma", "List Alpha", "List Beta"]);
    // The keyboard moves a row too, from its handle.
    await page.getByRole("button", { name: "Move List Gamma (Alt+Up, Alt+Down)" }).press("Alt+ArrowDown");
    await expect.poll(() => listed(page)).toEqual(["List Alpha", "List Gamma", "List Beta"]);
    await page.getByRole("button", { name: "More actions: List Alpha" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Remove from Playlist" }).click();
    await expect.poll(() => listed(page)).toEqual(["List Gamma", "List Beta"]);
    expect(await page.getByTestId("clip-row").locator(".clip-index").allTextContents()).toEqual(["1", "2"]);
    await expect.poll(() => page.getByTestId("playlist-summary").textContent()).toBe("2 songs · 0:06");

    await page.reload();
    await expect.poll(() => listed(page), WAIT).toEqual(["List Gamma", "List Beta"]);
    expect(await page.getByLabel("Playlist name").inputValue()).toBe("Road Trip");

    await page.getByRole("button", { name: "▶ Play all" }).click();
    await expect.poll(() => page.getByTestId("player-title").textContent(), WAIT).toBe("List Gamma");
    const plays = () =>
      db.selectFrom("playlists").select("play_count").where("id", "=", playlistId).executeTakeFirstOrThrow();
    await expect.poll(async () => (await plays()).play_count, WAIT).toBeGreaterThanOrEqual(1);
    await page.getByRole("button", { name: "Queue", exact: true }).click();
    await expect
      .poll(() => page.getByTestId("queue-row").locator(".queue-title").allTextContents())
      .toEqual(["List Gamma", "List Beta"]);
  });
});
