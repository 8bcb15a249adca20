// The library's workspace list in Chromium: 20 a page with More workspaces for the rest, found by
// name as the user types, sorted by last change, newest or name; a search matching none says so.
// The workspaces are laid out in the database.

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const WAIT = { timeout: 60_000, interval: 100 };
const MADE = 23;

describe("the library's workspace list", () => {
  it("pages, searches and sorts the workspaces", async () => {
    const { page, baseUrl, db, signIn } = app();
    const owner = await accountOf(db, PRO_USER);
    const now = Date.now();
    for (let n = 1; n <= MADE; n++) {
      // Shelf 01 changed last, so it leads the default order; Shelf 23 was made last.
      const made = await db
        .insertInto("workspaces")
        .values({ user_id: owner.id, name: `Shelf ${String(n).padStart(2, "0")}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      await sql`update workspaces set created_at = ${new Date(now - (MADE - n) * 60_000)},
        updated_at = ${new Date(now + (MADE - n) * 60_000)} where id = ${made.id}`.execute(db);
    }
    const total = Number(
      (
        await db
          .selectFrom("workspaces")
          .select((eb) => eb.fn.countAll().as("count"))
          .where("user_id", "=", owner.id)
          .where("is_trashed", "=", false)
          .executeTakeFirstOrThrow()
      ).count,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(PRO_USER, "/me");
    await page.goto(`${baseUrl}/me`);
    const panel = page.getByRole("complementary", { name: "Workspaces" });
    const entries = panel.getByTestId("workspace-entry");
    await expect.poll(() => entries.count(), WAIT).toBe(20);
    expect(await entries.first().textContent()).toContain("Shelf 01");
    await panel.getByRole("button", { name: "More workspaces" }).click();
    await expect.poll(() => entries.count(), WAIT).toBe(Math.min(total, 40));
    expect(await panel.getByRole("button", { name: "More workspaces" }).count()).toBe(total > 40 ? 1 : 0);

    await panel.getByLabel("Find a workspace").fill("SHELF 2");
    const shown = async () =>
      (await entries.allTextContents()).map((text) => text.match(/Shelf \d\d/)?.[0] ?? text);
    await expect.poll(shown, WAIT).toEqual(["Shelf 20", "Shelf 21", "Shelf 22", "Shelf 23"]);
    await panel.getByLabel("Order").selectOption({ label: "Newest" });
    await expect.poll(shown, WAIT).toEqual(["Shelf 23", "Shelf 22", "Shelf 21", "Shelf 20"]);
    await panel.getByLabel("Order").selectOption({ label: "Name" });
    await panel.getByLabel("Find a workspace").fill("shelf 1");
    await expect.poll(shown, WAIT).toEqual(Array.from({ length: 10 }, (_, n) => `Shelf 1${n}`));
    await page.screenshot({ path: "/tmp/library-workspace-list.png" });

    await panel.getByLabel("Find a workspace").fill("no such shelf");
    await expect.poll(() => panel.getByText("No workspace matches.").count(), WAIT).toBe(1);
    expect(await entries.count()).toBe(0);
  });
});
