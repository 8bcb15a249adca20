// The clip actions behind the song menu on the create page: Remaster opens its modal and makes a new
// clip with the sliders that were moved; WAV is converted and polled for; a free user's download
// says first that the free plan's songs are for personal use.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { OggOpusDecoder } from "ogg-opus-decoder";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { REMASTER_NOT_ALLOWED } from "../../src/shared/api/generate.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";
import { FREE_USER, openCreateApp, PRO_USER } from "./create-app.ts";

const app = openCreateApp();

const TITLE = "Action Song";
const SHOTS = process.env.CLIP_ACTION_SHOTS;

async function chooseFromMenu(page: Page, clipId: string, item: string): Promise<void> {
  const row = page.locator(`[data-clip-id="${clipId}"]`);
  await row.getByRole("button", { name: `More actions: ${TITLE}` }).click();
  await page.getByTestId("song-menu").getByRole("menuitem", { name: item, exact: true }).click();
}

/** A finished song of the user, laid out in the database with 4 s of stereo audio. */
async function layOutSong(
  email = PRO_USER,
  format: "pcm16" | "float32" = "pcm16",
  modelName = "chirp-crow",
): Promise<string> {
  const { db, storage } = app();
  const owner = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  const { row } = await newClipWithAudio(
    db,
    storage,
    {
      userId: owner.id,
      title: TITLE,
      status: "complete",
      modelName,
      metadata: { type: "gen", tags: "folk, warm", duration: 4 },
    },
    { sampleRate: 48_000, channels: testAudio(4 * 48_000), format },
  );
  return row.id;
}

