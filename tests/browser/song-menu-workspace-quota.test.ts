// The song menu in Chromium, two more of its dialogs: Move to Workspace for one song and for a
// selection (the songs land in the workspace and the library's chips say so), and the
// download-quota modal for a free listener with no downloads of others' songs left this month.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { billingPeriod, periodDate } from "../../src/server/billing/period.ts";
import { FREE_MONTHLY_DOWNLOADS } from "../../src/shared/api/billing.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();

const row = (page: Page, title: string) => page.locator('[data-testid="clip-row"]', { hasText: title });
const toasts = (page: Page) => page.getByTestId("toast").allTextContents();
const projectOf = async (id: string) =>
  (await app().db.selectFrom("clips").select("project_id").where("id", "=", id).executeTakeFirstOrThrow())
    .project_id;

async function signIn(email: string, next: string): Promise<void> {
  await app().signOut();
  await app().signIn(email, next);
}

describe("the song menu's workspace and quota dialogs", () => {
  it("moves one song, then a selection, into a workspace", async () => {
    const { page, db } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = (title: string) =>
      newTestClip(db, { userId: owner.id, title, metadata: { type: "gen", tags: "folk", duration: 30 } });
    const [first, second, third] = [await song("Lone Pine"), await song("Twin Oak"), await song("Twin Elm")];
    const workspace = await db
      .insertInto("workspaces")
      .values({ user_id: owner.id, name: "Forest Demos" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(PRO_USER, "/me");
    await expect.poll(() => row(page, "Lone Pine").count()).toBe(1);

    await row(page, "Lone Pine").getByRole("button", { name: "More actions: Lone Pine" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Move to Workspace" }).click();
    const dialog = page.getByTestId("move-workspace-modal");
    await expect.poll(() => dialog.getByRole("button", { name: "Forest Demos" }).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "My Workspace (current)" }).isDisabled()).toBe(true);
    await page.screenshot({ path: "/tmp/move-to-workspace.png" });
    await dialog.getByRole("button", { name: "Forest Demos" }).click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining("Added clip to workspace"));
    expect(await dialog.count()).toBe(0);
    expect(await projectOf(first.id)).toBe(workspace.id);
    await expect
      .poll(() => row(page, "Lone Pine").getByRole("link", { name: "Forest Demos" }).count())
      .toBe(1);

    // A selection of two: the bar's menu offers the same dialog for both.
    await row(page, "Twin Oak").click();
    await row(page, "Twin Elm").click({ modifiers: ["Control"] });
    await page.getByRole("button", { name: "More actions: 2 songs" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Move to Workspace" }).click();
    await expect.poll(() => dialog.getByText("Where should 2 songs go?").count()).toBe(1);
    await dialog.getByRole("button", { name: "Forest Demos" }).click();
    await expect.poll(() => projectOf(second.id)).toBe(workspace.id);
    expect(await projectOf(third.id)).toBe(workspace.id);

    // And back to the default workspace.
    await row(page, "Lone Pine").getByRole("button", { name: "More actions: Lone Pine" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Move to Workspace" }).click();
    expect(await dialog.getByRole("button", { name: "Forest Demos (current)" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "My Workspace" }).click();
    await expect.poll(() => projectOf(first.id)).toBeNull();
  });

  it("shows the download-quota modal to a free listener with no downloads left, downloading nothing", async () => {
    const { page, baseUrl, db } = app();
    const maker = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const song = (title: string) =>
      newTestClip(db, {
        userId: maker.id,
        title,
        isPublic: true,
        metadata: { type: "gen", tags: "folk", duration: 30 },
      });
    const period = periodDate(billingPeriod());
    for (let n = 0; n < FREE_MONTHLY_DOWNLOADS; n++) {
      const used = await song(`Downloaded ${n}`);
      await db
        .insertInto("clip_downloads")
        .values({ user_id: listener.id, clip_id: used.id, format: "mp3", period })
        .execute();
    }
    const wanted = await song("One Too Many");
    await signIn(FREE_USER, "/home");
    await page.goto(`${baseUrl}/song/${wanted.id}`);
    await page.getByRole("button", { name: "More actions: One Too Many" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "MP3 Audio" }).click();
    const quota = page.getByTestId("download-quota-modal");
    await expect.poll(() => quota.count()).toBe(1);
    expect(await quota.textContent()).toContain(
      `You have used all ${FREE_MONTHLY_DOWNLOADS} downloads of other people's songs this month.`,
    );
    await page.screenshot({ path: "/tmp/download-quota.png" });
    const downloads = await db
      .selectFrom("clip_downloads")
      .select("clip_id")
      .where("clip_id", "=", wanted.id)
      .execute();
    expect(downloads).toEqual([]);
  });
});
