// A profile in Chromium: a listener opens another user's /@handle from a song's handle, sees their
// public songs with the pinned one first (and not their private one), follows them and sees the
// follower count rise (and the listener in the followers list), unfollows and sees it fall; the
// owner edits their bio; /artist/{handle} lands on the profile.

import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("the profile page", () => {
  it("shows pinned songs first and follows, with the counts following", async () => {
    const { page, baseUrl, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const song = async (title: string, isPublic: boolean, pinned = false) => {
      const row = await finishedSong({ db, storage }, { userId: owner.id, title, isPublic, seconds: 2 });
      if (pinned) await db.updateTable("clips").set({ is_pinned: true }).where("id", "=", row.id).execute();
      return row;
    };
    await song("Pinned Anthem", true, true);
    const latest = await song("Latest Tune", true);
    await song("Hidden Demo", false);

    await app().signIn(FREE_USER, `/song/${latest.id}`);
    await page.getByTestId("song-owner").click();
    await page.waitForURL((url) => url.pathname === `/@${owner.handle}`);
    const profile = page.getByTestId("profile-page");
    await expect.poll(() => profile.getByTestId("profile-handle").textContent()).toBe(`@${owner.handle}`);
    const titles = () => profile.getByTestId("clip-title").allTextContents();
    await expect.poll(titles).toEqual(expect.arrayContaining(["Pinned Anthem", "Latest Tune"]));
    expect((await titles()).slice(0, 2)).toEqual(["Pinned Anthem", "Latest Tune"]);
    expect(await titles()).not.toContain("Hidden Demo");

    const followers = profile.getByTestId("profile-followers");
    const before = Number(await followers.textContent());
    await profile.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(async () => Number(await followers.textContent())).toBe(before + 1);
    await expect
      .poll(() =>
        profile.getByRole("button", { name: "Following", exact: true }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    await page.screenshot({ path: "/tmp/social-profile.png", fullPage: true });
    // The list shows the new follower; the count holds after a reload.
    await profile.getByRole("button", { name: / followers?$/ }).click();
    const list = page.getByTestId("follow-list");
    await expect
      .poll(() => list.getByRole("link").allTextContents())
      .toEqual([expect.stringContaining("@demo")]);
    await list.getByRole("button", { name: "Close" }).click();
    await page.reload();
    await expect
      .poll(async () => Number(await page.getByTestId("profile-followers").textContent()))
      .toBe(before + 1);
    await page.getByRole("button", { name: "Following", exact: true }).click();
    await expect
      .poll(async () => Number(await page.getByTestId("profile-followers").textContent()))
      .toBe(before);

    // Old artist links land on the profile.
    await page.goto(`${baseUrl}/artist/${owner.handle}`);
    await page.waitForURL((url) => url.pathname === `/@${owner.handle}`);
  }, 120_000);

  it("lets the owner edit their bio, and keeps it", async () => {
    const { page } = app();
    await app().signOut();
    await app().signIn(FREE_USER, "/@demo");
    const profile = page.getByTestId("profile-page");
    await profile.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByTestId("profile-edit");
    await form.getByLabel("Handle").fill("admin");
    await expect.poll(() => form.getByText("This handle is reserved").isVisible()).toBe(true);
    expect(await form.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await form.getByLabel("Handle").fill("demo");
    await form.getByLabel("Bio").fill("Songs about tides and harbours.");
    await page.screenshot({ path: "/tmp/social-profile-edit.png" });
    await form.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => profile.getByTestId("profile-bio").textContent())
      .toBe("Songs about tides and harbours.");
    await page.reload();
    await expect
      .poll(() => page.getByTestId("profile-bio").textContent())
      .toBe("Songs about tides and harbours.");
  }, 60_000);
});