const clipOf = async (page: Page, baseUrl: string, id: string) =>
  (await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as Clip;

describe("clip actions", () => {
  it("remasters a song: the modal sends the moved sliders and a new clip renders", async () => {
    const { page, baseUrl } = app();
    await app().grantFlag(PRO_USER, "remaster-modal");
    const source = await layOutSong();
    await app().signIn(PRO_USER);
    await chooseFromMenu(page, source, "Remaster Pro");
    const modal = page.getByTestId("remaster-modal");
    await modal.getByRole("slider", { name: "Stereo width" }).fill("1");
    await modal.getByRole("slider", { name: "Tone" }).fill("0.75");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/remaster-modal.png` });
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/generate/upsample"));
    await modal.getByRole("button", { name: "Remaster", exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({
      clip_id: source,
      model_name: "chirp-crow",
      tone: 0.75,
      stereo_width: 1,
    });
    await expect.poll(() => page.getByText("Remastering clip...").count()).toBe(1);
    await expect.poll(() => modal.count()).toBe(0);
    const firstRow = page.getByTestId("clip-row").first();
    const newId = (await firstRow.getAttribute("data-clip-id")) ?? "";
    expect(newId).not.toBe(source);
    await expect
      .poll(async () => (await clipOf(page, baseUrl, newId)).status, { timeout: 40_000, interval: 1000 })
      .toBe("complete");
    const remastered = await clipOf(page, baseUrl, newId);
    expect(remastered.metadata).toMatchObject({ task: "upsample", upsample_clip_id: source });
  });

  it("remasters a v4 song into a newer model chosen in the upsample model select, without sliders", async () => {
    const { page } = app();
    const source = await layOutSong(PRO_USER, "pcm16", "chirp-v4");
    await page.reload();
    await chooseFromMenu(page, source, "Remaster Pro");
    const modal = page.getByTestId("remaster-modal");
    const model = modal.getByLabel("Model");
    expect(await model.locator("option").allTextContents()).toEqual(["V4.5", "V4.5+", "V5"]);
    expect(await modal.getByRole("slider").count()).toBe(0);
    await model.selectOption({ label: "V4.5+" });

    // A refusal keeps the modal open and says the spec's words.
    await page.route("**/api/generate/upsample", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ detail: REMASTER_NOT_ALLOWED }),
      }),
    );
    await modal.getByRole("button", { name: "Remaster", exact: true }).click();
    await expect.poll(() => page.getByText(REMASTER_NOT_ALLOWED).count()).toBe(1);
    expect(await modal.count()).toBe(1);
    await page.unroute("**/api/generate/upsample");

    const sent = page.waitForRequest((request) => request.url().endsWith("/api/generate/upsample"));
    await modal.getByRole("button", { name: "Remaster", exact: true }).click();
    expect((await sent).postDataJSON()).toEqual({ clip_id: source, model_name: "chirp-v4-5-plus" });
    await expect.poll(() => modal.count()).toBe(0);
  });

  it("converts the song to WAV and polls for the file until it is there", async () => {
    const { page } = app();
    // A float WAV is converted to the 16-bit download: the file is not there at once.
    const source = await layOutSong(PRO_USER, "float32");
    await page.reload();
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes(source) && /convert_wav|wav_file|increment_action_count/.test(path)) asked.push(path);
    });
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await chooseFromMenu(page, source, "WAV Audio");
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${TITLE}.wav`);
    const bytes = readFileSync(await file.path());
    const wav = decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(wav.channels[0].length).toBe(4 * 48_000);
    await expect.poll(() => asked.at(-1)).toBe(`/api/gen/${source}/increment_action_count/`);
    expect(asked[0]).toBe(`/api/gen/${source}/convert_wav/`);
    expect(asked.filter((path) => path.endsWith("/wav_file/")).length).toBeGreaterThan(0);
  });

  it("downloads the song as Opus: converted, polled for, a file a real decoder plays", async () => {
    const { page } = app();
    const source = await layOutSong();
    await page.reload();
    const asked: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.includes(source) && /convert_opus|opus_file|increment_action_count/.test(path))
        asked.push(path);
    });
    const download = page.waitForEvent("download", { timeout: 60_000 });
    await chooseFromMenu(page, source, "Opus Audio");
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${TITLE}.opus`);
    const path = await file.path();
    // ffprobe names the codec; the decoder gives back the song's 4 seconds at Opus's 48 kHz.
    const probe = execFileSync("ffprobe", [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_name,channels",
      "-of",
      "csv=p=0",
      path,
    ]);
    expect(probe.toString().trim()).toBe("opus,2");
    const decoder = new OggOpusDecoder();
    await decoder.ready;
    const decoded = await decoder.decodeFile(new Uint8Array(readFileSync(path)));
    decoder.free();
    expect(decoded.sampleRate).toBe(48_000);
    expect(Math.abs(decoded.samplesDecoded - 4 * 48_000)).toBeLessThanOrEqual(1);
    await expect.poll(() => asked.at(-1)).toBe(`/api/gen/${source}/increment_action_count/`);
    expect(asked[0]).toBe(`/api/gen/${source}/convert_opus`);
    expect(asked.filter((asked) => asked.endsWith("/opus_file/")).length).toBeGreaterThan(0);
  });

  it("tells a free user the song is for personal use before its MP3 downloads", async () => {
    const { page } = app();
    await app().signOut();
    const source = await layOutSong(FREE_USER);
    await app().signIn(FREE_USER);
    await chooseFromMenu(page, source, "MP3 Audio");
    const modal = page.getByTestId("download-file-modal");
    await expect
      .poll(() => modal.textContent())
      .toContain("Songs made on the free plan are for personal use.");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/download-file-modal.png` });
    await modal.getByRole("button", { name: "Upgrade" }).click();
    const upgrade = page.getByRole("dialog").filter({ hasText: "Upgrade to Pro or Premier" });
    await upgrade.getByRole("button", { name: "Got it" }).click();
    const download = page.waitForEvent("download", { timeout: 30_000 });
    await modal.getByRole("button", { name: "Download", exact: true }).click();
    expect((await download).suggestedFilename()).toBe(`${TITLE}.mp3`);
    await expect.poll(() => modal.count()).toBe(0);
  });
});
