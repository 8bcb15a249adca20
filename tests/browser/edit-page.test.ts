// The editor (/edit/{clipId}) and the stem editor, as the pro demo user, on songs made through the
// API by the small sine generator (8 s, two stems, aligned lyrics), so the page runs on real audio,
// the studio's engine and canvas, and the server's own answers.
//
// The edit calls (POST /api/edit/crop|fade|speed, GET /api/edit/action) run on the server's job
// queue: a crop is sent with the session's settings, polled until complete, and opens its song; a
// restored pending edit the server does not know is dropped with the error toast. Songs and edits
// wait on the shared cores of a loaded machine, so those tests get minutes, not the default minute.

import { describe, expect, it } from "vitest";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { EDIT_SESSION_KEY } from "../../src/studio/edit/edit-session.ts";
import { openCreateApp, PRO_USER, postJson, sineSongs } from "./create-app.ts";

const app = openCreateApp({ generator: sineSongs });

const SHOTS = process.env.EDIT_SHOTS;
const TITLE = "Edit Me";
const ERROR_TOAST = "An error occurred. Please try again.";

/** Makes a song through the generation API and waits (generously: shared cores) until it is complete. */
async function makeSong(): Promise<string> {
  const { page, baseUrl } = app();
  const made = await postJson(page, baseUrl, "/api/generate/v2/", {
    title: TITLE,
    tags: "folk",
    prompt: "[Verse]\nmorning light on the water\nwe sing along",
    batch_size: 1,
    duration: 120,
  });
  expect(made.status()).toBe(200);
  const clipId = ((await made.json()) as GenerateResponse).clips[0].id;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`${baseUrl}/api/clip/${clipId}`)).json()) as { status: string })
          .status,
      { timeout: 120_000, interval: 500 },
    )
    .toBe("complete");
  return clipId;
}

const storedSession = () =>
  app().page.evaluate((key) => {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as { savedAt: number; session: Record<string, unknown> });
  }, EDIT_SESSION_KEY);

