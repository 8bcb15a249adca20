// The song menu in Chromium: publish and Song Details from the library, the keyboard, a pin at the
// limit with its confirmation, a report and a like rolled back on the song page, and a free
// user's upsell. Songs are laid out in the database (generating them is slow on shared cores).

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

const userId = async (email: string) =>
  (await app().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

const song = async (email: string, title: string, isPublic = false) =>
  newTestClip(app().db, {
    userId: await userId(email),
    title,
    isPublic,
    metadata: { type: "gen", tags: "folk", prompt: "[Verse]\nLa la", duration: 30 },
  });

const stored = (id: string) =>
  app().db.selectFrom("clips").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const row = (page: Page, title: string) => page.locator('[data-testid="clip-row"]', { hasText: title });
const menu = (page: Page) => page.getByTestId("song-menu");
const toasts = (page: Page) => page.getByTestId("toast").allTextContents();

/** Signs in afresh: the tests share one page. */
async function signIn(email: string, next: string): Promise<void> {
  await app().signOut();
  await app().signIn(email, next);
}

async function choose(page: Page, title: string, entry: string): Promise<void> {
  await row(page, title)
    .getByRole("button", { name: `More actions: ${title}` })
    .click();
  await menu(page).getByRole("menuitem", { name: entry, exact: true }).click();
}

describe("the song menu", () => {
  it("publishes a song and edits its details, with the title limit's message", async () => {
    const { page } = app();
    const made = await song(PRO_USER, "Tide Table");
    await signIn(PRO_USER, "/me");
    await expect.poll(() => row(page, "Tide Table").count()).toBe(1);

    await row(page, "Tide Table").getByRole("button", { name: "More actions: Tide Table" }).click();
    await page.screenshot({ path: "/tmp/song-menu-open.png" });
    await menu(page).getByRole("menuitem", { name: "Publish", exact: true }).click();
    const publish = page.getByTestId("publish-modal");
    await publish.getByRole("button", { name: "Publish", exact: true }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Tide Table is public."));
    expect((await stored(made.id)).is_public).toBe(true);
    await page.screenshot({ path: "/tmp/song-menu-after-publish.png" });
    // The menu now offers the way back.
    await row(page, "Tide Table").getByRole("button", { name: "More actions: Tide Table" }).click();
    expect(await menu(page).getByRole("menuitem", { name: "Unpublish", exact: true }).count()).toBe(1);
    await page.keyboard.press("Escape");

    await choose(page, "Tide Table", "Song Details");
    const details = page.getByTestId("song-details-modal");
    await details.getByLabel(/^Title/).fill("x".repeat(101));
    await details.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => details.getByRole("alert").textContent())
      .toBe("Title too long: titles are at most 100 characters.");
    await page.screenshot({ path: "/tmp/song-menu-details.png" });
    expect((await stored(made.id)).title).toBe("Tide Table");
    await details.getByLabel(/^Title/).fill("Tide Table Two");
    await details.getByLabel("Caption").fill("With @pro_friend on guitar");
    await details.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => details.count()).toBe(0);
    expect(await stored(made.id)).toMatchObject({
      title: "Tide Table Two",
      caption: "With @pro_friend on guitar",
      caption_mentions: ["pro_friend"],
    });
    await expect.poll(() => row(page, "Tide Table Two").count()).toBe(1);
  });

  it("edits a song's lyrics, styles, who may remix it and whether its remixes show", async () => {
    const { page } = app();
    const made = await song(PRO_USER, "Detail Work");
    await signIn(PRO_USER, "/me");
    await choose(page, "Detail Work", "Song Details");
    const details = page.getByTestId("song-details-modal");
    const lyrics = details.getByLabel(/^Lyrics/);
    expect(await lyrics.inputValue()).toBe("[Verse]\nLa la");
    expect(await lyrics.getAttribute("maxlength")).toBe("5000");
    const styles = details.getByLabel(/^Styles/);
    expect(await styles.inputValue()).toBe("folk");
    expect(await styles.getAttribute("maxlength")).toBe("1000");
    await lyrics.fill("[Chorus]\nNew words");
    await styles.fill("folk, harmonica");
    await details.getByLabel("Who may remix it").selectOption("cover");
    await details.getByLabel("Show remixes on the song's page").uncheck();
    await page.screenshot({ path: "/tmp/song-menu-details-more.png" });
    await details.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => details.count()).toBe(0);
    const saved = await stored(made.id);
    expect(saved.display_tags).toBe("folk, harmonica");
    expect(saved.metadata).toMatchObject({
      prompt: "[Chorus]\nNew words",
      tags: "folk",
      remix: "cover",
      show_remix: false,
    });
    // The list shows the new styles, and the modal opens on what was saved.
    await expect.poll(() => row(page, "Detail Work").textContent()).toContain("harmonica");
    await choose(page, "Detail Work", "Song Details");
    expect(await details.getByLabel("Who may remix it").inputValue()).toBe("cover");
    expect(await details.getByLabel("Show remixes on the song's page").isChecked()).toBe(false);
    await details.getByRole("button", { name: "Cancel" }).click();
  });

  it("keeps the settings Use Styles & Lyrics brings along through set_configurations", async () => {
    const { page, db } = app();
    const made = await newTestClip(db, {
      userId: await userId(PRO_USER),
      title: "Odd Meter",
      metadata: { type: "gen", tags: "jazz", duration: 30, configurations: { render_key: "kept" } },
    });
    await signIn(PRO_USER, "/me");
    await choose(page, "Odd Meter", "Song Details");
    const details = page.getByTestId("song-details-modal");
    const weirdness = details.getByRole("slider", { name: /^Weirdness/ });
    expect(await weirdness.inputValue()).toBe("50");
    // A refusal shows the server's words and changes nothing.
    await page.route("**/set_configurations/", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ detail: "configurations are at most 10000 characters of JSON" }),
      }),
    );
    await weirdness.fill("80");
    await details.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => details.getByRole("alert").textContent())
      .toBe("configurations are at most 10000 characters of JSON");
    await page.unroute("**/set_configurations/");
    expect((await stored(made.id)).metadata).toMatchObject({ configurations: { render_key: "kept" } });
    await page.screenshot({ path: "/tmp/song-menu-details-settings.png" });
    await details.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => details.count()).toBe(0);
    expect((await stored(made.id)).metadata).toMatchObject({
      configurations: { render_key: "kept", weirdness_constraint: 0.8, style_weight: 0.5 },
    });
  });

  it("unlocks the owner's preview into the full song from its row", async () => {
    const { page } = app();
    const preview = await newTestClip(app().db, {
      userId: await userId(PRO_USER),
      title: "Only a Taste",
      metadata: { type: "preview", tags: "folk", duration: 30 },
    });
    await signIn(PRO_USER, "/me");
    const unlock = row(page, "Only a Taste").getByRole("button", { name: "Unlock full song" });
    await expect.poll(() => unlock.count()).toBe(1);
    await page.screenshot({ path: "/tmp/song-menu-unlock.png" });
    await unlock.click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Full song unlocked."));
    expect((await stored(preview.id)).metadata).toMatchObject({ type: "gen" });
    await expect.poll(() => unlock.count()).toBe(0);
  });

  it("covers a library song on /create, reached by its address", async () => {
    const { page } = app();
    await song(PRO_USER, "Cover Me");
    await signIn(PRO_USER, "/me");
    await choose(page, "Cover Me", "Cover");
    await page.waitForURL((url) => url.pathname === "/create");
    await expect
      .poll(() => page.getByTestId("condition-cover").textContent(), { timeout: 15_000 })
      .toContain("Cover of Cover Me");
    // The one-shot request left the address, so a reload does not apply it twice.
    await expect.poll(() => new URL(page.url()).searchParams.has("remix_clip")).toBe(false);
  });

  it("works from the keyboard: arrows, Enter, Escape, focus back on the button", async () => {
    const { page } = app();
    await song(PRO_USER, "Keyed Song");
    await signIn(PRO_USER, "/me");
    const button = row(page, "Keyed Song").getByRole("button", { name: "More actions: Keyed Song" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menu(page).count()).toBe(1);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    const first = await focused();
    await page.keyboard.press("ArrowDown");
    const second = await focused();
    expect(second).not.toBe(first);
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe(first);
    await page.keyboard.press("End");
    expect(await focused()).toBe("Orpheus");
    await page.keyboard.press("Home");
    expect(await focused()).toBe(first);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "More actions: Keyed Song",
    );
    // Enter on an entry chooses it.
    await page.keyboard.press("Enter");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Move to Trash");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => toasts(page))
      .toContainEqual(expect.stringContaining("Keyed Song has been moved to trash."));
  });

  it("keeps 10 px from the window's edge and closes after the pointer leaves", async () => {
    const { page } = app();
    await song(PRO_USER, "Edge Song");
    await signIn(PRO_USER, "/me");
    await page.setViewportSize({ width: 420, height: 700 });
    await row(page, "Edge Song").getByRole("button", { name: "More actions: Edge Song" }).click();
    const box = await menu(page).boundingBox();
    expect(box).not.toBeNull();
    if (box === null) return;
    expect(box.x).toBeGreaterThanOrEqual(10);
    expect(box.x + box.width).toBeLessThanOrEqual(420 - 10);
    await page.mouse.move(box.x + 20, box.y + 20);
    await page.mouse.move(5, 5);
    await expect.poll(() => menu(page).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("pins a private song at the limit after the confirmation, replacing the oldest", async () => {
    const { page, db } = app();
    const owner = await userId(PRO_USER);
    const pinned = [];
    for (let n = 0; n < 5; n++) {
      const made = await song(PRO_USER, `Pinned ${n}`, true);
      await db
        .updateTable("clips")
        .set({ is_pinned: true, pinned_at: new Date(Date.UTC(2026, 0, 1, 0, n)) })
        .where("id", "=", made.id)
        .execute();
      pinned.push(made.id);
    }
    const sixth = await song(PRO_USER, "Sixth Pin");
    await signIn(PRO_USER, "/me");
    await row(page, "Sixth Pin").getByRole("button", { name: "More actions: Sixth Pin" }).click();
    await page.screenshot({ path: "/tmp/song-menu-long.png" });
    const pinEntry = menu(page).getByRole("menuitemcheckbox", { name: "Pin to Profile", exact: true });
    expect(await pinEntry.getAttribute("aria-checked")).toBe("false");
    await pinEntry.click();
    const confirm = page.getByTestId("menu-confirm");
    await expect.poll(() => confirm.getByRole("heading").textContent()).toBe("Pin limit reached!");
    expect(await confirm.textContent()).toContain(
      "You can only pin up to 5 songs to your Profile. Pinning this song will replace your oldest pinned song and make this song Public",
    );
    await page.screenshot({ path: "/tmp/song-menu-pin.png" });
    await confirm.getByRole("button", { name: "Continue" }).click();
    await expect
      .poll(() => toasts(page))
      .toContainEqual(expect.stringContaining("This song has been pinned to Profile."));
    expect(await stored(sixth.id)).toMatchObject({ is_pinned: true, is_public: true });
    expect((await stored(pinned[0] ?? "")).is_pinned).toBe(false);
    const count = await db
      .selectFrom("clips")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", owner)
      .where("is_pinned", "=", true)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it("reports another user's song from its page", async () => {
    const { page, db } = app();
    const made = await song(PRO_USER, "Loud Song", true);
    await signIn(FREE_USER, `/song/${made.id}`);
    await page.getByRole("button", { name: "More actions: Loud Song" }).click();
    await menu(page).getByRole("menuitem", { name: "Report", exact: true }).click();
    const report = page.getByTestId("report-modal");
    await report.getByLabel("Bug").check();
    await report.getByLabel(/Details/).fill("It skips at 0:10");
    await page.screenshot({ path: "/tmp/song-menu-report.png" });
    await report.getByRole("button", { name: "Report", exact: true }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Song flagged."));
    const flags = await db.selectFrom("clip_flags").selectAll().where("clip_id", "=", made.id).execute();
    expect(flags).toMatchObject([{ reason: "flag_bug", details: "It skips at 0:10" }]);
    // The reason joins the reporter's own reaction to the song, and the page shows the dislike.
    const reactions = await db
      .selectFrom("clip_reactions")
      .selectAll()
      .where("clip_id", "=", made.id)
      .execute();
    expect(reactions).toMatchObject([
      { user_id: await userId(FREE_USER), reaction_type: "D", feedback_reason: "bug" },
    ]);
    await expect.poll(() => page.getByRole("button", { name: "Remove dislike" }).count()).toBeGreaterThan(0);
  });

  it("says so when the report cannot be sent, and flags nothing", async () => {
    const { page, db } = app();
    const made = await song(PRO_USER, "Quiet Song", true);
    await signIn(FREE_USER, `/song/${made.id}`);
    await page.route("**/update_flag_state/", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByRole("button", { name: "More actions: Quiet Song" }).click();
    await menu(page).getByRole("menuitem", { name: "Report", exact: true }).click();
    const report = page.getByTestId("report-modal");
    await report.getByRole("button", { name: "Report", exact: true }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Error flagging song."));
    await page.unroute("**/update_flag_state/");
    expect(await report.count()).toBe(1);
    const reactions = await db
      .selectFrom("clip_reactions")
      .selectAll()
      .where("clip_id", "=", made.id)
      .execute();
    expect(reactions).toEqual([]);
    await report.getByRole("button", { name: "Cancel" }).click();
  });

  it("shows a like at once and takes it back when the call fails", async () => {
    const { page } = app();
    const made = await song(PRO_USER, "Fragile Like", true);
    await signIn(FREE_USER, `/song/${made.id}`);
    const likes = page.getByTestId("song-likes");
    await expect.poll(() => likes.textContent()).toBe("0");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/update_reaction_type/", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"detail":"Internal server error"}',
      });
    });
    await page.getByRole("button", { name: "Like", exact: true }).click();
    // Shown before the server answers...
    await expect.poll(() => likes.textContent()).toBe("1");
    expect(await page.getByRole("button", { name: "Unlike" }).getAttribute("aria-pressed")).toBe("true");
    release();
    // ...and rolled back when it refuses.
    await expect.poll(() => likes.textContent()).toBe("0");
    await expect
      .poll(() => toasts(page))
      .toContainEqual(expect.stringContaining("Error updating song preferences"));
    expect((await stored(made.id)).upvote_count).toBe(0);
    await page.unroute("**/update_reaction_type/");
    await page.getByRole("button", { name: "Like", exact: true }).click();
    await expect.poll(async () => (await stored(made.id)).upvote_count).toBe(1);
    expect(await likes.textContent()).toBe("1");
  });

  it("opens an upsell for a free user's paid entries", async () => {
    const { page } = app();
    await song(FREE_USER, "Free Song");
    await signIn(FREE_USER, "/me");
    await choose(page, "Free Song", "WAV Audio");
    const upsell = page.getByTestId("menu-upsell");
    await expect
      .poll(() => upsell.getByRole("heading").textContent())
      .toBe("WAV downloads are for Pro and Premier");
    await page.screenshot({ path: "/tmp/song-menu-upsell.png" });
    await upsell.getByRole("button", { name: "Got it" }).click();
    await expect.poll(() => upsell.count()).toBe(0);
    // Move to Workspace needs no plan: it is there for a free user's own song, and enabled.
    await row(page, "Free Song").getByRole("button", { name: "More actions: Free Song" }).click();
    const move = menu(page).getByRole("menuitem", { name: "Move to Workspace" });
    expect(await move.getAttribute("title")).toBeNull();
    expect(await move.getAttribute("aria-disabled")).not.toBe("true");
  });
});
