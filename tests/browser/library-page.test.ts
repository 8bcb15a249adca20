// /me in Chromium on a library of a few hundred songs laid out directly in the database: filters,
// search and sort held in the address, page mode, the trash with Undo, and songs being made
// appearing live only where they match the filters.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createClip } from "../../src/server/clips/clip-store.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";

const app = openCreateApp();
/** Polls wait this long: the machine is shared, and a page may take a while to answer. */
const WAIT = { timeout: 15_000 };
const SONGS = 300;
/** Songs 1..300, one minute apart; every 50th is about a harbour, every 3rd is public. */
const titleOf = (n: number) => `Track ${String(n).padStart(3, "0")}`;
const isHarbour = (n: number) => n % 50 === 0;
const isPublic = (n: number) => n % 3 === 0;

const rowTitles = (page: Page) => page.getByTestId("clip-title").allTextContents();
const firstTitle = async (page: Page) => (await rowTitles(page))[0];

describe("the library page", () => {
  beforeAll(async () => {
    const { db } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    for (let n = 1; n <= SONGS; n++) {
      await createClip(db, {
        userId: pro.id,
        title: titleOf(n),
        isPublic: isPublic(n),
        metadata: { type: "gen", tags: isHarbour(n) ? "harbour folk" : "synth pop", duration: 60 + n },
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, n)),
      });
    }
    await app().signIn(PRO_USER, "/me");
  }, 120_000);

  it("has the header on every page: Create, Library, Studio, the handle, plan and credits", async () => {
    const { page, baseUrl } = app();
    for (const path of ["/", "/create", "/me", "/no-such-page"]) {
      await page.goto(`${baseUrl}${path}`);
      const header = page.getByTestId("page-header");
      await expect
        .poll(() => header.getByTestId("account-credits").textContent(), WAIT)
        .toMatch(/^\d+ credits$/);
      for (const name of ["Create", "Library", "Studio"])
        expect(await header.getByRole("link", { name }).count()).toBe(1);
      expect(await header.getByTestId("account-menu").textContent()).toContain("@demo_pro");
      expect(await header.getByTestId("account-menu").textContent()).toContain("pro");
    }
    await page.getByTestId("page-header").getByRole("link", { name: "Library" }).click();
    await page.waitForURL((url) => url.pathname === "/me");
  });

  it("filters, searches and sorts, and the address keeps them across a reload", async () => {
    const { page, baseUrl } = app();
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));
    expect(
      await page
        .getByTestId("page-header")
        .getByRole("link", { name: "Library" })
        .getAttribute("aria-current"),
    ).toBe("page");

    await page.getByLabel("Sort").selectOption("oldest");
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(1));
    expect(new URL(page.url()).searchParams.get("sort")).toBe("oldest");

    await page.getByLabel("Public").selectOption("True");
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(3));
    expect((await rowTitles(page)).slice(0, 3)).toEqual([titleOf(3), titleOf(6), titleOf(9)]);

    // Typed with spaces, sent trimmed once typing pauses.
    await page.getByLabel("Search your songs").fill("  HARBOUR ");
    await expect.poll(() => rowTitles(page), WAIT).toEqual([titleOf(150), titleOf(300)]);
    const address = new URL(page.url()).searchParams;
    expect([address.get("q"), address.get("public"), address.get("sort")]).toEqual([
      "HARBOUR",
      "yes",
      "oldest",
    ]);

    await page.reload();
    await expect.poll(() => rowTitles(page), WAIT).toEqual([titleOf(150), titleOf(300)]);
    expect(await page.getByLabel("Search your songs").inputValue()).toBe("HARBOUR");
    expect(await page.getByLabel("Public").inputValue()).toBe("True");

    await page.goto(`${baseUrl}/me?public=no&q=harbour`);
    await expect
      .poll(() => rowTitles(page), WAIT)
      .toEqual([titleOf(250), titleOf(200), titleOf(100), titleOf(50)]);

    // A value the page does not know: said so, and the filter keeps its default.
    await page.goto(`${baseUrl}/me?liked=perhaps&q=harbour`);
    await expect.poll(() => page.getByRole("status").first().textContent(), WAIT).toContain("liked");
    await expect.poll(() => rowTitles(page), WAIT).toHaveLength(6);
    await page.getByLabel("Search your songs").fill("no such song anywhere");
    await expect.poll(() => page.getByText("No songs match these filters.").count(), WAIT).toBe(1);
  });

  it("ignores an answer for filters that changed while it loaded", async () => {
    const { page, baseUrl } = app();
    // The server's answer for the first search is held back until the second search has shown.
    let releaseSlow: () => void = () => undefined;
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    await page.route("**/api/feed/v3", async (route) => {
      const body = route.request().postData() ?? "";
      if (body.includes('"searchText":"Track 01"')) await slowHeld;
      await route.continue();
    });
    try {
      await page.goto(`${baseUrl}/me`);
      await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));
      const search = page.getByLabel("Search your songs");
      await search.fill("Track 01");
      await page.waitForRequest((request) => (request.postData() ?? "").includes('"searchText":"Track 01"'));
      await search.fill("Track 02");
      await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(29));
      releaseSlow();
      // The held answer arrives now, for filters no longer shown: the list stays the newer one.
      await page.waitForTimeout(1000);
      expect(await firstTitle(page)).toBe(titleOf(29));
      expect(new URL(page.url()).searchParams.get("q")).toBe("Track 02");
    } finally {
      releaseSlow();
      await page.unroute("**/api/feed/v3");
    }
  });

  it("jumps to a page by number, moves page by page, and page 1 goes back to scrolling", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));
    const jump = async (n: number) => {
      await page.getByLabel("Go to page").fill(String(n));
      await page.getByRole("button", { name: "Go", exact: true }).click();
    };
    await jump(3);
    await expect.poll(() => page.getByTestId("library-page").textContent(), WAIT).toBe("Page 3");
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 40));
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByTestId("library-page").textContent(), WAIT).toBe("Page 4");
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 60));
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 40));
    await jump(99);
    await expect.poll(() => page.getByText("No songs on page 99").count(), WAIT).toBe(1);
    await jump(1);
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));
    expect(await page.getByTestId("library-page").count()).toBe(0);
    // Infinite mode: scrolling to the end brings the next pages, in order; only the rows in view
    // are in the document.
    const list = page.getByTestId("clip-list");
    const oldestShown = async () => {
      await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      const numbers = (await rowTitles(page)).map((title) => Number(title.replace("Track ", "")));
      return Math.min(...numbers);
    };
    await expect.poll(oldestShown, WAIT).toBeLessThanOrEqual(SONGS - 70);
    expect(await page.getByTestId("clip-row").count()).toBeLessThan(40);
    const shown = await rowTitles(page);
    expect(shown).toEqual([...shown].sort().reverse());
  });

  it("moves songs to the trash with Undo, restores them and deletes them permanently", async () => {
    const { page, baseUrl, db } = app();
    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));
    const row = (n: number) => page.locator('[data-testid="clip-row"]', { hasText: titleOf(n) });
    const toasts = () => page.getByTestId("toast").allTextContents();

    await row(SONGS).click();
    await page.getByRole("button", { name: "Move to Trash" }).click();
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining(`${titleOf(SONGS)} has been moved to trash.`));
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 1));
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Your action has been undone."));
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS));

    // A range with Shift: two songs at once.
    await row(SONGS).click();
    await row(SONGS - 1).click({ modifiers: ["Shift"] });
    expect(await page.getByTestId("library-bulk").textContent()).toContain("2 selected");
    await page.getByRole("button", { name: "Move to Trash" }).click();
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining("2 songs have been moved to trash."));
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 2));

    await page.getByRole("link", { name: "Trash", exact: true }).click();
    await expect.poll(() => rowTitles(page), WAIT).toEqual([titleOf(SONGS), titleOf(SONGS - 1)]);
    const chooseInMenu = async (n: number, entry: string) => {
      await row(n)
        .getByRole("button", { name: /^More actions/ })
        .click();
      await page.getByTestId("song-menu").getByRole("menuitem", { name: entry, exact: true }).click();
    };
    await chooseInMenu(SONGS - 1, "Restore from Trash");
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining(`${titleOf(SONGS - 1)} has been restored to your library.`));
    await expect.poll(() => rowTitles(page), WAIT).toEqual([titleOf(SONGS)]);

    await chooseInMenu(SONGS, "Delete Permanently");
    await page.getByRole("dialog").getByRole("button", { name: "Delete Permanently" }).click();
    await expect.poll(() => page.getByText("The trash is empty.").count(), WAIT).toBe(1);
    const left = await db.selectFrom("clips").select("id").where("title", "=", titleOf(SONGS)).execute();
    expect(left).toEqual([]);

    await page.getByRole("link", { name: "Songs", exact: true }).click();
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 1));
  });

  it("makes, fills, renames, archives and restores workspaces, reverting an archive the server refuses", async () => {
    const { page, baseUrl, db } = app();
    await page.goto(`${baseUrl}/me`);
    await expect.poll(() => firstTitle(page), WAIT).toBe(titleOf(SONGS - 1));
    const toasts = () => page.getByTestId("toast").allTextContents();
    const panel = page.getByRole("complementary", { name: "Workspaces" });

    await panel.getByRole("button", { name: "New workspace" }).click();
    await panel.getByLabel("Workspace name").fill("Demos");
    await panel.getByRole("button", { name: "Create", exact: true }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("New workspace created"));
    await expect.poll(() => panel.getByRole("link", { name: "Demos" }).count(), WAIT).toBe(1);

    const row = (n: number) => page.locator('[data-testid="clip-row"]', { hasText: titleOf(n) });
    await row(SONGS - 1).click();
    await row(SONGS - 2).click({ modifiers: ["Control"] });
    await page.getByLabel("Move to workspace").selectOption({ label: "Demos" });
    // Songs in no workspace put into one are added.
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Added 2 clips to workspace"));
    await panel.getByRole("link", { name: "Demos" }).click();
    await expect.poll(() => rowTitles(page), WAIT).toEqual([titleOf(SONGS - 1), titleOf(SONGS - 2)]);
    const wid = new URL(page.url()).searchParams.get("wid");
    expect(wid).not.toBeNull();
    // The workspace chip names it.
    expect(
      await row(SONGS - 1)
        .getByRole("link", { name: "Demos" })
        .count(),
    ).toBe(1);

    // Inside the workspace: pin a song, see it pinned, unpin it.
    const pins = page.getByTestId("workspace-pin");
    await expect.poll(() => page.getByText("No pinned songs.", { exact: false }).count(), WAIT).toBe(1);
    await row(SONGS - 1).click();
    await page.getByRole("button", { name: "Pin in workspace" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Pinned clip to workspace"));
    await expect
      .poll(() => pins.allTextContents(), WAIT)
      .toEqual([expect.stringContaining(titleOf(SONGS - 1))]);
    const pinnedIds = () =>
      db
        .selectFrom("workspace_pins")
        .innerJoin("clips", "clips.id", "workspace_pins.clip_id")
        .select("clips.title")
        .where("workspace_pins.workspace_id", "=", wid as string)
        .execute()
        .then((rows) => rows.map((pin) => pin.title));
    expect(await pinnedIds()).toEqual([titleOf(SONGS - 1)]);
    await page.screenshot({ path: "/tmp/library-workspace-pins.png" });
    await pins.getByRole("button", { name: "Unpin" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Unpinned clip from workspace"));
    await expect.poll(() => pins.count(), WAIT).toBe(0);
    expect(await pinnedIds()).toEqual([]);

    // A pin the server refuses (the song left the workspace in another tab) is put back.
    await db
      .updateTable("clips")
      .set({ project_id: null })
      .where("title", "=", titleOf(SONGS - 2))
      .execute();
    await row(SONGS - 2).click();
    await page.getByRole("button", { name: "Pin in workspace" }).click();
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining("Clip not found in this workspace"));
    await expect.poll(() => pins.count(), WAIT).toBe(0);

    // Taken out of the workspace: it leaves the list, back in the default workspace.
    await row(SONGS - 1).click();
    await page.getByRole("button", { name: "Remove from workspace" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Removed clip from workspace"));
    await expect.poll(() => row(SONGS - 1).count(), WAIT).toBe(0);
    const removed = await db
      .selectFrom("clips")
      .select("project_id")
      .where("title", "=", titleOf(SONGS - 1))
      .executeTakeFirstOrThrow();
    expect(removed.project_id).toBeNull();

    await panel.getByRole("button", { name: "Edit" }).click();
    await panel.getByLabel("New name for Demos").fill("Demo Tapes");
    await panel.getByLabel("Description").fill("Rough takes from the harbour sessions");
    await panel.getByRole("button", { name: "Save" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Workspace name updated"));
    await expect.poll(() => panel.getByRole("link", { name: "Demo Tapes" }).count(), WAIT).toBe(1);
    await expect.poll(() => panel.getByText("Rough takes from the harbour sessions").count(), WAIT).toBe(1);

    // A workspace removed meanwhile (another tab, an administrator): archiving it fails on the
    // server, and it comes back in the list.
    const scratch = await postJson(page, baseUrl, "/api/project", { name: "Scratch" });
    expect(scratch.status()).toBe(200);
    const scratchId = ((await scratch.json()) as { id: string }).id;
    await page.reload();
    const scratchEntry = panel.getByTestId("workspace-entry").filter({ hasText: "Scratch" });
    await expect.poll(() => scratchEntry.count(), WAIT).toBe(1);
    await db.deleteFrom("workspaces").where("id", "=", scratchId).execute();
    await scratchEntry.getByRole("button", { name: "Archive" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Workspace removal failed"));
    await expect.poll(() => scratchEntry.count(), WAIT).toBe(1);

    const tapes = panel.getByTestId("workspace-entry").filter({ hasText: "Demo Tapes" });
    await tapes.getByRole("button", { name: "Archive" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Workspace trashed"));
    await expect.poll(() => panel.getByTestId("archived-workspace").count(), WAIT).toBe(1);
    await panel.getByText("Archived (1)").click();
    await panel.getByRole("button", { name: "Restore" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Workspace restored"));
    await expect.poll(() => panel.getByRole("link", { name: "Demo Tapes" }).count(), WAIT).toBe(1);
  });

  it("lists the user's personas at /me/personas, an empty loved list as empty, and trashes and restores one", async () => {
    const { page, baseUrl, db } = app();
    const pro = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", PRO_USER)
      .executeTakeFirstOrThrow();
    const root = await db
      .selectFrom("clips")
      .select("id")
      .where("title", "=", titleOf(1))
      .executeTakeFirstOrThrow();
    await db
      .insertInto("personas")
      .values({
        user_id: pro.id,
        root_clip_id: root.id,
        name: "Harbour Voice",
        description: "Warm and close",
        image_s3_id: null,
        image_url: null,
      })
      .execute();
    await page.goto(`${baseUrl}/me/personas`);
    const card = page.getByTestId("persona-card");
    await expect.poll(() => card.count(), WAIT).toBe(1);
    expect(await card.textContent()).toContain("Harbour Voice");
    expect(await card.textContent()).toContain("Private");
    await page.getByRole("link", { name: "Loved", exact: true }).click();
    await expect.poll(() => page.getByText("Personas you love will appear here.").count(), WAIT).toBe(1);
    expect(await page.getByRole("alert").count()).toBe(0);

    // Trash, Undo, trash again, and restore from the Trashed list.
    const toasts = () => page.getByTestId("toast").allTextContents();
    await page.getByRole("link", { name: "My Personas", exact: true }).click();
    await card.getByRole("button", { name: "Move to Trash" }).click();
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining("Harbour Voice has been moved to trash."));
    await expect.poll(() => card.count(), WAIT).toBe(0);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(toasts, WAIT).toContainEqual(expect.stringContaining("Your action has been undone."));
    await expect.poll(() => card.count(), WAIT).toBe(1);
    await card.getByRole("button", { name: "Move to Trash" }).click();
    await expect.poll(() => card.count(), WAIT).toBe(0);
    await page.getByRole("link", { name: "Trashed", exact: true }).click();
    await expect.poll(() => card.count(), WAIT).toBe(1);
    await card.getByRole("button", { name: "Restore" }).click();
    await expect
      .poll(toasts, WAIT)
      .toContainEqual(expect.stringContaining("Harbour Voice has been restored."));
    await expect.poll(() => page.getByText("The trash is empty.").count(), WAIT).toBe(1);

    // The product's public personas: none yet, then one made public.
    await page.getByRole("link", { name: "Public", exact: true }).click();
    await expect
      .poll(
        () => page.getByText("No public personas yet. Make one of yours public to share its voice.").count(),
        WAIT,
      )
      .toBe(1);
    await db
      .insertInto("personas")
      .values({
        user_id: pro.id,
        root_clip_id: root.id,
        name: "Lighthouse Choir",
        description: "Many voices",
        image_s3_id: null,
        image_url: null,
        is_public: true,
      })
      .execute();
    await page.reload();
    await expect.poll(() => card.count(), WAIT).toBe(1);
    expect(await card.textContent()).toContain("Lighthouse Choir");
  });

  it("says when the workspace in the address is gone, and offers every song", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/me?wid=${crypto.randomUUID()}`);
    const notice = page.getByTestId("workspace-gone");
    await expect.poll(() => notice.count(), WAIT).toBe(1);
    await notice.getByRole("link", { name: "Show all your songs" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("wid"), WAIT).toBeNull();
    await expect.poll(() => notice.count(), WAIT).toBe(0);
  });

  it("shows a song being made live only in a list whose filters it matches", async () => {
    const { page, baseUrl } = app();
    // Two tabs on the same user's channel: one whose search the new song matches, one it does not.
    const other = await page.context().newPage();
    try {
      await page.goto(`${baseUrl}/me?q=lighthouse`);
      await other.goto(`${baseUrl}/me?q=meadow`);
      for (const tab of [page, other]) {
        await expect.poll(() => tab.getByText("No songs match these filters.").count(), WAIT).toBe(1);
      }
      const answer = await postJson(page, baseUrl, "/api/generate/v2/", {
        title: "Lighthouse Keeper",
        tags: "folk",
        prompt: "[Verse]\nKeep the light on",
        make_instrumental: true,
        mv: "chirp-crow",
        metadata: { create_mode: "custom" },
      });
      expect(answer.status()).toBe(200);
      const made = ((await answer.json()) as { clips: { id: string }[] }).clips.map((clip) => clip.id);
      const shownIds = (tab: Page) =>
        tab
          .getByTestId("clip-row")
          .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-clip-id")));
      // The matching tab gets the songs from the channel, with no reload...
      await expect
        .poll(async () => (await shownIds(page)).sort(), { timeout: 60_000 })
        .toEqual([...made].sort());
      await expect
        .poll(
          () =>
            page
              .locator(
                '[data-testid="clip-row"][data-status="streaming"], [data-testid="clip-row"][data-status="complete"]',
              )
              .count(),
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(0);
      // ...and the other tab, which heard the same updates, leaves them out.
      expect(await shownIds(other)).toEqual([]);
      expect(await other.getByText("No songs match these filters.").count()).toBe(1);
    } finally {
      await other.close();
    }
  }, 150_000);
});
