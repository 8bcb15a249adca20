// Chromium shows an exported MP3's true length and seeks in it by time: the studio's export writes
// the Info/Xing header and LAME tag, so the element need not guess the length from the bitrate.

import { readFileSync } from "node:fs";
import JSZip from "jszip";
import { describe, expect, inject, it } from "vitest";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { gaplessSamples, readMp3InfoHeader } from "../mp3-info-reader.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

/** What an <audio> element makes of a file: its duration, and where it lands when sent to `seekTo`. */
async function playedInChromium(file: Uint8Array, seekTo: number) {
  return page().evaluate(
    async ({ base64, seekTo }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const audio = new Audio(URL.createObjectURL(new Blob([bytes], { type: "audio/mpeg" })));
      audio.preload = "auto";
      await new Promise((resolve, reject) => {
        audio.addEventListener("loadedmetadata", resolve, { once: true });
        audio.addEventListener(
          "error",
          () => reject(new Error(`The MP3 did not load: ${audio.error?.message}`)),
          {
            once: true,
          },
        );
      });
      const duration = audio.duration;
      audio.currentTime = seekTo;
      await new Promise((resolve) => audio.addEventListener("seeked", resolve, { once: true }));
      return { duration, landed: audio.currentTime };
    },
    { base64: Buffer.from(file).toString("base64"), seekTo },
  );
}

describe("exported MP3s in Chromium", () => {
  it("have the mixdown's length as their duration, and seek to a time", async () => {
    await page().goto(`${inject("baseUrl")}/studio`);
    await expect
      .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
      .toContain("DSP engine ready");
    await page().getByRole("toolbar", { name: "Transport" }).getByRole("button", { name: "Export" }).click();
    const panel = page().getByTestId("export-panel");
    expect(await panel.getByLabel("MP3 (VBR)").isChecked()).toBe(true);
    await panel.getByLabel("WAV (16-bit)").check();
    const [download] = await Promise.all([
      page().waitForEvent("download", { timeout: 60_000 }),
      panel.getByRole("button", { name: "Export zip" }).click(),
    ]);
    const zip = await JSZip.loadAsync(readFileSync(await download.path()));
    const wav = decodeWav((await zip.file("Demo.wav")?.async("arraybuffer")) ?? new ArrayBuffer(0));
    const mp3 = (await zip.file("Demo.mp3")?.async("uint8array")) ?? new Uint8Array();
    const trueSeconds = wav.channels[0].length / wav.sampleRate;
    expect(trueSeconds).toBeGreaterThan(30);

    // Read as a player reads the header: exactly the mixdown.
    const header = readMp3InfoHeader(mp3);
    expect(header.sampleRate).toBe(wav.sampleRate);
    expect(gaplessSamples(header)).toBe(wav.channels[0].length);

    const played = await playedInChromium(mp3, trueSeconds / 2);
    expect(Math.abs(played.duration - trueSeconds)).toBeLessThan(0.05);
    expect(Math.abs(played.landed - trueSeconds / 2)).toBeLessThan(0.05);
  });
});
