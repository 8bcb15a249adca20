// The /studio page in Chromium: the demo project opens, edits go through the canvas and the
// keyboard, a drag is one undo step, the EQ and the transport work, edits survive a reload, and
// the export zip holds a WAV of the right length and MIDI that parses. The state is read from the
// page's accessible clip list and controls, never from globals.

import { readFileSync } from "node:fs";
import { Midi } from "@tonejs/midi";
import JSZip from "jszip";
import { MPEGDecoder } from "mpg123-decoder";
import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { openAppPageForFile } from "./app-page.ts";
import { dropWavOnTimeline, toneWavBase64 } from "./studio-drop.ts";

const page = openAppPageForFile();
/** The song clip the upload test made, opened by the server persistence test. */
let songClipId = "";

/** The timeline's constants (src/studio/timeline/constants.ts). */
const RULER_HEIGHT = 28;
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

/** The beats the canvas shows: its first beat and its zoom, as the canvas element describes them. */
async function view(): Promise<{ startBeat: number; pixelsPerBeat: number }> {
  const canvas = page().getByTestId("timeline-canvas");
  return {
    startBeat: Number(await canvas.getAttribute("data-start-beat")),
    pixelsPerBeat: Number(await canvas.getAttribute("data-pixels-per-beat")),
  };
}

/** The page x of a beat on the canvas. */
async function beatX(beat: number): Promise<number> {
  const [box, { startBeat, pixelsPerBeat }] = await Promise.all([canvasBox(), view()]);
  return box.x + (beat - startBeat) * pixelsPerBeat;
}

