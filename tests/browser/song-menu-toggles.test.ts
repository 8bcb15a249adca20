// The song menu in Chromium, the entries no other test chooses: the Allow Comments and Allow
// Remixes toggles with their toasts (and the refusal's words when the call fails, nothing changed),
// Add to Queue for one song and for a selection with the queue's toasts, and the entries that lead
// to other pages (Song Radio; Open in Editor, Crop and Replace Section; Add Vocal, Add Instrumental
// and Adjust Speed on /create), Show in Hooks Feed with its toasts, Create Variations, Get Full Song
// and Confirm Section, and Restore to Library from a trashed song's own page. Songs are laid out in
// the database.

import { sql } from "kysely";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ClipMetadata } from "../../src/shared/api/clips.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

const row = (page: Page, title: string) => page.locator('[data-testid="clip-row"]', { hasText: title });
const menu = (page: Page) => page.getByTestId("song-menu");
const toasts = (page: Page) => page.getByTestId("toast").allTextContents();
const stored = (id: string) =>
  app().db.selectFrom("clips").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A finished song of the Pro demo user with real audio, so the player can queue it. */
async function song(title: string, isPublic = false) {
  const owner = await accountOf(app().db, PRO_USER);
  return finishedSong(app(), { userId: owner.id, title, isPublic, seconds: 2 });
}

async function openMenu(page: Page, title: string): Promise<void> {
  await row(page, title)
    .getByRole("button", { name: `More actions: ${title}` })
    .click();
}

/** Chooses a toggle (a menuitemcheckbox), answering whether it was checked when chosen. */
async function chooseToggle(page: Page, title: string, entry: string): Promise<boolean> {
  await openMenu(page, title);
  const item = menu(page).getByRole("menuitemcheckbox", { name: entry, exact: true });
  const checked = (await item.getAttribute("aria-checked")) === "true";
  await item.click();
  return checked;
}

/** Signs the owner in afresh on the library (the tests share one page), once `title` is listed. */
async function openLibrary(title: string): Promise<void> {
  await app().signOut();
  await app().signIn(PRO_USER, "/me");
  await expect.poll(() => row(app().page, title).count()).toBe(1);
}

/** Chooses a toggle that was `wasOn`, and waits for its toast. */
async function flip(page: Page, title: string, entry: string, wasOn: boolean, toast: string): Promise<void> {
  expect(await chooseToggle(page, title, entry)).toBe(wasOn);
  await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining(toast));
}

