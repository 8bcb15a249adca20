// Take lanes in the studio, in Chromium: a saved project whose track holds an "Original" lane and
// two generated versions opens with the lanes collapsed; the track header's toggle opens a row per
// lane; the track plays nothing where only the lanes have clips until "Version 1" is soloed, then
// the engine plays that lane's clip (the track's meter moves), and playing it clears its unheard
// marker for its owner, which the autosave keeps. The state is set up and read through the API.

import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { DEMO_SOURCE_PREFIX } from "../../src/engine/demo/demo-project.ts";
import {
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile();

/** The timeline's constants (src/studio/timeline/constants.ts). */
const RULER_HEIGHT = 28;

/** 120 bpm. The track's own clip ends at beat 2; the versions' clips play from beat 3 to 19. */
function projectWithTakes(ownerId: string): StudioProjectState {
  const lead = (id: string) =>
    newClip({
      id,
      clipId: `${DEMO_SOURCE_PREFIX}lead`,
      name: id,
      startBeats: 3,
      endBeats: 19,
      loop: { enabled: true, startBeats: 0, endBeats: 8 },
    });
  return newProjectState({
    title: "Takes",
    timing: { type: "manual", bps: 2 },
    tracks: [
      newTrack({
        id: "takes",
        name: "Takes",
        clips: [
          newClip({
            id: "own",
            clipId: `${DEMO_SOURCE_PREFIX}kick`,
            name: "own",
            startBeats: 0,
            endBeats: 2,
          }),
        ],
        takeLanes: [
          { id: "lane-original", name: "Original", clips: [] },
          { id: "lane-v1", name: "Version 1", clips: [lead("take-1")], unheardFor: ownerId },
          { id: "lane-v2", name: "Version 2", clips: [lead("take-2")], unheardFor: ownerId },
        ],
        takeLanesExpanded: false,
      }),
    ],
    selection: { trackIds: ["takes"], focusedTrackId: "takes" },
  });
}

/** The track meter's left bar, as its scale (0 silent .. 1 full). */
const meterLevel = (meter: Locator): Promise<number> =>
  meter.evaluate((bar) => new DOMMatrix(getComputedStyle(bar).transform).a);

/**
 * Puts the playhead at a beat by clicking the ruler where the canvas says that beat is, the view
 * first scrolled back to the song's start (it follows the playhead while playing).
 */
async function seekTo(beat: number): Promise<void> {
  const canvas = page().getByTestId("timeline-canvas");
  const box = await canvas.boundingBox();
  if (box === null) throw new Error("The timeline canvas is not on screen");
  await page().mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page().mouse.wheel(-1e6, 0);
  await expect.poll(() => canvas.getAttribute("data-start-beat")).toBe("0.000");
  const x = beat * Number(await canvas.getAttribute("data-pixels-per-beat"));
  expect(box.width).toBeGreaterThan(x + 10);
  await page().mouse.click(box.x + x, box.y + RULER_HEIGHT / 2);
}

describe("take lanes in the studio", () => {
  it("expands the lanes, plays the soloed Version 1 in place of the track's clips, and clears its unheard marker", async () => {
    const base = inject("baseUrl");
    const request = page().request;
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const signup = await request.post(`${base}/api/auth/signup`, {
      data: { email: `takes-${suffix}@example.com`, password: "a long password", handle: `takes_${suffix}` },
    });
    expect(signup.status()).toBe(201);
    const session = (await (await request.get(`${base}/api/session`)).json()) as { user: { id: string } };
    const ownerId = session.user.id;
    const created = await request.post(`${base}/api/studio/create-project?title=Takes`, {
      headers: { origin: base },
    });
    expect(created.status()).toBe(201);
    const { id: projectId, version_id: baseVersion } = (await created.json()) as {
      id: string;
      version_id: number;
    };
    const saved = await request.post(`${base}/api/studio/save-project`, {
      headers: { origin: base },
      data: { project_id: projectId, state: projectWithTakes(ownerId), base_version_id: baseVersion },
    });
    expect(saved.status()).toBe(200);

    await page().goto(`${base}/studio?initial_project_id=${projectId}`);
    await expect.poll(() => page().getByTestId("track-header").count(), { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => page().getByTestId("loading-overlay").textContent(), { timeout: 30_000 })
      .toContain("DSP engine ready");

    // Collapsed: no lane rows. The header's toggle opens one per lane, with its name.
    const rows = page().getByTestId("take-lane-header");
    expect(await rows.count()).toBe(0);
    const toggle = page().getByRole("button", { name: "Takes take lanes" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await rows.locator(".take-lane-name").allTextContents()).toEqual([
      "Original",
      "Version 1",
      "Version 2",
    ]);
    const row = (laneId: string) =>
      page().locator(`[data-testid="take-lane-header"][data-lane-id="${laneId}"]`);
    const markers = (laneId: string) => row(laneId).getByTestId("unheard-marker");
    expect(await markers("lane-original").count()).toBe(0);
    expect(await markers("lane-v1").count()).toBe(1);
    expect(await markers("lane-v2").count()).toBe(1);

    const meter = page().getByTestId("track-meter").first().locator('[data-channel="left"]');
    const playButton = page().getByTestId("play-button");

    // Nothing soloed: from beat 4 only the lanes have clips, and the track plays none of them.
    await seekTo(4);
    await playButton.click();
    await expect
      .poll(() => page().getByTestId("playhead-time").textContent(), { timeout: 10_000 })
      .not.toBe("0:02.0");
    let loudest = 0;
    for (let i = 0; i < 12; i++) {
      loudest = Math.max(loudest, await meterLevel(meter));
      await page().waitForTimeout(100);
    }
    expect(loudest).toBeLessThan(0.02);
    await page().keyboard.press("Space");
    await expect.poll(() => playButton.getAttribute("aria-label")).toBe("Play");
    // Listening without the solo heard nothing of the versions: still unheard.
    expect(await markers("lane-v1").count()).toBe(1);

    // Solo Version 1 and play through it: the engine plays the lane's clip on the track.
    await row("lane-v1").getByRole("button", { name: "Solo Version 1" }).click();
    await expect
      .poll(() =>
        row("lane-v1").getByRole("button", { name: "Unsolo Version 1" }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    await seekTo(4);
    await playButton.click();
    await expect.poll(() => meterLevel(meter), { timeout: 10_000 }).toBeGreaterThan(0.1);
    await expect.poll(() => markers("lane-v1").count(), { timeout: 10_000 }).toBe(0);
    await page().keyboard.press("Space");
    await expect.poll(() => playButton.getAttribute("aria-label")).toBe("Play");
    // Version 2 was not played: its marker stays.
    expect(await markers("lane-v2").count()).toBe(1);

    // The autosave keeps the solo and the heard lane.
    await expect
      .poll(
        async () => {
          const latest = (await (await request.get(`${base}/api/studio/project/${projectId}`)).json()) as {
            state: StudioProjectState;
          };
          const track = latest.state.tracks[0];
          return [
            track.soloTakeLaneId,
            track.takeLanesExpanded,
            ...track.takeLanes.map((lane) => lane.unheardFor),
          ];
        },
        { timeout: 15_000 },
      )
      .toEqual(["lane-v1", true, null, null, ownerId]);
  });
});
