// Share with friends in Chromium: the song menu's dialog sends a public song to someone by handle,
// and they find "shared ... with you" on their notifications page; an unknown handle is named and
// nobody is told.

import { describe, expect, it } from "vitest";
import { newTestClip } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf } from "./song-fixtures.ts";

const app = openCreateApp();
const FLAG = "enable-sharelist-and-share-notifications";

describe("Share with friends", () => {
  it("sends a song to a friend by handle, who is told of it", async () => {
    const { page, baseUrl, db, signIn, signOut, grantFlag } = app();
    const sharer = await accountOf(db, PRO_USER);
    const friend = await accountOf(db, FREE_USER);
    const song = await newTestClip(db, {
      userId: sharer.id,
      title: "Lantern Bay",
      isPublic: true,
      metadata: { type: "gen", tags: "folk", duration: 30 },
    });
    await grantFlag(PRO_USER, FLAG);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(PRO_USER, "/home");
    await page.goto(`${baseUrl}/song/${song.id}`);
    await page.getByRole("button", { name: "More actions: Lantern Bay" }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Share with friends" }).click();
    const dialog = page.getByTestId("share-modal");
    const field = dialog.getByLabel("Send to people on Tunesmith");
    await field.fill("@nobody_by_that_name");
    await dialog.getByRole("button", { name: "Send to them" }).click();
    await expect
      .poll(() => dialog.getByRole("alert").textContent())
      .toBe("No user has the handle @nobody_by_that_name");
    await field.fill(`@${friend.handle}`);
    await dialog.getByRole("button", { name: "Send to them" }).click();
    await expect
      .poll(() => page.getByTestId("toast").allTextContents())
      .toContainEqual(expect.stringContaining(`Sent to @${friend.handle}`));
    await page.screenshot({ path: "/tmp/share-with-friends.png" });

    await signOut();
    await signIn(FREE_USER, "/notifications");
    await expect
      .poll(() => page.locator("main").textContent(), { timeout: 15_000 })
      .toContain(`${sharer.handle} shared a song "Lantern Bay" with you`);
  });
});