describe("the song menu's toggles, queue and page entries", () => {
  it("turns comments and remixes off and on with their toasts, and says so when a call fails", async () => {
    const { page } = app();
    const made = await song("Switchback", true);
    await openLibrary("Switchback");

    await flip(page, "Switchback", "Allow Comments", true, "Comments have been disabled.");
    expect((await stored(made.id)).allow_comments).toBe(false);
    // The menu reads the changed song: the toggle now shows off, and turns comments back on.
    await flip(page, "Switchback", "Allow Comments", false, "Comments have been enabled.");
    expect((await stored(made.id)).allow_comments).toBe(true);

    await flip(page, "Switchback", "Allow Remixes", true, "Remixes have been disabled.");
    expect((await stored(made.id)).metadata).toMatchObject({ can_remix: false });

    // A refused call: the spec's words, the song unchanged, the toggle as it was.
    await page.route("**/toggle_remixes/**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"detail":"down"}' }),
    );
    try {
      expect(await chooseToggle(page, "Switchback", "Allow Remixes")).toBe(false);
      await expect
        .poll(() => toasts(page))
        .toContainEqual(expect.stringContaining("Failed to update remix permissions."));
      expect((await stored(made.id)).metadata).toMatchObject({ can_remix: false });
      await openMenu(page, "Switchback");
      expect(
        await menu(page)
          .getByRole("menuitemcheckbox", { name: "Allow Remixes", exact: true })
          .getAttribute("aria-checked"),
      ).toBe("false");
      await page.keyboard.press("Escape");
    } finally {
      await page.unroute("**/toggle_remixes/**");
    }
    await flip(page, "Switchback", "Allow Remixes", false, "Remixes have been enabled.");
    expect((await stored(made.id)).metadata).toMatchObject({ can_remix: true });
  });

  it("adds one song, then a selection of two, to the queue with the queue's toasts", async () => {
    const { page } = app();
    await song("Queue Alpha");
    await song("Queue Beta");
    await song("Queue Gamma");
    await openLibrary("Queue Gamma");

    await openMenu(page, "Queue Alpha");
    await menu(page).getByRole("menuitem", { name: "Add to Queue", exact: true }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Added to song queue"));

    await row(page, "Queue Beta").click();
    await row(page, "Queue Gamma").click({ modifiers: ["Control"] });
    await page.getByRole("button", { name: "More actions: 2 songs" }).click();
    await menu(page).getByRole("menuitem", { name: "Add to Queue", exact: true }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Added 2 songs to queue"));
    await page.keyboard.press("Escape");

    // The player's queue holds the three: the first added first, then the selection in the list's
    // order (newest first).
    await page.getByRole("button", { name: "Queue", exact: true }).click();
    const queue = page.getByTestId("queue-panel");
    await expect
      .poll(async () => (await queue.textContent())?.match(/Queue (Alpha|Beta|Gamma)/g))
      .toEqual(["Queue Alpha", "Queue Gamma", "Queue Beta"]);
  });

  it("sends Song Radio, Open in Editor, Crop and Replace Section to their pages", async () => {
    const { page } = app();
    const made = await song("Radio Road", true);
    await openLibrary("Radio Road");

    await openMenu(page, "Radio Road");
    await menu(page).getByRole("menuitem", { name: "Song Radio", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/radio/song/${made.id}`);

    await page.goBack();
    await expect.poll(() => row(page, "Radio Road").count()).toBe(1);
    await openMenu(page, "Radio Road");
    await menu(page).getByRole("menuitem", { name: "Open in Editor", exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/edit/${made.id}`);

    // Crop and Replace Section open the editor on their tool.
    for (const [entry, tool] of [
      ["Crop", "crop"],
      ["Replace Section", "replace"],
    ] as const) {
      await page.goBack();
      await expect.poll(() => row(page, "Radio Road").count()).toBe(1);
      await openMenu(page, "Radio Road");
      await menu(page).getByRole("menuitem", { name: entry, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/edit/${made.id}`);
      expect(new URL(page.url()).searchParams.get("tool")).toBe(tool);
    }
  });

  it("takes a song to /create for Add Vocal, Add Instrumental and Adjust Speed", async () => {
    const { page } = app();
    const made = await song("Bare Bones");
    await openLibrary("Bare Bones");
    // The create form takes the song from the address and may tidy it at once: record each push.
    await page.evaluate(() => {
      const pushed: string[] = [];
      (window as unknown as { pushed: string[] }).pushed = pushed;
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        pushed.push(String(url));
        push(data, unused, url);
      };
    });
    const pushed = () => page.evaluate(() => (window as unknown as { pushed: string[] }).pushed);

    for (const [entry, type] of [
      ["Add Vocal", "add_vocal"],
      ["Add Instrumental", "add_instrumental"],
      ["Adjust Speed", "speed"],
    ] as const) {
      await openMenu(page, "Bare Bones");
      await menu(page).getByRole("menuitem", { name: entry, exact: true }).click();
      const to = async () =>
        (await pushed())
          .map((url) => new URL(url, page.url()))
          .filter((url) => url.pathname === "/create" && url.searchParams.get("remix_type") === type);
      await expect.poll(async () => (await to()).length).toBe(1);
      expect((await to())[0]?.searchParams.get("remix_clip")).toBe(made.id);
      await page.evaluate(() => history.back());
      await expect.poll(() => row(page, "Bare Bones").count()).toBe(1);
    }
  });

  it("shows a song's video cover in the hooks feed or not, with its toasts", async () => {
    const { page, db } = app();
    const made = await song("Cover Story", true);
    await db
      .updateTable("clips")
      .set({ video_cover_key: `clips/${made.id}/cover.mp4` })
      .where("id", "=", made.id)
      .execute();
    await app().grantFlag(PRO_USER, "web-hooks-2025");
    await openLibrary("Cover Story");

    await flip(page, "Cover Story", "Show in Hooks Feed", true, "Video cover will be hidden in Hooks Feed.");
    expect((await stored(made.id)).metadata).toMatchObject({ opt_out_video_cover_hook: true });
    await flip(page, "Cover Story", "Show in Hooks Feed", false, "Video cover will be shown in Hooks Feed.");
    expect((await stored(made.id)).metadata).toMatchObject({ opt_out_video_cover_hook: false });
  });

  it("creates two variations of the song from the menu, listed at once", async () => {
    const { page, db } = app();
    const made = await song("Theme Seed");
    await app().setCredits(PRO_USER, 200);
    await openLibrary("Theme Seed");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/generate/v2/"));
    await openMenu(page, "Theme Seed");
    await menu(page).getByRole("menuitem", { name: "Create Variations", exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      task: "cover",
      cover_clip_id: made.id,
      tags: "folk",
    });
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Creating variations..."));
    const covers = await db
      .selectFrom("clips")
      .select("id")
      .where(sql<boolean>`metadata->>'cover_clip_id' = ${made.id}`)
      .execute();
    expect(covers).toHaveLength(2);
    // Both new takes are in the list before they finish.
    for (const cover of covers) {
      await expect.poll(() => page.locator(`[data-clip-id="${cover.id}"]`).count()).toBe(1);
    }
  });

  it("joins an extended song into its full song, and confirms a replaced section, from the menu", async () => {
    const { page, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const start = await song("Long Road");
    const part = (title: string, metadata: ClipMetadata) =>
      newClipWithAudio(
        db,
        storage,
        { userId: owner.id, title, status: "complete", metadata: { tags: "folk", duration: 2, ...metadata } },
        { channels: testAudio(2 * 44_100), sampleRate: 44_100 },
      );
    // The extension continues the start at 1 s; the section replaces 0.5..1 s of the start.
    const extended = (
      await part("Long Road Ext", { type: "extend", history: [{ id: start.id, continue_at: 1 }] })
    ).row;
    const section = (
      await part("Long Road Fix", {
        type: "gen",
        task: "infill",
        infill: true,
        history: [{ id: start.id, infill_start_s: 0.5, infill_end_s: 1 }],
      })
    ).row;
    await openLibrary("Long Road Fix");

    for (const [title, entry, body] of [
      ["Long Road Ext", "Get Full Song", { clip_id: extended.id, is_infill: false }],
      ["Long Road Fix", "Confirm Section", { clip_id: section.id, is_infill: true }],
    ] as const) {
      const sent = page.waitForResponse((response) => response.url().endsWith("/api/generate/concat/v2/"));
      await openMenu(page, title);
      await menu(page).getByRole("menuitem", { name: entry, exact: true }).click();
      const response = await sent;
      expect(response.request().postDataJSON()).toEqual(body);
      expect(response.status()).toBe(200);
      const whole = (await response.json()) as { id: string };
      // The new song is listed at once and is made from the chain.
      await expect.poll(() => page.locator(`[data-clip-id="${whole.id}"]`).count()).toBe(1);
      await expect
        .poll(async () => (await stored(whole.id)).status, { timeout: 60_000, interval: 1000 })
        .toBe("complete");
      const history = ((await stored(whole.id)).metadata as ClipMetadata).concat_history ?? [];
      expect(history.map((entry) => entry.id)).toEqual(
        entry === "Get Full Song" ? [start.id, extended.id] : [section.id],
      );
    }
  });

  it("restores a trashed song to the library from its own page", async () => {
    const { page, db } = app();
    const made = await song("Second Chance");
    await db.updateTable("clips").set({ is_trashed: true }).where("id", "=", made.id).execute();
    await app().signOut();
    await app().signIn(PRO_USER, `/song/${made.id}`);
    await page
      .getByRole("button", { name: /^More actions/ })
      .first()
      .click();
    // A trashed song offers its way back and Delete Permanently, nothing else of the owner's.
    expect(await menu(page).getByRole("menuitem", { name: "Move to Trash", exact: true }).count()).toBe(0);
    await menu(page).getByRole("menuitem", { name: "Restore to Library", exact: true }).click();
    await expect
      .poll(() => toasts(page))
      .toContainEqual(expect.stringContaining("has been restored to your library."));
    expect((await stored(made.id)).is_trashed).toBe(false);
  });
});
