// A contest in Chromium: the contest page shows its song to remix, its rules and deadline, and its
// entries ranked by likes; a listener enters their remix by publishing it with submit_to_contest and
// finds it on the page.

import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("the contest page", () => {
  it("shows the song to remix and the entries, most liked first", async () => {
    const { page, baseUrl, db, storage } = app();
    const host = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const base = await finishedSong(
      { db, storage },
      { userId: host.id, title: "Lighthouse", isPublic: true, seconds: 2 },
    );
    const contest = await db
      .insertInto("contests")
      .values({
        name: "Lighthouse remix",
        rules: "One remix each.\nBe kind.",
        end_time: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("contest_base_clips").values({ contest_id: contest.id, clip_id: base.id }).execute();
    const remix = async (userId: string, title: string, likes: number) => {
      const row = await finishedSong({ db, storage }, { userId, title, isPublic: true, seconds: 2 });
      await db
        .updateTable("clips")
        .set({
          upvote_count: likes,
          metadata: { type: "gen", cover_clip_id: base.id, contest_ids: [contest.id] },
        })
        .where("id", "=", row.id)
        .execute();
      return row;
    };
    await remix(host.id, "Host's beam", 1);
    await remix(host.id, "Keeper's light", 5);
    // The listener's remix, still private: entered below by publishing it.
    const mine = await finishedSong(
      { db, storage },
      { userId: listener.id, title: "My beacon", isPublic: false, seconds: 2 },
    );
    await db
      .updateTable("clips")
      .set({ upvote_count: 3, metadata: { type: "gen", cover_clip_id: base.id } })
      .where("id", "=", mine.id)
      .execute();

    await app().signIn(FREE_USER, `/contest/${contest.id}`);
    const contestPage = page.getByTestId("contest-page");
    await expect
      .poll(() => contestPage.getByRole("heading", { level: 1 }).textContent())
      .toBe("Lighthouse remix");
    expect(await contestPage.getByTestId("contest-deadline").textContent()).toMatch(/^Ends /);
    expect(await contestPage.getByText("One remix each.").count()).toBe(1);
    const titles = (label: string) =>
      contestPage.getByRole("list", { name: label }).getByTestId("clip-title").allTextContents();
    await expect.poll(() => titles("Songs to remix")).toEqual(["Lighthouse"]);
    await expect.poll(() => titles("Entries, most liked first")).toEqual(["Keeper's light", "Host's beam"]);

    const entered = await postJson(page, baseUrl, `/api/gen/${mine.id}/set_visibility/`, {
      is_public: true,
      submit_to_contest: true,
    });
    expect(entered.status()).toBe(200);
    await page.reload();
    await expect
      .poll(() => titles("Entries, most liked first"))
      .toEqual(["Keeper's light", "My beacon", "Host's beam"]);
    expect(await contestPage.getByTestId("contest-entry-count").textContent()).toBe("3 entries");
    await page.screenshot({ path: "test-results/contest-page.png", fullPage: true });
  });
});
