// The /studio page in Chromium: the demo project opens, edits go through the canvas and the
// keyboard, a drag is one undo step, the EQ and the transport work, edits survive a reload, and
// the export zip holds a WAV of the right length and MIDI that parses. The state is read from the
// page's accessible clip list and controls, never from globals.

import { readFileSync } from "node:fs";
import { Midi } from "@tonejs/midi";
import JSZip from "jszip";
import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

/** The timeline's constants (src/studio/timeline/constants.ts). */
const RULER_HEIGHT = 28;
const INITIAL_PIXELS_PER_BEAT = 100;
const TRACK_HEIGHT = 88;
/** Demo tempo: 2 beats a second; the demo's clips end at beat 64. */
const DEMO_SECONDS = 32;

const trackClips = (trackId: string): Locator =>
  page().locator(`[data-testid="track-clips"][data-track-id="${trackId}"]`);

async function clipSpans(trackId: string): Promise<[number, number][]> {
  return trackClips(trackId)
    .locator('[data-testid="clip-item"]')
    .evaluateAll((items) =>
      items.map((item) => [
        Number(item.getAttribute("data-start-beats")),
        Number(item.getAttribute("data-end-beats")),
      ]),
    ) as Promise<[number, number][]>;
}

async function canvasBox() {
  const box = await page().getByTestId("timeline-canvas").boundingBox();
  if (box === null) throw new Error("The timeline canvas is not on screen");
  return box;
}

/** The middle of a track's lane (by its index) at a beat, in page coordinates. */
async function lanePoint(trackIndex: number, beat: number, pixelsPerBeat: number) {
  const box = await canvasBox();
  return { x: box.x + beat * pixelsPerBeat, y: box.y + RULER_HEIGHT + trackIndex * TRACK_HEIGHT + 50 };
}

async function openStudio(): Promise<void> {
  await page().goto(`${inject("baseUrl")}/studio`);
  await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
  await expect
    .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
    .toContain("DSP engine ready");
}

