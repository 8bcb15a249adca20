// The Stems modal (Get Stems / MIDI) and the Sample Pack download on the create page, as the pro
// demo user. Songs come from the API tests' small sine generator (two stems and a MIDI file, 8 s at
// 120 BPM), so the server's stems, MIDI and zip work run on real files in seconds.

import { readFileSync } from "node:fs";
import { Midi } from "@tonejs/midi";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { openCreateApp, PRO_USER, postJson, sineSongs } from "./create-app.ts";

const app = openCreateApp({ generator: sineSongs });

const TITLE = "Stem Song";
const SHOTS = process.env.CLIP_ACTION_SHOTS;

describe("stems and the sample pack", () => {
  let clipId = "";

  it("lists the song's stems in the Stems modal, with its MIDI whole and per instrument", async () => {
    const { page, baseUrl } = app();
    await app().grantFlag(PRO_USER, "studio");
    await app().grantFlag(PRO_USER, "download-sample-pack");
    await app().grantFlag(PRO_USER, "enable-marketplace");
    await app().signIn(PRO_USER);
    const made = await postJson(page, baseUrl, "/api/generate/v2/", {
      title: TITLE,
      tags: "ambient",
      make_instrumental: true,
      batch_size: 1,
      duration: 120,
    });
    clipId = ((await made.json()) as GenerateResponse).clips[0].id;
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${baseUrl}/api/clip/${clipId}`)).json()) as { status: string })
            .status,
        {
          timeout: 20_000,
        },
      )
      .toBe("complete");
    await page.reload();
    const row = page.locator(`[data-clip-id="${clipId}"]`);
    await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
    await page
      .getByTestId("song-menu")
      .getByRole("menuitem", { name: "Get Stems / MIDI", exact: true })
      .click();
    const modal = page.getByTestId("stems-modal");
    // Generous: the stems are copied on the server, and CI is a loaded machine.
    await expect
      .poll(() => modal.getByTestId("stem-row").allTextContents(), { timeout: 60_000 })
      .toEqual(["BassDownload WAV", "SynthDownload WAV"]);
    await expect
      .poll(() => modal.getByTestId("midi-row").allTextContents(), { timeout: 60_000 })
      .toEqual(["All instrumentsDownload MIDI", "BassDownload MIDI"]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stems-modal.png` });
    const stemDownload = page.waitForEvent("download");
    await modal.getByTestId("stem-row").first().getByRole("link", { name: "Download WAV" }).click();
    expect((await stemDownload).suggestedFilename()).toBe(`${TITLE} (Bass).wav`);
    const midiDownload = page.waitForEvent("download");
    await modal.getByTestId("midi-row").nth(1).getByRole("button", { name: "Download MIDI" }).click();
    const midiFile = await midiDownload;
    expect(midiFile.suggestedFilename()).toBe(`${TITLE} - Bass.mid`);
    const midi = new Midi(readFileSync(await midiFile.path()));
    expect(midi.tracks.map((track) => track.name)).toEqual(["Bass"]);
    expect(midi.tracks[0].notes[0]?.midi).toBe(45);
    await modal.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => modal.count()).toBe(0);
  });

  it("downloads the sample pack as a zip of stems, loops and one-shots", async () => {
    const { page } = app();
    const row = page.locator(`[data-clip-id="${clipId}"]`);
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Sample Pack", exact: true }).click();
    await expect
      .poll(() => page.getByText("Your sample pack is being prepared (2-3 minutes)").count())
      .toBe(1);
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${TITLE} Sample Pack.zip`);
    const zip = await JSZip.loadAsync(readFileSync(await file.path()));
    const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir);
    expect(names.filter((name) => name.startsWith("Stems/")).sort()).toEqual(
      names.filter((name) => /^Stems\/Stem Song - (bass|lead) - 120 BPM/.test(name)).sort(),
    );
    expect(names.filter((name) => name.startsWith("Stems/"))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith("Loops/"))).toHaveLength(2);
    expect(names.some((name) => /^One-shots\/Stem Song - bass one-shot 1 - 120 BPM/.test(name))).toBe(true);
  });

  it("describes the song in a new tab from our analysis", async () => {
    const { page } = app();
    const row = page.locator(`[data-clip-id="${clipId}"]`);
    await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
    const opened = page.context().waitForEvent("page");
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Describe Clip", exact: true }).click();
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === "/b-side/describe-clip");
    expect(new URL(tab.url()).searchParams.get("clipId")).toBe(clipId);
    const description = tab.getByTestId("clip-description");
    await expect.poll(() => description.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    const text = (await description.textContent()) ?? "";
    expect(text).toContain("Length0:08");
    expect(text).toContain("Stylesambient");
    expect(await description.getByRole("list", { name: "Instruments" }).getByRole("listitem").count()).toBe(
      2,
    );
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/describe-clip.png`, fullPage: true });
    await tab.close();
  });

  it("files a Hire an Editor request from its form", async () => {
    const { page, db } = app();
    const row = page.locator(`[data-clip-id="${clipId}"]`);
    await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
    await page
      .getByTestId("song-menu")
      .getByRole("menuitem", { name: "Hire an Editor", exact: true })
      .click();
    const modal = page.getByTestId("hire-editor-modal");
    expect(await modal.getByRole("button", { name: "Send request" }).isDisabled()).toBe(true);
    await modal.getByLabel("What should the editor do?").fill("Give the intro more air");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/hire-editor-modal.png` });
    await modal.getByRole("button", { name: "Send request" }).click();
    await expect.poll(() => page.getByText("Your request was sent to our editors.").count()).toBe(1);
    const filed = await db.selectFrom("editor_requests").select(["clip_id", "message"]).execute();
    expect(filed).toEqual([{ clip_id: clipId, message: "Give the intro more air" }]);
  });

  it("takes the song to the create page as a reference with Orpheus", async () => {
    const { page } = app();
    const row = page.locator(`[data-clip-id="${clipId}"]`);
    await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
    await page.getByTestId("song-menu").getByRole("menuitem", { name: "Orpheus", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("remix_clip") === clipId);
    await expect
      .poll(() => page.getByTestId("condition-cover").textContent({ timeout: 10_000 }))
      .toContain(`Cover of ${TITLE}`);
  });
});
