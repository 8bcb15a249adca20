// Comments on the song page in Chromium: a listener plays another user's public song, leaves a
// comment at the player's position and sees its marker on the waveform (pressing it plays from
// there), @-mentions with completion, replies to a comment and likes it; the counts follow.

import { describe, expect, it } from "vitest";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";
import { pausePlayer, playerPosition, playingAt, seekPlayer } from "./player-bar.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

const app = openCreateApp();

describe("comments on the song page", () => {
  it("posts a timestamped comment with its marker, a reply and a like", async () => {
    const { page, db, storage } = app();
    const owner = await accountOf(db, PRO_USER);
    const row = await finishedSong(
      { db, storage },
      { userId: owner.id, title: "Talking Tides", isPublic: true, seconds: 8 },
    );

    await app().signIn(FREE_USER, `/song/${row.id}`);
    const shown = page.getByTestId("song-page");
    await expect.poll(() => shown.getByTestId("comments-empty").isVisible()).toBe(true);
    await shown.getByRole("button", { name: "Play Talking Tides" }).click();
    await expect.poll(() => playingAt(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // Pause where it is, so the comment's time is the one shown.
    await pausePlayer(page);
    const composer = shown.getByTestId("comment-composer").first();
    const field = composer.getByRole("textbox", { name: "Write a comment" });
    await field.fill("Great start @");
    await field.pressSequentially(owner.handle.slice(0, 3));
    await composer.getByRole("button", { name: new RegExp(`@${owner.handle}`) }).click();
    expect(await field.inputValue()).toBe(`Great start @${owner.handle} `);
    await composer.getByRole("checkbox").check();
    const atLabel = await composer.locator(".comment-at-time").textContent();
    await composer.getByRole("button", { name: "Post" }).click();

    const comment = shown.getByTestId("comment").first();
    await expect
      .poll(() => comment.locator(".comment-text").textContent())
      .toBe(`Great start @${owner.handle}`);
    expect(await shown.getByTestId("comment-count").textContent()).toBe("1");
    expect(atLabel).toMatch(/Comment at 0:0[1-8]/);
    const time = await comment.getByTestId("comment-time").textContent();
    expect(atLabel).toContain(time);
    // The marker sits on the waveform, at the comment's fraction of the song.
    const marker = shown.getByTestId("comment-marker");
    await expect.poll(() => marker.count()).toBe(1);
    const left = Number.parseFloat(
      (await marker.evaluate((element: HTMLElement) => element.style.left)) || "0",
    );
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(100);
    // Pressing it plays from the comment's time, after the player first went back to the start.
    await seekPlayer(page, 0);
    await expect.poll(() => playerPosition(page)).toBeLessThan(0.5);
    const [minutes, seconds] = (time ?? "").split(":").map(Number);
    await marker.click();
    await expect
      .poll(() => playingAt(page), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(minutes * 60 + seconds);

    await comment.getByRole("button", { name: "Reply" }).click();
    await comment.getByRole("textbox", { name: "Write a reply" }).fill("Thanks for listening");
    await comment.getByRole("button", { name: "Reply", exact: true }).last().click();
    const reply = comment.locator(".comment-reply");
    await expect.poll(() => reply.locator(".comment-text").textContent()).toBe("Thanks for listening");
    expect(await reply.getByRole("button", { name: "Reply" }).count()).toBe(0);

    await comment.getByRole("button", { name: "Like comment" }).first().click();
    await expect.poll(() => comment.getByTestId("comment-likes").first().textContent()).toBe("1");
    await page.screenshot({ path: "/tmp/social-song-comments.png", fullPage: true });

    // Everything holds after a reload: one comment with its reply, liked by the viewer.
    await page.reload();
    const again = page.getByTestId("comment").first();
    await expect.poll(() => again.getByTestId("comment-likes").textContent()).toBe("1");
    expect(await page.getByTestId("comment-count").textContent()).toBe("2");
    await again.getByRole("button", { name: "1 reply" }).click();
    await expect
      .poll(() => again.locator(".comment-reply .comment-text").textContent())
      .toBe("Thanks for listening");
  }, 120_000);
});
