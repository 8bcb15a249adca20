// Workspaces and chat mode on the create page, as the pro demo user: a new workspace made from the
// switcher beside the song list takes the songs created while it is chosen (and the default one
// does not show them); the song menu's Open in Chat turns the form into a conversation about a song,
// where a message becomes new songs that come back as the reply and join the list; an uploaded song
// is added to the workspace chosen.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dropWav, openCreateApp, PRO_USER, toneWav } from "./create-app.ts";

const app = openCreateApp();

const WORKSPACE = "Beach Songs";

interface ProjectAnswer {
  readonly name: string;
  readonly project_clips: readonly { readonly clip: { readonly id: string; readonly status: string } }[];
}

async function projectClips(page: Page, baseUrl: string, id: string) {
  const answer = await page.request.get(`${baseUrl}/api/project/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ProjectAnswer;
}

const rowIds = (page: Page) =>
  page
    .getByTestId("clip-row")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-clip-id") ?? ""));

let workspaceId = "";
let createdIds: string[] = [];

describe("workspaces and chat on the create page", () => {
  it("switches to a new workspace, and the song created there lands there, not in the default", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    expect(await page.evaluate(() => localStorage.getItem("tunesmith:has-set-workspace"))).toBeNull();
    const switcher = page.getByLabel("Workspace", { exact: true });
    await switcher.selectOption({ label: "New workspace" });
    await page.getByLabel("New workspace name").fill(WORKSPACE);
    await page.getByRole("button", { name: "Create workspace" }).click();
    await expect.poll(() => page.getByText("New workspace created").count()).toBe(1);
    await page.waitForURL((url) => url.searchParams.has("wid"));
    workspaceId = new URL(page.url()).searchParams.get("wid") ?? "";
    expect(workspaceId).not.toBe("");
    expect(await switcher.inputValue()).toBe(workspaceId);
    expect(await page.evaluate(() => localStorage.getItem("tunesmith:has-set-workspace"))).toBe("true");
    // The new workspace is empty.
    await expect.poll(() => page.getByText("Your songs will appear here.").count()).toBe(1);

    const sent = page.waitForRequest(
      (request) => request.url().includes("/api/generate/v2") && request.method() === "POST",
    );
    await page.getByLabel("Song description").fill("a bright surf rock song about the beach");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ project_id: workspaceId });
    await expect.poll(() => page.getByTestId("clip-row").count(), { timeout: 10_000 }).toBe(2);
    createdIds = await rowIds(page);

    // The server keeps them in the workspace, and the default workspace does not hold them.
    const project = await projectClips(page, baseUrl, workspaceId);
    expect(project.name).toBe(WORKSPACE);
    expect(project.project_clips.map((entry) => entry.clip.id).sort()).toEqual([...createdIds].sort());
    const home = await projectClips(page, baseUrl, "default");
    expect(home.project_clips.map((entry) => entry.clip.id)).not.toContain(createdIds[0]);

    // Switching to the default workspace shows its songs instead, and back again shows them.
    await switcher.selectOption({ label: "My Workspace" });
    await page.waitForURL((url) => !url.searchParams.has("wid"));
    await expect.poll(async () => (await rowIds(page)).some((id) => createdIds.includes(id))).toBe(false);
    await switcher.selectOption({ label: WORKSPACE });
    await page.waitForURL((url) => url.searchParams.get("wid") === workspaceId);
    await expect.poll(async () => (await rowIds(page)).sort()).toEqual([...createdIds].sort());
    // A reload keeps the workspace (the address, and the remembered one without it).
    await page.goto(`${baseUrl}/create`);
    await page.waitForURL((url) => url.searchParams.get("wid") === workspaceId);
    await expect.poll(() => switcher.inputValue()).toBe(workspaceId);
  });

  it("opens a song in chat; a message becomes new songs in the reply and the list", async () => {
    const { page, baseUrl } = app();
    // The menu is on finished songs: wait for one of the workspace's.
    await expect
      .poll(
        async () =>
          (await projectClips(page, baseUrl, workspaceId)).project_clips.some(
            (entry) => entry.clip.status === "complete",
          ),
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);
    const finished = page.locator('[data-testid="clip-row"][data-status="complete"]').first();
    await expect.poll(() => finished.count(), { timeout: 20_000 }).toBe(1);
    const referenceId = (await finished.getAttribute("data-clip-id")) ?? "";
    await finished.getByRole("button", { name: /^More actions: / }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Open in Chat", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("mode") === "chat");
    const address = new URL(page.url()).searchParams;
    expect([address.get("ref_id"), address.get("ref_type"), address.get("wid")]).toEqual([
      referenceId,
      "clip",
      workspaceId,
    ]);
    const chat = page.getByTestId("chat-panel");
    await expect.poll(() => chat.count()).toBe(1);
    // The chat replaces the form and names the song.
    expect(await page.getByLabel("Song description").count()).toBe(0);
    expect((await chat.getByTestId("chat-reference").textContent())?.length).toBeGreaterThan(0);

    const sent = page.waitForRequest(
      (request) => request.url().includes("/api/generate/v2") && request.method() === "POST",
    );
    await chat.getByLabel("Message").fill("make it a slow acoustic ballad");
    await chat.getByRole("button", { name: "Send" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      gpt_description_prompt: "make it a slow acoustic ballad",
      cover_clip_id: referenceId,
      task: "cover",
      project_id: workspaceId,
      metadata: { create_mode: "simple" },
    });
    await expect
      .poll(() => chat.getByTestId("chat-user").textContent())
      .toBe("make it a slow acoustic ballad");
    const replySongs = chat.getByTestId("chat-reply-song");
    await expect.poll(() => replySongs.count(), { timeout: 15_000 }).toBe(2);
    expect(await chat.getByTestId("chat-assistant").textContent()).toMatch(/^Here are 2 new takes on "/);
    const replyIds = await replySongs.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute("data-clip-id")),
    );
    // They join the song list of the workspace, first.
    await expect.poll(async () => (await rowIds(page)).slice(0, 2).sort()).toEqual([...replyIds].sort());
    const project = await projectClips(page, baseUrl, workspaceId);
    expect(project.project_clips.map((entry) => entry.clip.id)).toEqual(expect.arrayContaining(replyIds));
    // Back to the form keeps the workspace.
    await chat.getByRole("button", { name: "Back to the form" }).click();
    await page.waitForURL(
      (url) => !url.searchParams.has("mode") && url.searchParams.get("wid") === workspaceId,
    );
    await expect.poll(() => page.getByLabel("Song description").count()).toBe(1);
  });

  it("adds an uploaded song to the current workspace", async () => {
    const { page, baseUrl } = app();
    await dropWav(page, "Shore.wav", toneWav(8));
    const modal = page.getByTestId("upload-modal");
    await expect.poll(() => modal.getAttribute("data-stage")).toMatch(/^(terms|trim)$/);
    if ((await modal.getAttribute("data-stage")) === "terms") {
      await modal.getByRole("button", { name: "Agree to Terms" }).click();
    }
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("trim");
    await modal.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("finalize");
    await modal.getByRole("button", { name: "Continue" }).click();
    const row = page.getByTestId("clip-row").filter({ hasText: "Shore" });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    const uploadId = (await row.getAttribute("data-clip-id")) ?? "";
    const project = await projectClips(page, baseUrl, workspaceId);
    expect(project.project_clips.map((entry) => entry.clip.id)).toContain(uploadId);
    const home = await projectClips(page, baseUrl, "default");
    expect(home.project_clips.map((entry) => entry.clip.id)).not.toContain(uploadId);
  });
});
