// Personas and the inspiration playlist in Chromium. The demo songs are instrumental, so a persona
// (whose root must be a finished song with vocals) cannot be seeded honestly: the test sings a song
// through the API first, then makes a persona of one take and a playlist of both, as a user would.

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dropWav, openAdd, openCreateApp, PRO_USER, postJson, singSong, toneWav } from "./create-app.ts";

const app = openCreateApp();

const sentBody = async (page: Page): Promise<Record<string, unknown>> => {
  const sent = page.waitForRequest(
    (request) => request.url().includes("/api/generate/v2") && request.method() === "POST",
  );
  await page.getByRole("button", { name: "Create", exact: true }).click();
  return (await sent).postDataJSON() as Record<string, unknown>;
};

describe("personas and the inspiration playlist", () => {
  let songIds: string[] = [];
  let personaId = "";
  let playlistId = "";

  it("picks a persona made from a sung song, and sends it as persona_id", async () => {
    const { page, baseUrl } = app();
    await app().signIn(PRO_USER);
    songIds = await singSong(page, baseUrl, "Lighthouse");
    const persona = await postJson(page, baseUrl, "/api/persona/create/", {
      root_clip_id: songIds[0],
      name: "Harbour Voice",
      description: "",
    });
    expect(persona.status()).toBe(200);
    personaId = ((await persona.json()) as { id: string }).id;

    await page.reload();
    await page.getByRole("tab", { name: "Custom" }).click();
    await openAdd(page, "Persona");
    const picker = page.getByTestId("persona-picker");
    await picker
      .getByTestId("persona-row")
      .filter({ hasText: "Harbour Voice" })
      .getByRole("button")
      .first()
      .click();
    await expect.poll(() => page.getByTestId("condition-persona").textContent()).toContain("Harbour Voice");
    // Picking copies the persona song's styles into the form.
    expect(await page.getByLabel("Styles", { exact: true }).inputValue()).toBe("folk, acoustic guitar");
    await page.getByRole("textbox", { name: "Lyrics" }).fill("[Verse]\nSame voice, a new song");
    const body = await sentBody(page);
    expect(body).toMatchObject({
      persona_id: personaId,
      artist_clip_id: songIds[0],
      task: "artist_consistency",
    });
    expect(body.playlist_id ?? null).toBeNull();
  });

  it("picks an inspiration playlist of two own songs, which replaces the persona", async () => {
    const { page, baseUrl } = app();
    const created = await postJson(page, baseUrl, "/api/playlist/create/", { name: "Harbour Songs" });
    expect(created.status()).toBe(200);
    playlistId = ((await created.json()) as { id: string }).id;
    const filled = await postJson(page, baseUrl, "/api/playlist/update_clips/", {
      playlist_id: playlistId,
      update_type: "add",
      metadata: { clip_ids: songIds },
    });
    expect(filled.status()).toBe(200);

    await openAdd(page, "Inspiration playlist");
    const picker = page.getByTestId("playlist-picker");
    const row = picker.getByRole("button", { name: /Harbour Songs/ });
    await expect.poll(() => row.textContent()).toContain("2 songs");
    await row.click();
    await expect.poll(() => page.getByTestId("condition-playlist").textContent()).toContain("Harbour Songs");
    // Adding a playlist removes the persona (no vox persona here).
    expect(await page.getByTestId("condition-persona").count()).toBe(0);
    const body = await sentBody(page);
    expect(body).toMatchObject({ playlist_id: playlistId, task: "playlist_condition" });
    // Adding the playlist cleared any single inspiration clips, so the server takes the playlist's own songs.
    expect(body.playlist_clip_ids).toBeUndefined();
    expect(body.persona_id ?? null).toBeNull();
  });

  it("uploads a persona's base song within 10 to 30 s, and keeps it as the base", async () => {
    const { page } = app();
    await app().grantFlag(PRO_USER, "personas-audio-upload");
    await page.reload();
    await openAdd(page, "Persona");
    await page.getByTestId("persona-picker").getByRole("button", { name: "+ Create New Persona" }).click();
    await page.getByTestId("create-persona").getByRole("button", { name: "Upload audio" }).click();
    const modal = page.getByTestId("upload-modal");
    await modal.getByRole("button", { name: "Agree to Terms" }).click();
    const save = modal.getByRole("button", { name: "Save", exact: true });
    const selection = page.getByTestId("trim-selection");
    // 8 s is too short for a persona (an ordinary upload's minimum is 6.5 s).
    await dropWav(page, "Short.wav", toneWav(8));
    await expect.poll(() => modal.getAttribute("data-stage")).toBe("trim");
    expect(await page.getByTestId("trim-hint").textContent()).toContain(
      "Persona audio is 10 to 30 seconds long.",
    );
    expect(await save.isDisabled()).toBe(true);
    // A 40 s file starts trimmed to the 30 s most.
    await dropWav(page, "Hum.wav", toneWav(40));
    await expect.poll(async () => Number(await selection.getAttribute("data-end"))).toBe(30);
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    // No finalize stage: the upload is saved and becomes the base of the persona.
    const form = page.getByTestId("create-persona");
    await expect
      .poll(() => form.getByTestId("persona-base").textContent(), { timeout: 30_000 })
      .toBe("Based on: Hum");
    // A tone has no vocals: the server keeps personas to songs that sing.
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => form.getByRole("alert").textContent())
      .toBe("A Persona cannot be created from this clip.");
  });
});