describe("the editor", () => {
  let clipId = "";

  it("opens a generated song alone on one track, its aligned lyrics beside the waveform", async () => {
    const { page, baseUrl } = app();
    await page.setViewportSize({ width: 1440, height: 860 });
    await app().signIn(PRO_USER);
    clipId = await makeSong();
    await page.goto(`${baseUrl}/edit/${clipId}?wid=default`);
    const editor = page.getByTestId("edit-page");
    await expect.poll(() => editor.getAttribute("data-clip-id"), { timeout: 30_000 }).toBe(clipId);
    await expect
      .poll(() => page.getByTestId("edit-versions").textContent(), { timeout: 30_000 })
      .toContain("No other version lines up with this song yet");
    await expect.poll(() => page.getByTestId("edit-track").count()).toBe(1);
    await expect.poll(() => page.getByTestId("edit-track").textContent()).toContain(TITLE);
    const lyrics = page.getByTestId("edit-lyrics");
    await expect
      .poll(() => lyrics.locator("[data-aligned=true] button").allTextContents())
      .toEqual(["morning", "light", "on", "the", "water", "we", "sing", "along"]);
    // The engine starts and plays the song.
    const play = page.getByRole("button", { name: "Play", exact: true });
    await expect.poll(() => play.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect((await storedSession())?.session).toMatchObject({
      editingClipId: clipId,
      activeEditTool: "edit_details",
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-page.png` });
  }, 180_000);

  it("sends a crop of the selection with the session's settings and shows the answer", async () => {
    const { page, baseUrl } = app();
    await page.getByRole("tab", { name: "Crop" }).click();
    await page.getByLabel("Start (s)").fill("1");
    await page.getByLabel("Start (s)").press("Enter");
    await expect.poll(() => page.getByLabel("End (s)").inputValue()).toBe("8");
    // Removing 1.4 s of the 8 s song leaves more than the 5 s fade-out the server allows.
    await page.getByLabel("End (s)").fill("2.4");
    await page.getByLabel("End (s)").press("Enter");
    await expect
      .poll(async () => (await storedSession())?.session.selectionRange)
      .toEqual({ start: 1, end: 2.4 });
    await page.getByLabel("Remove it").check();
    await page.getByLabel("Fade out at the new end").check();
    const sent = page.waitForRequest((request) => request.url().includes(`/api/edit/crop/${clipId}/`));
    const answered = page.waitForResponse((response) => response.url().includes(`/api/edit/crop/${clipId}/`));
    await page.getByRole("button", { name: "Crop", exact: true }).click();
    const editSessionId = (await storedSession())?.session.editSessionId;
    expect((await sent).postDataJSON()).toEqual({
      crop_start_s: 1,
      crop_end_s: 2.4,
      is_crop_remove: true,
      fade_out_time: 5,
      edit_session_id: editSessionId,
    });
    const response = await answered;
    expect(response.status()).toBe(200);
    // Polled until complete, the new song opens in the editor.
    const { action_clip_id } = (await response.json()) as { action_clip_id: string };
    await page.waitForURL((url) => url.pathname === `/edit/${action_clip_id}`, { timeout: 150_000 });
    // Back to the original song, with the same crop chosen, for the tests that follow.
    await page.goto(`${baseUrl}/edit/${clipId}?wid=default`);
    await page.getByRole("tab", { name: "Crop" }).click();
    await page.getByLabel("Start (s)").fill("1");
    await page.getByLabel("Start (s)").press("Enter");
    // As a person would, the end is typed once the start's selection shows (to the song's end).
    await expect.poll(() => page.getByLabel("End (s)").inputValue()).toBe("8");
    await page.getByLabel("End (s)").fill("2.4");
    await page.getByLabel("End (s)").press("Enter");
    await page.getByLabel("Remove it").check();
    await expect
      .poll(async () => (await storedSession())?.session.selectionRange)
      .toEqual({ start: 1, end: 2.4 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-crop.png` });
  }, 210_000);

  it("restores the session after a reload, and drops a pending edit the server does not know", async () => {
    const { page } = app();
    const before = await storedSession();
    expect(before?.session.activeEditTool).toBe("crop");
    // A pending edit left by the last visit, whose action the server answers 404 for.
    await page.evaluate(
      ([key, session]) => {
        const pending = [{ type: "edit_fade", actionClipId: "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f" }];
        localStorage.setItem(
          key,
          JSON.stringify({ savedAt: Date.now(), session: { ...session, pendingClipData: pending } }),
        );
      },
      [EDIT_SESSION_KEY, before?.session] as const,
    );
    const polled = page.waitForResponse((response) =>
      response.url().includes("/api/edit/action/5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f/"),
    );
    await page.reload();
    // The restored pending edit is polled at once; its toast shows for 4 s, so it is looked for first.
    expect((await polled).status()).toBe(404);
    await expect.poll(() => page.getByText(ERROR_TOAST).count()).toBe(1);
    await expect
      .poll(() => page.getByRole("tab", { name: "Crop" }).getAttribute("aria-selected"), { timeout: 30_000 })
      .toBe("true");
    await expect.poll(() => page.getByLabel("Start (s)").inputValue()).toBe("1");
    await expect.poll(() => page.getByLabel("End (s)").inputValue()).toBe("2.4");
    expect(await page.getByLabel("Remove it").isChecked()).toBe(true);
    await expect.poll(async () => (await storedSession())?.session.pendingClipData).toEqual([]);
    expect((await storedSession())?.session.editSessionId).toBe(before?.session.editSessionId);
  });

  it("offers replace section from a 5 s selection", async () => {
    const { page } = app();
    await page.getByRole("tab", { name: "Replace Section" }).click();
    await page.getByLabel("Start (s)").fill("2");
    await page.getByLabel("Start (s)").press("Enter");
    await page.getByLabel("End (s)").fill("6.8");
    await page.getByLabel("End (s)").press("Enter");
    await expect
      .poll(() => page.getByText("Select at least 5 seconds of the song to replace it.").count())
      .toBe(1);
    await page.getByLabel("End (s)").fill("7.2");
    await page.getByLabel("End (s)").press("Enter");
    const button = page.getByRole("button", { name: "Replace Section", exact: true });
    await expect.poll(() => button.count()).toBe(1);
    await page.getByLabel("New lyrics for the section").fill("a brand new line");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/generate/v2/"));
    await button.click();
    expect((await sent).postDataJSON()).toMatchObject({
      task: "infill",
      continue_clip_id: clipId,
      infill_start_s: 2,
      infill_end_s: 7.2,
      prompt: "a brand new line",
    });
    await expect.poll(() => page.getByText("Replacing the section...").count()).toBe(1);
    // The new takes (a generation makes two) line up with the song: listed beside it, with where
    // they leave and rejoin it.
    const takes = page.getByTestId("edit-version");
    await expect.poll(() => takes.count(), { timeout: 60_000 }).toBe(2);
    for (const take of await takes.all()) {
      expect(await take.getAttribute("data-kind")).toBe("built_on_this");
      expect(await take.textContent()).toContain("0:02 to 0:07");
      expect(await take.textContent()).toContain("built on this song");
    }
  });

  it("ends the session on leaving the editor", async () => {
    const { page } = app();
    await page.getByRole("link", { name: "← Back" }).click();
    await page.waitForURL((url) => url.pathname === "/create" && url.searchParams.get("wid") === "default");
    await expect.poll(storedSession).toBeNull();
  });
});

describe("the stem editor", () => {
  it("puts the full song first and the stems below, and solos two stems with the modifier", async () => {
    const { page, baseUrl } = app();
    const clipId = await makeSong();
    await page.goto(`${baseUrl}/edit/${clipId}?view=stems`);
    const editor = page.getByTestId("stem-editor");
    await expect.poll(() => editor.count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => page.getByTestId("stem-library").textContent()).toBe("");
    // Key 1 opens the create panel (horizontal mode), where Get Stems makes the stems.
    await page.keyboard.press("1");
    await page.getByRole("button", { name: "Get Stems" }).click();
    const tracks = page.getByTestId("stem-track");
    await expect
      .poll(() => tracks.locator(".stem-name").allTextContents(), { timeout: 60_000 })
      .toEqual([
        TITLE,
        expect.stringMatching(/bass/i),
        expect.stringMatching(/synth|keyboard|guitar|strings/i),
      ]);
    const solo = (index: number) => tracks.nth(index).getByRole("button", { name: /^Solo / });
    const soloed = () => tracks.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-solo")));
    await solo(1).click();
    await solo(2).click({ modifiers: ["Shift"] });
    await expect.poll(soloed).toEqual(["false", "true", "true"]);
    // Without the modifier a solo is exclusive.
    await solo(0).click();
    await expect.poll(soloed).toEqual(["true", "false", "false"]);
    await page.keyboard.press("Control+z");
    await expect.poll(soloed).toEqual(["false", "true", "true"]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stem-editor.png` });
    // The two soloed stems, as heard, saved as a new song of their own.
    await page.getByRole("button", { name: "Save mix as a song" }).click();
    const saved = page.getByTestId("stem-mix-save").getByRole("link", { name: "Open it in the editor" });
    await expect.poll(() => saved.count(), { timeout: 120_000 }).toBe(1);
    const mixId = ((await saved.getAttribute("href")) ?? "").replace("/edit/", "");
    const mix = (await (await page.request.get(`${baseUrl}/api/clip/${mixId}`)).json()) as {
      title: string;
      status: string;
      metadata: { duration: number };
    };
    expect(mix).toMatchObject({ title: `${TITLE} (stem mix)`, status: "complete" });
    expect(mix.metadata.duration).toBeCloseTo(8, 0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stem-mix-saved.png` });
    // Backtick: the vertical layout, where 1 to 4 leave the panels alone.
    await page.keyboard.press("`");
    await expect.poll(() => editor.getAttribute("data-layout")).toBe("vertical");
    const create = page.locator('[data-panel="create"]');
    const open = await create.getAttribute("data-open");
    await page.keyboard.press("1");
    expect(await create.getAttribute("data-open")).toBe(open);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stem-editor-vertical.png` });
  }, 240_000);
});