/** The middle of a track's lane (by its index) at a beat, in page coordinates. */
async function lanePoint(trackIndex: number, beat: number) {
  const box = await canvasBox();
  return { x: await beatX(beat), y: box.y + RULER_HEIGHT + trackIndex * TRACK_HEIGHT + 50 };
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
    const point = await lanePoint(0, 2);
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
    // The whole demo is in view (the project is fitted on open).
    const { pixelsPerBeat } = await view();
    // The snare's first clip (16..32) moves 4 beats earlier, onto empty lane.
    const from = await lanePoint(1, 20);
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

  it("drags a fade-in handle and trims a clip's end, each one undo step", async () => {
    const box = await canvasBox();
    const mouse = page().mouse;
    const drag = async (from: { x: number; y: number }, toX: number) => {
      await mouse.move(from.x, from.y);
      await mouse.down();
      for (let step = 1; step <= 6; step++) await mouse.move(from.x + ((toX - from.x) * step) / 6, from.y);
      await mouse.up();
    };
    // The chords' first clip fades in over 4 beats; its handle sits under the name band there.
    const chords = trackClips("demo-track-chords").locator('[data-testid="clip-item"]').first();
    const handle = { x: await beatX(4), y: box.y + RULER_HEIGHT + 4 * TRACK_HEIGHT + 20 };
    await drag(handle, await beatX(6));
    await expect.poll(() => chords.getAttribute("data-fade-in-beats")).toBe("6");
    // The hats' first clip (8..16) ends 4 beats earlier.
    const hatsEnd = { x: (await beatX(16)) - 3, y: box.y + RULER_HEIGHT + 2 * TRACK_HEIGHT + 50 };
    await drag(hatsEnd, (await beatX(12)) - 3);
    await expect.poll(async () => (await clipSpans("demo-track-hats"))[0]).toEqual([8, 12]);
    await page().keyboard.press("Control+z");
    await expect.poll(async () => (await clipSpans("demo-track-hats"))[0]).toEqual([8, 16]);
    await page().keyboard.press("Control+z");
    await expect.poll(() => chords.getAttribute("data-fade-in-beats")).toBe("4");
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

  it("sets a clip's transposition by hand: a leading plus, text ignored, Enter confirms, Escape cancels", async () => {
    const point = await lanePoint(0, 1);
    await page().mouse.click(point.x, point.y);
    await page().getByRole("button", { name: "Clip info" }).click();
    await expect
      .poll(() => page().getByTestId("clip-settings").getAttribute("data-clip-id"))
      .toBe("demo-track-kick-clip-1");
    const input = page().getByTestId("transpose-input");
    await input.fill("+5");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("+5");
    await input.fill("up a fifth");
    await input.press("Enter");
    await expect.poll(() => input.inputValue()).toBe("+5");
    await input.fill("-7");
    await input.press("Escape");
    await expect.poll(() => input.inputValue()).toBe("+5");
    // Escape blurred the field; the shortcut undoes the one change that was confirmed.
    await page().keyboard.press("Control+z");
    await expect.poll(() => input.inputValue()).toBe("0");
  });

  it("drags a fader with the pointer, resets it with a double-click, and halves and doubles the grid", async () => {
    const fader = page().getByRole("slider", { name: "Kick volume" });
    const knob = fader.locator(".fader-knob");
    // hover() waits until the knob stands still and is the element under the pointer (on a loaded
    // machine the panel may still be settling, or a tooltip covering it), then rests the pointer on it.
    await knob.hover();
    const box = await knob.boundingBox();
    if (box === null) throw new Error("The kick's fader knob is not on screen");
    // What the page saw of the drag, for the failure's message.
    await page().evaluate(() => {
      const trace: string[] = [];
      Object.assign(window, { faderTrace: trace });
      for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel"]) {
        window.addEventListener(
          type,
          (event) => {
            const { target, clientX, movementX } = event as PointerEvent;
            const on = target instanceof Element ? target.className : String(target);
            trace.push(
              `${type} on ${on} x=${clientX} dx=${movementX} locked=${document.pointerLockElement !== null}`,
            );
          },
          true,
        );
      }
      const slider = document.querySelector('[aria-label="Kick volume"]');
      if (slider === null) return;
      new MutationObserver(() => trace.push(`value ${slider.getAttribute("aria-valuenow")}`)).observe(
        slider,
        {
          attributeFilter: ["aria-valuenow"],
        },
      );
    });
    const mouse = page().mouse;
    await mouse.down();
    for (let step = 1; step <= 5; step++) await mouse.move(box.x + box.width / 2 - step * 8, box.y);
    await mouse.up();
    await expect
      .poll(async () => Number(await fader.getAttribute("aria-valuenow")))
      .toBeLessThan(1)
      .catch(async (error: Error) => {
        const trace = await page().evaluate(() => (window as unknown as { faderTrace: string[] }).faderTrace);
        throw new Error(`${error.message}; the page saw:\n${trace.join("\n")}`);
      });
    // The pointer is let go with the button: the rest of the page gets its clicks again.
    await expect.poll(() => page().evaluate(() => document.pointerLockElement === null)).toBe(true);
    await fader.dblclick();
    await expect.poll(async () => Number(await fader.getAttribute("aria-valuenow"))).toBe(1);

    const grid = page().getByTestId("grid-value");
    const before = await grid.textContent();
    await page().keyboard.press("Shift+Digit1");
    await expect.poll(() => grid.textContent()).not.toBe(before);
    await page().keyboard.press("Shift+Digit2");
    await expect.poll(() => grid.textContent()).toBe(before);
  });

  it("follows the system's colour scheme live with the System theme; tooltips fade over 100 ms", async () => {
    // The loading overlay stayed after loading (the first test saw "DSP engine ready"); it fades later.
    await expect.poll(() => page().getByTestId("loading-overlay").count(), { timeout: 15_000 }).toBe(0);
    const theme = () => page().evaluate(() => document.documentElement.dataset.theme);
    const selector = page().getByRole("combobox", { name: "Theme" });
    expect(await theme()).toBe("dark");
    await page().emulateMedia({ colorScheme: "light" });
    await selector.selectOption("system");
    await expect.poll(theme).toBe("light");
    await page().emulateMedia({ colorScheme: "dark" });
    await expect.poll(theme).toBe("dark");
    await page().emulateMedia({ colorScheme: "light" });
    await expect.poll(theme).toBe("light");
    await selector.selectOption("dark");
    await expect.poll(theme).toBe("dark");
    await page().emulateMedia({ colorScheme: null });

    const fade = await page()
      .locator('[role="tooltip"]')
      .first()
      .evaluate((tip) => [
        getComputedStyle(tip).transitionProperty,
        getComputedStyle(tip).transitionDuration,
      ]);
    expect(fade).toEqual(["opacity", "0.1s"]);
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

  it("drops an audio file on a track: it plays at once, then uploads into a song clip", async () => {
    const base = inject("baseUrl");
    const signup = await page().request.post(`${base}/api/auth/signup`, {
      data: { email: "studio-upload@example.com", password: "a long password", handle: "studio_upload" },
    });
    expect(signup.status()).toBe(201);
    // Eight seconds of a tone: 16 beats at the demo's tempo.
    const lead = await lanePoint(5, 0);
    await dropWavOnTimeline(page(), { x: lead.x + 2, y: lead.y }, "Take one.wav", toneWavBase64(8));
    await expect
      .poll(() => page().getByTestId("upload-banner").textContent())
      .toContain("Take one.wav is coming");
    const take = trackClips("demo-track-lead").locator('[data-testid="clip-item"]').first();
    await expect.poll(() => take.textContent()).toContain("Take one, beats 0 to 16");
    await expect
      .poll(() => take.getAttribute("data-song-clip-id"), { timeout: 30_000 })
      .toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page().getByTestId("upload-banner").count()).toBe(0);
    songClipId = (await take.getAttribute("data-song-clip-id")) ?? "";
  });

  it("opens the studio for a song clip, autosaves to the server, and shows the saved state after a reload", async () => {
    await page().goto(`${inject("baseUrl")}/studio?for_clip_id=${songClipId}`);
    const clips = page().locator('[data-testid="clip-item"]');
    await expect.poll(() => clips.count(), { timeout: 20_000 }).toBe(1);
    expect(await clips.first().getAttribute("data-song-clip-id")).toBe(songClipId);
    await page().getByRole("button", { name: "Mute", exact: true }).click();
    await expect
      .poll(() => page().getByTestId("save-status").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("saved");
    await page().reload();
    await expect
      .poll(() => page().getByRole("button", { name: "Unmute" }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await page().getByTestId("save-status").getAttribute("data-status")).toBe("saved");

    // Offline, edits are kept in this browser under a visible marker, and saved once back online.
    const status = page().getByTestId("save-status");
    await page().context().setOffline(true);
    try {
      await page().getByRole("button", { name: "Unmute" }).click();
      await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("offline");
      expect(await status.textContent()).toBe("Offline: kept in this browser");
    } finally {
      await page().context().setOffline(false);
    }
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("saved");
    await page().getByRole("button", { name: "Mute", exact: true }).click();
    await expect.poll(() => status.getAttribute("data-status")).not.toBe("saved");
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("saved");

    // A version link opens that version read-only and leaves the address once the project is open.
    // Signed in by cookie: writes say where they come from, as the pages' own requests do.
    const project = await page().request.post(
      `${inject("baseUrl")}/api/studio/create-or-load-project-for-clip/${songClipId}`,
      { headers: { origin: inject("baseUrl") } },
    );
    const { id: projectId } = (await project.json()) as { id: string };
    const latest = await page().request.get(`${inject("baseUrl")}/api/studio/project/${projectId}`);
    const { version_id: versionId } = (await latest.json()) as { version_id: number };
    await page().goto(`${inject("baseUrl")}/studio?project_version_id=${versionId}`);
    await expect
      .poll(() => page().getByRole("button", { name: "Unmute" }).count(), { timeout: 20_000 })
      .toBe(1);
    await expect.poll(() => page().evaluate(() => window.location.search)).toBe("");
    // An edit asks to clone instead; Escape cancels the dialog and nothing changes.
    await page().getByRole("button", { name: "Unmute" }).click();
    const dialog = page().getByRole("dialog");
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.textContent()).toContain("Clone it to keep working");
    await page().keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page().getByRole("button", { name: "Unmute" }).count()).toBe(1);
    await page().goto(`${inject("baseUrl")}/studio`);
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
  });

  it("turns read-only when a save finds its version locked, and the clone keeps the refused edit", async () => {
    const base = inject("baseUrl");
    await page().goto(`${base}/studio?for_clip_id=${songClipId}`);
    await expect
      .poll(() => page().getByRole("button", { name: "Unmute" }).count(), { timeout: 20_000 })
      .toBe(1);
    const status = page().getByTestId("save-status");
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("saved");
    // Someone locks the version the page is editing (here: the same user, from another tab).
    const project = await page().request.post(
      `${base}/api/studio/create-or-load-project-for-clip/${songClipId}`,
      {
        headers: { origin: base },
      },
    );
    const { id: projectId } = (await project.json()) as { id: string };
    const latest = await page().request.get(`${base}/api/studio/project/${projectId}`);
    const { version_id: versionId } = (await latest.json()) as { version_id: number };
    const lock = await page().request.post(`${base}/api/studio/project_revision/${versionId}/lock`, {
      headers: { origin: base },
      data: { is_locked: true },
    });
    expect(lock.status()).toBe(200);

    await page().getByRole("button", { name: "Unmute" }).click();
    const dialog = page().getByRole("dialog");
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.textContent()).toContain("This version is locked");
    expect(await status.getAttribute("data-status")).toBe("locked");
    await page().keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // Read-only now: the next edit asks again instead of being applied.
    await page().getByRole("button", { name: "Mute", exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await page().getByRole("button", { name: "Mute", exact: true }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Clone Project" }).click();
    await expect
      .poll(() => page().evaluate(() => window.location.search), { timeout: 15_000 })
      .toMatch(/^\?initial_project_id=/);
    // The copy opens with the edit the locked version refused, and saves it.
    await expect
      .poll(() => page().getByRole("button", { name: "Mute", exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    await expect.poll(() => status.getAttribute("data-status"), { timeout: 15_000 }).toBe("saved");
    await page().goto(`${base}/studio`);
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
  });

  it("keeps edits across a reload (autosaved in this browser)", async () => {
    await page().getByRole("button", { name: "Go to start" }).click();
    const point = await lanePoint(4, 4);
    await page().mouse.click(point.x, point.y);
    await page().keyboard.press("Control+e");
    await expect.poll(() => trackClips("demo-track-chords").getAttribute("data-clip-count")).toBe("5");
    await page().reload();
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(8);
    expect(await clipSpans("demo-track-chords")).toEqual([
      [0, 4],
      [4, 16],
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
    // MP3 is the default; WAV is added.
    expect(await panel.getByLabel("MP3 (VBR)").isChecked()).toBe(true);
    expect(await panel.getByLabel("WAV (16-bit)").isChecked()).toBe(false);
    await panel.getByLabel("WAV (16-bit)").check();
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
    const decoder = new MPEGDecoder();
    await decoder.ready;
    const mp3 = decoder.decode((await zip.file("Demo.mp3")?.async("uint8array")) ?? new Uint8Array());
    decoder.free();
    // The MP3's LAME tag gives the encoder's delay and padding: a gapless decoder trims to the mixdown.
    expect(mp3.sampleRate).toBe(wav.sampleRate);
    expect(mp3.samplesDecoded).toBe(wav.channels[0].length);
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
  it("shows the legacy editor link when the engine takes more than 5 s to load", async () => {
    const isDsp = (url: URL) => /\/dsp[^/]*\.wasm$/.test(url.pathname);
    // The engine's wasm arrives 6 s late: the link shows under the loading text meanwhile.
    await page().route(isDsp, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await route.continue();
    });
    try {
      await page().goto(`${inject("baseUrl")}/studio`);
      const overlay = page().getByTestId("loading-overlay");
      await expect.poll(() => overlay.textContent(), { timeout: 20_000 }).toContain("Loading DSP Engine...");
      const legacy = page().getByRole("link", { name: "Open in Legacy Editor" });
      await expect.poll(() => legacy.count(), { timeout: 10_000 }).toBe(1);
      expect(await legacy.getAttribute("href")).toBe("/create");
      await expect.poll(() => overlay.textContent(), { timeout: 30_000 }).toContain("DSP engine ready");
      expect(await legacy.count()).toBe(0);
    } finally {
      await page().unroute(isDsp);
    }
  });
});