describe("the studio page", () => {
  it("opens the demo project at /studio: eight tracks, 28 clips, the canvas drawn", async () => {
    await openStudio();
    expect(await page().getByTestId("clip-item").count()).toBe(28);
    expect(await page().locator("canvas").count()).toBe(1);
    expect(await page().getByText("Loading DSP Engine...").count()).toBe(0);
  });

  it("splits a clip with Ctrl+E at the clicked position and undoes it", async () => {
    expect(await clipSpans("demo-track-kick")).toEqual([
      [0, 16],
      [16, 32],
      [32, 48],
      [48, 64],
    ]);
    const point = await lanePoint(0, 2, INITIAL_PIXELS_PER_BEAT);
    await page().mouse.click(point.x, point.y);
    await page().keyboard.press("Control+e");
    await expect
      .poll(() => clipSpans("demo-track-kick"))
      .toEqual([
        [0, 2],
        [2, 16],
        [16, 32],
        [32, 48],
        [48, 64],
      ]);
    await page().keyboard.press("Control+z");
    await expect.poll(() => trackClips("demo-track-kick").getAttribute("data-clip-count")).toBe("4");
  });

  it("drags a clip along its track, and one undo puts it back", async () => {
    const zoomOut = page().getByRole("button", { name: "Zoom out" });
    for (let i = 0; i < 3; i++) await zoomOut.click();
    const pixelsPerBeat = INITIAL_PIXELS_PER_BEAT / 1.5 ** 3;
    // The snare's first clip (16..32) moves 4 beats earlier, onto empty lane.
    const from = await lanePoint(1, 20, pixelsPerBeat);
    const mouse = page().mouse;
    await mouse.move(from.x, from.y);
    await mouse.down();
    for (let step = 1; step <= 8; step++) await mouse.move(from.x - (step * 4 * pixelsPerBeat) / 8, from.y);
    await mouse.up();
    await expect
      .poll(() => clipSpans("demo-track-snare"))
      .toEqual([
        [12, 28],
        [32, 48],
        [48, 64],
      ]);
    await page().keyboard.press("Control+z");
    await expect
      .poll(() => clipSpans("demo-track-snare"))
      .toEqual([
        [16, 32],
        [32, 48],
        [48, 64],
      ]);
  });

  it("changes an EQ band of a track from its EQ panel", async () => {
    await page().getByRole("button", { name: "Bass equalizer" }).click();
    const panel = page().getByTestId("eq-panel");
    await expect.poll(() => panel.getAttribute("data-track-id")).toBe("demo-track-bass");
    const gain = page().getByTestId("eq-band2-gain");
    await gain.focus();
    await page().keyboard.press("End");
    await expect.poll(() => page().getByTestId("eq-band2-gain-value").textContent()).toBe("+24.0 dB");
    await page().keyboard.press("Control+z");
    await expect.poll(() => page().getByTestId("eq-band2-gain-value").textContent()).toBe("0.0 dB");
  });

  it("plays: the playhead advances and the meters move", async () => {
    const time = page().getByTestId("playhead-time");
    const master = page().getByTestId("master-meter").locator('[data-channel="left"]');
    await page().getByRole("button", { name: "Go to start" }).click();
    await page().getByTestId("play-button").click();
    await expect.poll(() => time.textContent(), { timeout: 10_000 }).not.toBe("0:00.0");
    const first = await time.textContent();
    await expect
      .poll(() => master.evaluate((bar) => new DOMMatrix(getComputedStyle(bar).transform).a), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.2);
    await expect.poll(() => time.textContent(), { timeout: 10_000 }).not.toBe(first);
    await page().keyboard.press("Space");
    await expect.poll(() => page().getByTestId("play-button").getAttribute("aria-label")).toBe("Play");
  });

  it("keeps edits across a reload (autosaved in this browser)", async () => {
    await page().getByRole("button", { name: "Go to start" }).click();
    const point = await lanePoint(4, 8, INITIAL_PIXELS_PER_BEAT / 1.5 ** 3);
    await page().mouse.click(point.x, point.y);
    await page().keyboard.press("Control+e");
    await expect.poll(() => trackClips("demo-track-chords").getAttribute("data-clip-count")).toBe("5");
    await page().reload();
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
    expect(await clipSpans("demo-track-chords")).toEqual([
      [0, 8],
      [8, 16],
      [16, 32],
      [32, 48],
      [48, 64],
    ]);
  });

  it("exports a zip with the mixdown as WAV and the clips' MIDI", async () => {
    await expect
      .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
      .toContain("DSP engine ready");
    await page().getByRole("toolbar", { name: "Transport" }).getByRole("button", { name: "Export" }).click();
    const panel = page().getByTestId("export-panel");
    await expect.poll(() => panel.getByText(/MIDI of \d+ clips/).count()).toBe(1);
    const [download] = await Promise.all([
      page().waitForEvent("download", { timeout: 60_000 }),
      panel.getByRole("button", { name: "Export zip" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Demo.zip");
    const path = await download.path();
    const zip = await JSZip.loadAsync(readFileSync(path));
    const names = Object.keys(zip.files);
    expect(names).toContain("Demo.wav");
    const wav = decodeWav((await zip.file("Demo.wav")?.async("arraybuffer")) ?? new ArrayBuffer(0));
    expect(wav.channels).toHaveLength(2);
    expect(wav.channels[0].length / wav.sampleRate).toBeCloseTo(DEMO_SECONDS, 2);
    const midiNames = names.filter((name) => name.endsWith(".mid"));
    expect(midiNames).toEqual(
      expect.arrayContaining(["Bass.mid", "Bass (2).mid", "Lead.mid", "Chords.mid", "Pad.mid"]),
    );
    const bass = new Midi(await zip.file("Bass.mid")?.async("uint8array"));
    expect(bass.tracks[0].notes.length).toBeGreaterThan(0);
    // The demo's first bass clip starts at beat 16 and plays A1 (MIDI 33) from there.
    expect(bass.tracks[0].notes[0].midi).toBe(33);
    expect(bass.tracks[0].notes[0].ticks / bass.header.ppq).toBeCloseTo(16, 3);
  });
});
