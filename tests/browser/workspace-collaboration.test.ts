// Shared workspaces in Chromium, two users in two browsers: the pro user shares a workspace from the
// create page's Share dialog (the free user's handle looked up as it is typed), the free user
// accepts the invite beside their switcher and opens the workspace; a song the owner adds appears
// in the member's list with no reload, with who added it; while the member's sockets are cut a song
// is added, and it shows once they reconnect; the owner removes the member, whose page leaves the
// workspace at once for the default one.

import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchChromium } from "../../src/tooling/chromium.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { DEMO_PASSWORD, FREE_USER, openCreateApp, PRO_USER, postJson } from "./create-app.ts";

const app = openCreateApp();

const WORKSPACE = "Band Room";

const rowIds = (page: Page) =>
  page
    .getByTestId("clip-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-clip-id") ?? ""));

describe("shared workspaces", () => {
  it("invites, accepts, shows the owner's new songs live to the member, and kicks the removed member out", async () => {
    const { page, baseUrl, db, storage } = app();
    await app().grantFlag(PRO_USER, "collab-workspaces");
    await app().grantFlag(FREE_USER, "collab-workspaces");
    const [owner, member] = await Promise.all(
      [PRO_USER, FREE_USER].map((email) =>
        db.selectFrom("users").select(["id", "handle"]).where("email", "=", email).executeTakeFirstOrThrow(),
      ),
    );
    const song = async (title: string) =>
      (
        await newClipWithAudio(
          db,
          storage,
          { userId: owner.id, title, status: "complete", metadata: { type: "gen" } },
          { channels: testAudio(8000), sampleRate: 8000 },
        )
      ).row.id;
    const add = async (clipId: string) => {
      const added = await postJson(page, baseUrl, `/api/project/${workspaceId}/clips`, {
        update_type: "add",
        metadata: { clip_ids: [clipId] },
      });
      expect(added.status()).toBe(200);
    };

    await app().signIn(PRO_USER);
    const made = await postJson(page, baseUrl, "/api/project", { name: WORKSPACE });
    const workspaceId = ((await made.json()) as { id: string }).id;
    await page.goto(`${baseUrl}/create?wid=${workspaceId}`);
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Share ${WORKSPACE}` });
    await expect.poll(() => dialog.getByText("No collaborators yet.").count()).toBe(1);
    await dialog.getByLabel("Invite by handle").fill("nobody_here_at_all");
    await expect.poll(() => dialog.getByTestId("handle-lookup").textContent()).toBe("No one has this handle");
    await dialog.getByLabel("Invite by handle").fill(`@${member.handle}`);
    await expect
      .poll(() => dialog.getByTestId("handle-lookup").textContent())
      .toBe(`@${member.handle} can be invited`);
    await dialog.getByRole("button", { name: "Invite", exact: true }).click();
    await expect.poll(() => page.getByText(`Invite sent to @${member.handle}`).count()).toBe(1);
    await expect.poll(() => dialog.getByTestId("workspace-invited").count()).toBe(1);
    await page.screenshot({ path: "/tmp/collab-share-dialog.png" });
    await dialog.getByRole("button", { name: "Close" }).click();

    const other = await launchChromium();
    try {
      // The member's realtime sockets pass through the test, which can cut them and keep them cut.
      let cut = false;
      const sockets = new Set<WebSocketRoute>();
      await other.context.routeWebSocket(/\/api\/realtime$/, (socket) => {
        if (cut) return void socket.close();
        socket.connectToServer();
        sockets.add(socket);
        socket.onClose(() => sockets.delete(socket));
      });
      const memberPage = await other.context.newPage();
      await memberPage.goto(`${baseUrl}/login?next=/create`);
      await memberPage.getByLabel("Email").fill(FREE_USER);
      await memberPage.getByLabel("Password").fill(DEMO_PASSWORD);
      await memberPage.getByRole("button", { name: "Sign in" }).click();
      const invite = memberPage.getByTestId("workspace-invite");
      await expect.poll(() => invite.textContent()).toContain(`@${owner.handle} invited you to ${WORKSPACE}`);
      await memberPage.screenshot({ path: "/tmp/collab-invites.png" });
      await invite.getByRole("button", { name: "Accept" }).click();
      await expect.poll(() => memberPage.getByText(`You joined ${WORKSPACE}`).count()).toBe(1);
      // The library lists it too, marked with its owner, without the owner's Edit and Archive.
      const library = await other.context.newPage();
      await library.goto(`${baseUrl}/me`);
      const entry = library.getByTestId("workspace-entry").filter({ hasText: WORKSPACE });
      await expect.poll(() => entry.textContent()).toContain(`shared by @${owner.handle}`);
      expect(await entry.getByRole("button", { name: "Edit" }).count()).toBe(0);
      expect(await entry.getByRole("button", { name: "Archive" }).count()).toBe(0);
      await library.screenshot({ path: "/tmp/collab-library.png" });
      await library.close();
      const sharedLabel = `${WORKSPACE} (shared by @${owner.handle})`;
      await memberPage.getByLabel("Workspace", { exact: true }).selectOption({ label: sharedLabel });
      await memberPage.waitForURL((url) => url.searchParams.get("wid") === workspaceId);
      await expect.poll(() => memberPage.getByText("Your songs will appear here.").count()).toBe(1);

      // The owner adds a song: it appears in the member's open list, with who added it.
      const first = await song("Shared Riff");
      await add(first);
      await expect.poll(() => rowIds(memberPage), { timeout: 20_000 }).toEqual([first]);
      await expect.poll(() => memberPage.getByText(`${owner.handle} added 1 song`).count()).toBe(1);
      await memberPage.screenshot({ path: "/tmp/collab-live-add.png" });
      // A collaborator sees the members and may leave, but invites no one.
      await memberPage.getByRole("button", { name: "Collaborators", exact: true }).click();
      const theirDialog = memberPage.getByRole("dialog", { name: `Collaborators of ${WORKSPACE}` });
      await expect.poll(() => theirDialog.getByTestId("workspace-member").textContent()).toContain("You");
      expect(await theirDialog.getByLabel("Invite by handle").count()).toBe(0);
      expect(await theirDialog.getByRole("button", { name: "Leave workspace" }).count()).toBe(1);
      await memberPage.screenshot({ path: "/tmp/collab-member-dialog.png" });
      await theirDialog.getByRole("button", { name: "Close" }).click();

      // The member's connection drops; what is added meanwhile shows once it comes back.
      cut = true;
      for (const socket of [...sockets]) await socket.close();
      await expect.poll(() => sockets.size).toBe(0);
      const second = await song("While Away");
      await add(second);
      cut = false;
      await expect
        .poll(async () => (await rowIds(memberPage)).sort(), { timeout: 30_000 })
        .toEqual([first, second].sort());

      // The owner removes the member from the Collaborators list: the member's page leaves at once.
      await page.getByRole("button", { name: "Share", exact: true }).click();
      const members = page.getByTestId("workspace-member");
      await expect.poll(() => members.textContent()).toContain(`@${member.handle}`);
      await members.getByRole("button", { name: "Remove" }).click();
      await expect.poll(() => page.getByText(`Removed @${member.handle}`).count()).toBe(1);
      await memberPage.waitForURL((url) => !url.searchParams.has("wid"), { timeout: 20_000 });
      await expect.poll(() => memberPage.getByText(`You were removed from ${WORKSPACE}`).count()).toBe(1);
      expect(
        await memberPage
          .getByLabel("Workspace", { exact: true })
          .locator("option")
          .evaluateAll((options) => options.map((option) => option.textContent)),
      ).not.toContain(sharedLabel);
      await memberPage.screenshot({ path: "/tmp/collab-kicked.png" });
    } finally {
      await other.close();
    }
  });
});
