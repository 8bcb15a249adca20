// axe-core over the main pages of the built app, signed in as a staff member with Pro, on a small
// library (one finished public song in one playlist): no page may have a serious or critical
// violation, in the dark theme and in the light one (text contrast included). Each page is opened,
// waited for until its content is there, then checked as shown.

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaylistSummary } from "../../src/shared/api/playlists.ts";
import { describeViolations, seriousViolations } from "./axe.ts";
import { openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();
/** A folder to keep screenshots of the pages in (for a person to look at), when set. */
const SHOTS = process.env.A11Y_SHOTS;

let songId = "";
let playlistId = "";
let handle = "";
/** The theme the pages are checked in now, chosen in this browser before they open. */
let theme: "dark" | "light" = "dark";

/** The theme the root shows: dark by default, light once chosen (kept in this browser). */
const themeShown = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? "dark");

async function checkPage(page: Page, name: string, ready: () => Promise<boolean>) {
  await expect.poll(ready, { timeout: 60_000 }).toBe(true);
  expect(await themeShown(page)).toBe(theme);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  const violations = await seriousViolations(page);
  expect(describeViolations(violations), `serious or critical axe violations on ${name}, ${theme}`).toBe("");
}

beforeAll(async () => {
  const { page, baseUrl, db, storage, signIn } = app();
  const account = await accountOf(db, PRO_USER);
  handle = account.handle;
  await db.updateTable("users").set({ is_staff: true }).where("id", "=", account.id).execute();
  const song = await finishedSong(
    { db, storage },
    { userId: account.id, title: "Harbour Lights", isPublic: true, seconds: 3 },
  );
  songId = song.id;
  await signIn(PRO_USER);
  const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Evening" });
  playlistId = ((await created.json()) as PlaylistSummary).id;
  await postJson(page, baseUrl, "/api/playlist/update_clips/", {
    playlist_id: playlistId,
    update_type: "add",
    metadata: { clip_ids: [songId] },
  });
});

describe.each(["dark", "light"] as const)("accessibility of the pages (axe-core), %s theme", (choice) => {
  beforeAll(async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/home`);
    await page.evaluate((saved) => window.localStorage.setItem("tunesmith:theme", saved), choice);
    theme = choice;
  });

  it("/create", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/create`);
    await checkPage(page, "create", () => page.getByTestId("clip-title").first().isVisible());
    // Generation status and toasts are said as they change.
    expect(await page.getByTestId("clip-status").first().getAttribute("role")).toBe("status");
    expect(await page.getByTestId("toasts").getAttribute("aria-live")).toBe("polite");
  });

  it("/me", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/me`);
    await checkPage(page, "me", () => page.getByTestId("clip-title").first().isVisible());
  });

  it("/song/{id}", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/song/${songId}`);
    await checkPage(page, "song", () => page.getByTestId("song-title").isVisible());
  });

  it("/@{handle}", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/@${handle}`);
    await checkPage(page, "profile", async () => (await page.getByText("Harbour Lights").count()) > 0);
  });

  it("/playlist/{id}", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    await checkPage(page, "playlist", () => page.getByTestId("clip-title").first().isVisible());
  });

  it("/account", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/account`);
    await checkPage(page, "account", () => page.getByTestId("plan-name").isVisible());
  });

  it("/admin", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole("button", { name: "Search" }).click();
    await checkPage(page, "admin", async () => (await page.getByTestId("admin-user").count()) > 0);
  });

  it("/studio", async () => {
    const { page, baseUrl } = app();
    await page.goto(`${baseUrl}/studio`);
    // Checked once the loading overlay has gone: it covers the panels while it is there.
    await checkPage(
      page,
      "studio",
      async () =>
        (await page.getByTestId("timeline-canvas").isVisible()) &&
        (await page.getByTestId("loading-overlay").count()) === 0,
    );
  });
});
