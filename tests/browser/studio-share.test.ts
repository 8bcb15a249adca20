// Sharing a studio project with its workspace, in Chromium with two users in two browsers: the pro
// user owns a shared workspace holding their song, opens the song's studio project and marks it
// shared from the studio's Share panel; the free user, a member of the workspace, opens the same
// project in a second browser and edits it live (not read-only); each sees the other in the Share
// panel, and the owner's edit shows on the member's page live, the member's on the owner's.

import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Browser, launchChromium } from "../../src/tooling/chromium.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { DEMO_PASSWORD, FREE_USER, openCreateApp, PRO_USER, postJson } from "./create-app.ts";

const app = openCreateApp();
const WAIT = { timeout: 30_000 };

const header = (page: Page, index: number) => page.getByTestId("track-header").nth(index);
const trackName = (page: Page) => header(page, 0).getByLabel("Track name");
const liveStatus = (page: Page) => page.getByTestId("live-presence").getAttribute("data-live-status");

async function openShare(page: Page): Promise<void> {
  await page
    .getByRole("navigation", { name: "Sidebar sections" })
    .getByRole("button", { name: "Share" })
    .click();
  await expect.poll(() => page.getByTestId("share-panel").count(), WAIT).toBe(1);
}

async function openStudio(page: Page, projectId: string): Promise<void> {
  await page.goto(`${app().baseUrl}/studio?initial_project_id=${projectId}`);
  await expect.poll(() => header(page, 0).count(), WAIT).toBe(1);
  await expect.poll(() => liveStatus(page), WAIT).toBe("synced");
}

describe("a studio project shared with its workspace", () => {
  it("is marked shared by its owner, then a member edits it live alongside", async () => {
    const { page, baseUrl, db, storage } = app();
    await app().grantFlag(PRO_USER, "collab-workspaces");
    await app().grantFlag(FREE_USER, "collab-workspaces");
    const [owner, member] = await Promise.all(
      [PRO_USER, FREE_USER].map((email) =>
        db.selectFrom("users").select(["id", "handle"]).where("email", "=", email).executeTakeFirstOrThrow(),
      ),
    );
    const song = await newClipWithAudio(
      db,
      storage,
      { userId: owner.id, title: "Shared riff", status: "complete", metadata: { type: "gen" } },
      { channels: testAudio(8000), sampleRate: 8000 },
    );
    await app().signIn(PRO_USER);
    const made = await postJson(page, baseUrl, "/api/project", { name: "Studio Band" });
    const workspaceId = ((await made.json()) as { id: string }).id;
    const added = await postJson(page, baseUrl, `/api/project/${workspaceId}/clips`, {
      update_type: "add",
      metadata: { clip_ids: [song.row.id] },
    });
    expect(added.status()).toBe(200);
    const invited = await postJson(page, baseUrl, `/api/project/${workspaceId}/invite`, {
      invited_user_id: member.id,
    });
    const inviteId = ((await invited.json()) as { id: string }).id;
    const opened = await postJson(
      page,
      baseUrl,
      `/api/studio/create-or-load-project-for-clip/${song.row.id}`,
      {},
    );
    const projectId = ((await opened.json()) as { id: string }).id;

    let other: Browser | null = null;
    try {
      other = await launchChromium();
      const memberPage = await other.context.newPage();
      await memberPage.goto(`${baseUrl}/login?next=${encodeURIComponent("/notifications")}`);
      await memberPage.getByLabel("Email").fill(FREE_USER);
      await memberPage.getByLabel("Password").fill(DEMO_PASSWORD);
      await memberPage.getByRole("button", { name: "Sign in" }).click();
      await memberPage.waitForURL((url) => url.pathname === "/notifications");
      const accepted = await memberPage.request.put(`${baseUrl}/api/project/invites/${inviteId}`, {
        data: { status: "accepted" },
        headers: { origin: baseUrl },
      });
      expect(accepted.status()).toBe(200);

      // The owner marks the project shared from the studio.
      await openStudio(page, projectId);
      await openShare(page);
      const toggle = page.getByRole("switch", { name: "Share with the workspace" });
      expect(await toggle.isChecked()).toBe(false);
      await expect
        .poll(() => page.getByTestId("share-panel").textContent())
        .toContain("No one else is here yet.");
      // The switch turns on once the server has it (not on the click itself): click, then wait.
      await toggle.click();
      await expect.poll(() => toggle.isChecked(), WAIT).toBe(true);
      const shared = await page.request.get(`${baseUrl}/api/studio/project/${projectId}`);
      expect(((await shared.json()) as { is_shared: boolean }).is_shared).toBe(true);

      // The member opens it live, and each sees the other.
      await openStudio(memberPage, projectId);
      await openShare(memberPage);
      await expect
        .poll(() => page.getByTestId("share-person").allTextContents(), WAIT)
        .toEqual([member.handle]);
      await expect
        .poll(() => memberPage.getByTestId("share-person").allTextContents(), WAIT)
        .toEqual([owner.handle]);
      expect(await memberPage.getByRole("switch").count()).toBe(0);
      // Not read-only: the member's edits are saved by the live session, for everyone.
      expect(await memberPage.getByTestId("save-status").textContent()).toBe("Saved live");

      // The owner's edit on the member's page, and the member's on the owner's, live.
      await trackName(page).fill("Renamed by the owner");
      await trackName(page).press("Enter");
      await expect.poll(() => trackName(memberPage).inputValue(), WAIT).toBe("Renamed by the owner");
      await header(memberPage, 0)
        .getByRole("button", { name: /^Mute$/ })
        .click();
      await expect
        .poll(
          () =>
            header(page, 0)
              .getByRole("button", { name: /^Unmute$/ })
              .count(),
          WAIT,
        )
        .toBe(1);
      // For a look at both Share panels (not compared): the system's temporary folder.
      await page.screenshot({ path: join(tmpdir(), "studio-share-owner.png") });
      await memberPage.screenshot({ path: join(tmpdir(), "studio-share-member.png") });
    } finally {
      await other?.close();
    }
  }, 240_000);
});
