// A link to one comment in Chromium: /song/{id}?deeplink={comment id} shows that comment first,
// marked, even when it is far down the list, and only once; each comment's Copy link gives that
// address; a deeplink that names no comment leaves the page as it is.

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();

describe("a link to a comment", () => {
  it("opens the song page on the linked comment, first and marked", async () => {
    const { page, baseUrl, db, signIn, signOut } = app();
    const owner = await accountOf(db, PRO_USER);
    const listener = await accountOf(db, FREE_USER);
    const song = await newTestClip(db, {
      userId: owner.id,
      title: "Long Thread",
      isPublic: true,
      metadata: { type: "gen", tags: "folk", duration: 30 },
    });
    const now = Date.now();
    const ids: string[] = [];
    // 25 comments, oldest first: the oldest is past the first page of 20 (newest first).
    for (let n = 0; n < 25; n++) {
      const row = await db
        .insertInto("comments")
        .values({
          clip_id: song.id,
          user_id: listener.id,
          content: `Comment number ${n}`,
          created_at: sql`${new Date(now - (25 - n) * 60_000)}`,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOut();
    await page.goto(`${baseUrl}/song/${song.id}?deeplink=${ids[0]}`);
    const comments = page.getByTestId("comment");
    await expect.poll(() => comments.count()).toBe(21);
    const linked = page.locator('[data-testid="comment"][aria-current="true"]');
    expect(await linked.count()).toBe(1);
    expect(await linked.textContent()).toContain("Linked comment");
    expect(await linked.textContent()).toContain("Comment number 0");
    expect(await comments.first().getAttribute("data-comment-id")).toBe(ids[0]);
    await page.screenshot({ path: "/tmp/song-comment-link.png" });
    // More comments brings the rest without the linked one a second time.
    await page.getByRole("button", { name: "More comments" }).click();
    await expect.poll(() => comments.count()).toBe(25);
    expect(await page.locator(`[data-comment-id="${ids[0]}"]`).count()).toBe(1);

    // Copy link gives the comment's address.
    await signIn(PRO_USER, `/song/${song.id}`);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await expect.poll(() => comments.count()).toBe(20);
    await page.locator(`[data-comment-id="${ids[24]}"]`).getByRole("button", { name: "Copy link" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${baseUrl}/song/${song.id}?deeplink=${ids[24]}`);

    // A deeplink naming no comment of this song: the page as usual, nothing marked.
    await page.goto(`${baseUrl}/song/${song.id}?deeplink=${song.id}`);
    await expect.poll(() => comments.count()).toBe(20);
    expect(await linked.count()).toBe(0);
  });
});
