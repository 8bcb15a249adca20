// npm run bench studio-generation (and part of npm run bench studio): from pressing Generate on a
// replace of 8 bars in the studio to the first streamed audio of a result arriving in the page (the
// response of the result's growing audio, which the studio hands to the engine as soon as it has
// some), with where the time goes: the context render, the generation call, the job picked up by the
// generator, its first streamed chunk, its first chunk inside the replaced range, the page learning
// the clip streams. Real built-in generator (one render thread), embedded database, headless
// Chromium; the source song is generated first through the API.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import type { Generator } from "../src/generator/generator.ts";
import { DIST_DIR } from "../src/platform/paths.ts";
import { buildApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { seedDemoAccounts } from "../src/server/seed.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { newClip, newProjectState, newTrack } from "../src/shared/project/index.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { formatTable, median } from "./area.ts";

export const GENERATE_FIRST_AUDIO_TARGET_MS = 2000;
const PASSWORD = "studio generate bench";
const USER = "pro@tunesmith.local";

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function sourceSong(page: Page, base: string): Promise<string> {
  const answer = await page.request.post(`${base}/api/generate/v2/`, {
    headers: { origin: base },
    data: {
      title: "Source",
      tags: "folk",
      prompt: "[Verse]\nLight on the water",
      mv: "chirp-crow",
      metadata: { create_mode: "custom" },
    },
  });
  const [{ id }] = ((await answer.json()) as { clips: { id: string }[] }).clips;
  const status = async () =>
    ((await (await page.request.get(`${base}/api/clip/${id}`)).json()) as { status: string }).status;
  await until(async () => (await status()) === "complete", "the source song", 300_000);
  return id;
}

/**
 * Opens the studio on a replace of 8 bars and the generate panel. With `filled`, waits as someone
 * filling in the form would, until the context the panel renders ahead has been rendered.
 */
async function openReplace(page: Page, base: string, songId: string, filled: boolean): Promise<void> {
  const created = await page.request.post(`${base}/api/studio/create-project?title=Bench`, {
    headers: { origin: base },
  });
  const { id, version_id } = (await created.json()) as { id: string; version_id: number };
  const state = newProjectState({
    timing: { type: "manual", bps: 2 },
    tracks: [newTrack({ id: "song", clips: [newClip({ clipId: songId, startBeats: 0, endBeats: 48 })] })],
    selection: { trackIds: ["song"], focusedTrackId: "song", anchorBeats: 8, focusBeats: 40 },
  });
  await page.request.post(`${base}/api/studio/save-project`, {
    headers: { origin: base },
    data: { project_id: id, state, base_version_id: version_id },
  });
  await page.goto(`${base}/studio?initial_project_id=${id}`, { timeout: 180_000 });
  // The studio opens first ("Loading DSP Engine..." has no overlay yet), then its engine.
  await page
    .getByTestId("loading-overlay")
    .filter({ hasText: "DSP engine ready" })
    .waitFor({ state: "attached", timeout: 120_000 });
  const renderedAhead = filled
    ? page.waitForResponse((response) => response.url().includes("/api/studio/render-state"), {
        timeout: 300_000,
      })
    : null;
  await page.getByRole("button", { name: "Generate", exact: true }).first().click({ timeout: 60_000 });
  await page.getByTestId("generate-panel").getByLabel("Styles").fill("warm synth pop");
  await renderedAhead;
}

/** Milliseconds to the first audio over runs, and each run's stages. */
export interface FirstAudioTimes {
  p50: number;
  max: number;
  runs: number[];
  /**
   * To the first audio of the replaced range itself: the audio response has begun and the range's
   * first chunk exists (the server writes it into that response as it comes). The response opens
   * with the source before the range, which the placed clip does not play.
   */
  range: { p50: number; max: number; runs: number[] };
  stages: GenerateStages[];
}

/** The stages of one run, in milliseconds from the click on Generate (null: not seen). */
export interface GenerateStages {
  render_state_ms: number | null;
  generate_call_ms: number | null;
  job_picked_up_ms: number | null;
  first_chunk_ms: number | null;
  range_chunk_ms: number | null;
  streaming_seen_ms: number | null;
  first_audio_ms: number | null;
}

const emptyStages = (): GenerateStages => ({
  render_state_ms: null,
  generate_call_ms: null,
  job_picked_up_ms: null,
  first_chunk_ms: null,
  range_chunk_ms: null,
  streaming_seen_ms: null,
  first_audio_ms: null,
});

/**
 * The generator, timed: when a generation is handed to it (the job picked up), its first chunk, and
 * its first chunk reaching the replaced range. The context render is not a generation: its own
 * thread renders it.
 */
function timedGenerator(inner: Generator, mark: (stage: keyof GenerateStages) => void): Generator {
  return {
    name: inner.name,
    close: () => inner.close(),
    ...(inner.prepare ? { prepare: (source) => inner.prepare?.(source) } : {}),
    generate(request, onProgress, signal) {
      mark("job_picked_up_ms");
      const rangeStart = request.infill?.start ?? 0;
      return inner.generate(
        request,
        (progress) => {
          mark("first_chunk_ms");
          const end =
            progress.atSeconds + (progress.chunk.channels[0]?.length ?? 0) / progress.chunk.sampleRate;
          if (end > rangeStart) mark("range_chunk_ms");
          onProgress(progress);
        },
        signal,
      );
    },
  };
}

/**
 * Milliseconds from the click on Generate to each run's first streamed audio response, and its
 * stages: `runs` with Generate pressed as soon as the styles are typed, then `filledRuns` pressed
 * once the context rendered ahead is ready (someone taking a few seconds over the form).
 */
export async function generateToFirstAudio(
  runs: number,
  filledRuns = 0,
): Promise<FirstAudioTimes & { filled: FirstAudioTimes | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-bench-generate-"));
  const database = await openDatabase({ dataDir: "memory://" });
  await seedDemoAccounts(database.db, { dataDir, password: PASSWORD });
  let start = 0;
  let stages = emptyStages();
  const mark = (stage: keyof GenerateStages) => {
    if (start > 0 && stages[stage] === null) stages[stage] = Date.now() - start;
  };
  const generator = timedGenerator(new BuiltInGenerator({ threads: 1 }), mark);
  const server = await buildApp({
    database,
    storage: new LocalDiskStorage(join(dataDir, "files")),
    distDir: DIST_DIR,
    generator,
  });
  const base = await server.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  try {
    const page = await browser.context.newPage();
    await page.request.post(`${base}/api/auth/login`, {
      headers: { origin: base },
      data: { email: USER, password: PASSWORD },
    });
    const songId = await sourceSong(page, base);
    page.on("response", (response) => {
      const url = response.url();
      if (url.includes("/api/studio/render-state")) mark("render_state_ms");
      if (url.includes("/api/generate/v2/")) mark("generate_call_ms");
      if (url.includes("/api/feed/v2?ids=")) {
        void response
          .json()
          .then((body: { clips?: { status: string }[] }) => {
            if (body.clips?.some((clip) => clip.status === "streaming" || clip.status === "complete")) {
              mark("streaming_seen_ms");
            }
          })
          .catch(() => {});
      }
    });
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && /"status":"(streaming|complete)"/.test(payload)) {
          mark("streaming_seen_ms");
        }
      }),
    );
    const timed = async (count: number, filled: boolean): Promise<FirstAudioTimes> => {
      const times: number[] = [];
      const rangeTimes: number[] = [];
      const allStages: GenerateStages[] = [];
      for (let run = 0; run < count; run++) {
        await openReplace(page, base, songId, filled);
        const firstAudio = page.waitForResponse(
          (response) =>
            /\/api\/media\/clips\/[^/]+\/audio/.test(response.url()) && !response.url().includes(songId),
          { timeout: 300_000 },
        );
        stages = emptyStages();
        start = Date.now();
        await page
          .getByTestId("generate-panel")
          .getByRole("button", { name: "Generate", exact: true })
          .click();
        await firstAudio;
        mark("first_audio_ms");
        times.push(Date.now() - start);
        // The next run starts once this one's songs are done, so runs do not queue behind each other.
        await until(
          async () => (await page.getByTestId("generate-running").count()) === 0,
          "the generation",
          300_000,
        );
        allStages.push(stages);
        rangeTimes.push(Math.max(stages.first_audio_ms ?? 0, stages.range_chunk_ms ?? Number.NaN));
        start = 0;
      }
      return {
        p50: median(times),
        max: Math.max(...times),
        runs: times,
        range: { p50: median(rangeTimes), max: Math.max(...rangeTimes), runs: rangeTimes },
        stages: allStages,
      };
    };
    const atOnce = await timed(runs, false);
    return { ...atOnce, filled: filledRuns > 0 ? await timed(filledRuns, true) : null };
  } finally {
    await browser.close();
    await server.close();
    await generator.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The stages as a table, one row per run. */
export function stagesTable(stages: readonly GenerateStages[]): string {
  const names = Object.keys(emptyStages()) as (keyof GenerateStages)[];
  return formatTable(
    ["run", ...names],
    stages.map((run, index) => [String(index + 1), ...names.map((name) => String(run[name] ?? "-"))]),
  );
}
