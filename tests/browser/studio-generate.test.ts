// Generating inside the studio, in Chromium against the real built-in generator: 8 bars selected over
// a song's clip are replaced, the two results land in take lanes ("Original", "Version 1",
// "Version 2"), Version 2 is soloed and undo gives the range back; a selection at the end extends the
// song when the end-selection setting says so; a generation that fails shows its toast once per clip.
// The project is laid out and read back through the API (its autosave).

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Generator } from "../../src/generator/generator.ts";
import {
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import { DEMO_PASSWORD, openCreateApp, PRO_USER, postJson } from "./create-app.ts";
import { accountOf, finishedSong } from "./song-fixtures.ts";

/** Requests with this title fail in the generator, as a render that breaks would. */
const DOOMED = "Doomed take";

const app = openCreateApp({
  generator: (builtIn): Generator => ({
    name: builtIn.name,
    close: () => builtIn.close(),
    generate: (request, onProgress, signal) =>
      request.title === DOOMED
        ? Promise.reject(new Error("The renderer stopped"))
        : builtIn.generate(request, onProgress, signal),
  }),
});

/** The generator on two shared cores: a song can take a minute or more. */
const GENERATION_MS = 300_000;

/** 120 bpm (2 beats a second): the song's 24 s clip covers beats 0..48. */
function songProject(
  songId: string,
  selection: { anchorBeats: number; focusBeats: number },
): StudioProjectState {
  return newProjectState({
    title: "Generate here",
    timing: { type: "manual", bps: 2 },
    tracks: [
      newTrack({
        id: "song",
        name: "Song",
        clips: [newClip({ id: "whole", clipId: songId, name: "Whole", startBeats: 0, endBeats: 48 })],
      }),
    ],
    selection: { trackIds: ["song"], focusedTrackId: "song", ...selection },
  });
}

async function openProject(page: Page, baseUrl: string, state: StudioProjectState): Promise<string> {
  const created = await page.request.post(`${baseUrl}/api/studio/create-project?title=Generate`, {
    headers: { origin: baseUrl },
  });
  expect(created.status()).toBe(201);
  const { id, version_id } = (await created.json()) as { id: string; version_id: number };
  const saved = await postJson(page, baseUrl, "/api/studio/save-project", {
    project_id: id,
    state,
    base_version_id: version_id,
  });
  expect(saved.status()).toBe(200);
  await page.goto(`${baseUrl}/studio?initial_project_id=${id}`);
  await expect
    .poll(() => page.getByTestId("loading-overlay").textContent(), { timeout: 60_000 })
    .toContain("DSP engine ready");
  await page.getByRole("button", { name: "Generate", exact: true }).first().click();
  await expect.poll(() => page.getByTestId("generate-panel").count()).toBe(1);
  return id;
}

async function savedTrack(page: Page, baseUrl: string, projectId: string) {
  const answer = await page.request.get(`${baseUrl}/api/studio/project/${projectId}`);
  const { state } = (await answer.json()) as { state: StudioProjectState };
  return state.tracks[0];
}

const panel = (page: Page) => page.getByTestId("generate-panel");

async function generate(page: Page, styles: string, title = ""): Promise<void> {
  await panel(page).getByLabel("Styles").fill(styles);
  await panel(page).getByLabel("Clip name").fill(title);
  await panel(page).getByRole("button", { name: "Generate", exact: true }).click();
}

/** Records every toast title shown, even after it goes, so a repeat would be counted. */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.classList.contains("toast"))
            seen.push(node.querySelector("strong")?.textContent ?? "");
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

/** A test's own limit: a generation, the studio opening and the autosave around it. */
const TEST_MS = GENERATION_MS + 120_000;

