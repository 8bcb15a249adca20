// The playlist page's Regenerate button in Chromium: it asks the server for a new playlist in the
// playlist's styles and says why not when the songs carry none (no generation is started, so the
// shared machine does no rendering for this test).

import { beforeAll, describe, expect, it } from "vitest";
import { NO_STYLES_TO_REGENERATE } from "../../src/shared/api/playlist-regenerate.ts";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { tone } from "../audio-files.ts";
import { newClipWithAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";

const app = openCreateApp();
let playlistId = "";

describe("regenerating a playlist from its page", () => {
  beforeAll(async () => {
    const { db, storage, page, baseUrl } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const sound = tone(2, 22050);
    const { row } = await newClipWithAudio(
      db,
      storage,
      {
        userId: pro.id,
        title: "No Styles Here",
        status: "complete",
        metadata: { type: "gen", tags: "", duration: 2 },
      },
      { ...sound, channels: [...sound.channels] },
    );
    await app().signIn(PRO_USER, "/me");
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Bare Playlist" });
    playlistId = ((await created.json()) as PlaylistSummary).id;
    const added = await postJson(page, baseUrl, "/api/playlist/update_clips/", {
      playlist_id: playlistId,
      update_type: "add",
      metadata: { clip_ids: [row.id] },
    });
    expect(added.status()).toBe(200);
  }, 120_000);

  it("asks the server and shows its answer when the songs carry no styles", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    const regenerate = page.getByRole("button", { name: "Regenerate", exact: true });
    await expect.poll(() => regenerate.isEnabled(), { timeout: 30_000 }).toBe(true);
    const answered = page.waitForResponse((response) =>
      response.url().includes(`/${playlistId}/regenerate/`),
    );
    await regenerate.click();
    expect((await answered).status()).toBe(400);
    await expect.poll(() => page.getByText(NO_STYLES_TO_REGENERATE).count(), { timeout: 15_000 }).toBe(1);
    // Still on the same playlist: nothing new was made.
    expect(new URL(page.url()).pathname).toBe(`/playlist/${playlistId}`);
  });
});