describe("generating in the studio", () => {
  beforeAll(async () => {
    const { page, baseUrl } = app();
    const login = await postJson(page, baseUrl, "/api/auth/login", {
      email: PRO_USER,
      password: DEMO_PASSWORD,
    });
    expect(login.status()).toBe(200);
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") console.log(`[page] ${message.text()}`);
    });
  }, TEST_MS);

  it(
    "replaces 8 bars over a clip with versions in take lanes, solos Version 2, and undoes",
    async () => {
      const { page, baseUrl, db, storage } = app();
      const user = await accountOf(db, PRO_USER);
      const song = await finishedSong(
        { db, storage },
        { userId: user.id, title: "Tone", isPublic: false, seconds: 24 },
      );
      // 8 bars of 4 beats: beats 8..40 (16 s), inside the clip.
      const projectId = await openProject(
        page,
        baseUrl,
        songProject(song.id, { anchorBeats: 8, focusBeats: 40 }),
      );
      await expect.poll(() => panel(page).getByTestId("generate-mode").textContent()).toBe("Replace");
      expect(await panel(page).getByTestId("generate-blocked").count()).toBe(0);

      await generate(page, "warm synth pop");
      const lanes = page.getByTestId("take-lane-header");
      await expect.poll(() => lanes.count(), { timeout: GENERATION_MS, interval: 250 }).toBe(3);
      expect(
        await lanes.evaluateAll((rows) =>
          rows.map((row) => row.querySelector(".take-lane-name")?.textContent),
        ),
      ).toEqual(["Original", "Version 1", "Version 2"]);
      // Version 2 is not heard yet: its owner sees the marker.
      expect(
        await page
          .getByRole("group", { name: "Song take lane Version 2" })
          .getByTestId("unheard-marker")
          .count(),
      ).toBe(1);

      await page.getByRole("button", { name: "Solo Version 2" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Unsolo Version 2" }).count()).toBe(1);
      await expect
        .poll(async () => (await savedTrack(page, baseUrl, projectId)).soloTakeLaneId, { timeout: 20_000 })
        .not.toBeNull();
      const placed = await savedTrack(page, baseUrl, projectId);
      const version2 = placed.takeLanes.find((lane) => lane.name === "Version 2");
      expect(placed.soloTakeLaneId).toBe(version2?.id);
      expect(version2?.clips.map((clip) => [clip.startBeats, clip.endBeats])).toEqual([[8, 40]]);
      // The original lane holds a copy of what the range covered.
      expect(placed.takeLanes[0].clips.map((clip) => [clip.clipId, clip.startBeats, clip.endBeats])).toEqual([
        [song.id, 8, 40],
      ]);

      // Undo the solo, then the placement: the range holds the song again and the lanes go.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("Control+z");
      await page.keyboard.press("Control+z");
      await expect.poll(() => lanes.count()).toBe(0);
      await expect
        .poll(
          async () => {
            const track = await savedTrack(page, baseUrl, projectId);
            return JSON.stringify([
              track.takeLanes.length,
              track.clipCreationIntents.length,
              track.clips.map((clip) => [clip.clipId, clip.startBeats, clip.endBeats]),
            ]);
          },
          { timeout: 20_000 },
        )
        .toBe(JSON.stringify([0, 0, [[song.id, 0, 48]]]));
    },
    TEST_MS,
  );

  it(
    "extends the song from a selection at its end when the end-selection setting says extend",
    async () => {
      const { page, baseUrl, db, storage } = app();
      const user = await accountOf(db, PRO_USER);
      const song = await finishedSong(
        { db, storage },
        { userId: user.id, title: "Tone", isPublic: false, seconds: 24 },
      );
      const projectId = await openProject(
        page,
        baseUrl,
        songProject(song.id, { anchorBeats: 48, focusBeats: 64 }),
      );
      // By default the end of the song is replaced; the setting turns it into an extend.
      await expect.poll(() => panel(page).getByTestId("generate-mode").textContent()).toBe("Replace");
      await panel(page).getByText("Extend", { exact: true }).click();
      await expect.poll(() => panel(page).getByTestId("generate-mode").textContent()).toBe("Extend");

      await generate(page, "folk", "Outro");
      await expect
        .poll(
          async () => {
            const track = await savedTrack(page, baseUrl, projectId);
            return track.clips
              .filter((clip) => clip.clipId !== song.id)
              .map((clip) => [clip.name, clip.startBeats, clip.streaming]);
          },
          { timeout: GENERATION_MS, interval: 500 },
        )
        .toEqual([["Outro", 48, false]]);
      const track = await savedTrack(page, baseUrl, projectId);
      const extended = track.clips.find((clip) => clip.name === "Outro");
      // Trimmed to the song's real length once complete: it plays on past the old end, and stops with the audio.
      expect(extended?.endBeats).toBeGreaterThan(56);
      expect(extended?.endBeats).toBeLessThan(48 + 960);
      // The second version of the extension is kept too: nothing lay past the old end, so the
      // Original lane is empty, and each version has its lane.
      expect(track.takeLanes.map((lane) => lane.name)).toEqual(["Original", "Version 1", "Version 2"]);
      expect(track.takeLanes[0]?.clips).toEqual([]);
    },
    TEST_MS,
  );

  it(
    "shows a failed generation's toast once per clip and drops its queued generation",
    async () => {
      const { page, baseUrl, db, storage } = app();
      const user = await accountOf(db, PRO_USER);
      const song = await finishedSong(
        { db, storage },
        { userId: user.id, title: "Tone", isPublic: false, seconds: 24 },
      );
      const projectId = await openProject(
        page,
        baseUrl,
        songProject(song.id, { anchorBeats: 8, focusBeats: 24 }),
      );
      await recordToasts(page);
      await generate(page, "folk", DOOMED);
      await expect.poll(() => panel(page).getByTestId("generate-running").count(), { timeout: 5000 }).toBe(1);
      await expect
        .poll(() => panel(page).getByTestId("generate-running").count(), {
          timeout: GENERATION_MS,
          interval: 250,
        })
        .toBe(0);
      expect(await toastsSeen(page)).toEqual(["Error generating clip", "Error generating clip"]);
      await expect
        .poll(async () => (await savedTrack(page, baseUrl, projectId)).clipCreationIntents.length, {
          timeout: 20_000,
        })
        .toBe(0);
      const track = await savedTrack(page, baseUrl, projectId);
      expect(track.clips.map((clip) => clip.clipId)).toEqual([song.id]);
    },
    TEST_MS,
  );
});
