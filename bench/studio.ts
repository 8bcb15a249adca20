// npm run bench studio: the studio page with 64 tracks and 1,000 clips in headless Chromium.
// - frame_js_p95_ms: JavaScript time per frame (the animation-frame callback and any JS since the
//   previous frame) while scrolling, zooming and playing with the view following the playhead.
// - edit_roundtrip_p95_ms: the JS work from an edit's input event (key presses, clip-drag moves)
//   through the state change, the engine patch and the redraw in the next frame.
// - generate_first_audio_ms: from pressing Generate on a replace to the first streamed audio of a
//   result in the page (bench/studio-generate.ts), with the real built-in generator.
// The first two read from a Chromium performance trace, so the page carries no bench hooks. The software
// rasteriser's frame rate is not measured: only the main thread's JavaScript.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { build } from "vite";
import { DIST_DIR, repoPath } from "../src/platform/paths.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { serveBuiltApp } from "../src/tooling/serve-built.ts";
import type { BenchArea } from "./area.ts";
import { formatTable, median } from "./area.ts";
import { engineUpdateCost } from "./studio-engine-cost.ts";
import { GENERATE_FIRST_AUDIO_TARGET_MS, generateToFirstAudio } from "./studio-generate.ts";
import { BENCH_CLIPS, BENCH_TRACKS, benchProject } from "./studio-project.ts";
import { RECORDING_ERROR_TARGET_MS, recordingLatencyError } from "./studio-recording.ts";
import { frameJsTimes, inputRoundtrips, percentile, type TraceEvent } from "./studio-trace.ts";

const FRAME_TARGET_MS = 4;
const ROUNDTRIP_TARGET_MS = 16;
const RULER_HEIGHT = 28;
const TRACK_HEIGHT = 88;
/** The local copy the demo studio reads on open (src/studio/persistence, src/studio/session/demo-autosave.ts). */
const DEMO_COPY_KEY = "tunesmith:studio:unsaved:local-demo";

/**
 * Pages built inside a test runner (NODE_ENV=test) carry React's development build; a bench of
 * those would measure React's checks. Rebuild for production when that is what dist/ holds.
 */
export async function ensureProductionPages(): Promise<void> {
  // A fresh clone has no dist/ at all: build then too.
  const manifestPath = join(DIST_DIR, ".vite/manifest.json");
  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Record<
        string,
        { file: string; isEntry?: boolean; src?: string }
      >)
    : {};
  const main = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src?.endsWith("index.html"));
  const code = main === undefined ? "" : readFileSync(join(DIST_DIR, main.file), "utf8");
  if (main !== undefined && !code.includes("Download the React DevTools")) return;
  process.stdout.write("Building the pages for production...\n");
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: repoPath("vite.config.ts"), logLevel: "warn", mode: "production" });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

export async function startTrace(client: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  client.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await client.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline",
    transferMode: "ReportEvents",
  });
  return async () => {
    const complete = new Promise<void>((resolve) => client.once("Tracing.tracingComplete", () => resolve()));
    await client.send("Tracing.end");
    await complete;
    return events;
  };
}

async function openBenchStudio(page: Page, baseUrl: string): Promise<void> {
  await page.goto(baseUrl);
  const copy = { projectId: "local-demo", baseVersionId: null, state: benchProject(), writtenAt: Date.now() };
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    DEMO_COPY_KEY,
    JSON.stringify(copy),
  ] as const);
  await page.goto(`${baseUrl}/studio`);
  await page.waitForFunction(
    (tracks) => document.querySelectorAll('[data-testid="track-clips"]').length === tracks,
    BENCH_TRACKS,
    { timeout: 60_000 },
  );
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="loading-overlay"]')?.textContent?.includes("DSP engine ready") ??
      true,
    undefined,
    {
      timeout: 60_000,
    },
  );
  const clips = await page.locator('[data-testid="clip-item"]').count();
  if (clips !== BENCH_CLIPS) throw new Error(`The bench project shows ${clips} clips, not ${BENCH_CLIPS}`);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Marks a phase in the trace (a TimeStamp event), so frames can be told apart by what was going on. */
const mark = (page: Page, phase: string) =>
  page.evaluate((label) => console.timeStamp(`bench:${label}`), phase);

export const studioBench: BenchArea = {
  async run({ quick }) {
    await ensureProductionPages();
    const served = await serveBuiltApp();
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 1600, height: 1000 });
      await openBenchStudio(page, served.url);
      const canvas = await page.getByTestId("timeline-canvas").boundingBox();
      if (canvas === null) throw new Error("No timeline canvas");
      const centre = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height / 2 };
      // Let the first waveforms draw before measuring.
      await wait(1500);

      const client = await page.context().newCDPSession(page);
      const stopTrace = await startTrace(client);
      const steps = quick ? 40 : 120;

      // Scrolling along the timeline and down through the tracks.
      await page.mouse.move(centre.x, centre.y);
      await mark(page, "scroll-x");
      for (let i = 0; i < steps; i++) {
        await page.mouse.wheel(i < steps / 2 ? 60 : -60, 0);
        await wait(16);
      }
      await mark(page, "scroll-y");
      for (let i = 0; i < steps; i++) {
        await page.mouse.wheel(0, i < steps / 2 ? 90 : -90);
        await wait(16);
      }
      // Zooming out and back in around the pointer.
      await mark(page, "zoom");
      await page.keyboard.down("Control");
      for (let i = 0; i < steps; i++) {
        await page.mouse.wheel(0, i < steps / 2 ? 40 : -40);
        await wait(16);
      }
      await page.keyboard.up("Control");
      // Playing with the view following the playhead (the studio's default).
      const follow = await page.getByRole("button", { name: "Follow playhead" }).getAttribute("aria-pressed");
      if (follow !== "true") throw new Error("The studio does not follow the playhead by default");
      await page.mouse.click(canvas.x + 10, canvas.y + RULER_HEIGHT + 20);
      await mark(page, "play");
      await page.keyboard.press("Space");
      await wait(quick ? 3000 : 8000);
      await page.keyboard.press("Space");
      await wait(300);

      await mark(page, "edits");
      // Edits, at the song's start and the zoom it opened at: key commands with the cursor inside
      // a clip of a selected track, then dragging a clip.
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(-1e6, 0);
      await wait(200);
      const timeline = page.getByTestId("timeline-canvas");
      const startBeat = Number(await timeline.getAttribute("data-start-beat"));
      const pixelsPerBeat = Number(await timeline.getAttribute("data-pixels-per-beat"));
      const clipMiddle = async (track: number) => {
        const item = page
          .locator(
            `[data-testid="track-clips"][data-track-id="bench-track-${track}"] [data-testid="clip-item"]`,
          )
          .first();
        const from = Number(await item.getAttribute("data-start-beats"));
        const to = Number(await item.getAttribute("data-end-beats"));
        return {
          x: canvas.x + ((from + to) / 2 - startBeat) * pixelsPerBeat,
          y: canvas.y + RULER_HEIGHT + track * TRACK_HEIGHT + 55,
        };
      };
      const cursor = await clipMiddle(1);
      await page.mouse.click(cursor.x, cursor.y);
      const keys = ["0", "0", "Control+e", "Control+z", "Control+Shift+z", "Control+z", "c", "c"];
      const rounds = quick ? 2 : 6;
      for (let round = 0; round < rounds; round++) {
        for (const key of keys) {
          await page.keyboard.press(key);
          await wait(120);
        }
      }
      const grab = await clipMiddle(2);
      for (let drag = 0; drag < (quick ? 1 : 3); drag++) {
        await page.mouse.move(grab.x, grab.y);
        await page.mouse.down();
        for (let i = 1; i <= 30; i++) {
          await page.mouse.move(grab.x + i * 6, grab.y);
          await wait(30);
        }
        await page.mouse.up();
        await page.keyboard.press("Control+z");
        await wait(200);
      }
      const events = await stopTrace();

      const from = Number.NEGATIVE_INFINITY;
      const to = Number.POSITIVE_INFINITY;
      const threadTimes = events.some(
        (event) => event.name === "FireAnimationFrame" && event.tdur !== undefined,
      );
      const phases = events
        .filter(
          (event) =>
            event.name === "TimeStamp" && String(event.args?.data?.message ?? "").startsWith("bench:"),
        )
        .map((event) => ({ phase: String(event.args?.data?.message).slice(6), ts: event.ts }))
        .sort((a, b) => a.ts - b.ts);
      const perPhase = Object.fromEntries(
        phases.map(({ phase, ts }, index) => {
          const times = frameJsTimes(events, ts, phases[index + 1]?.ts ?? Number.POSITIVE_INFINITY);
          return [
            phase,
            { p50: median(times), p95: percentile(times, 95), max: Math.max(...times), frames: times.length },
          ];
        }),
      );
      // Frames while scrolling, zooming and playing: from the first mark to the edits'.
      const motionStart = phases[0]?.ts ?? from;
      const motionEnd = phases.find(({ phase }) => phase === "edits")?.ts ?? to;
      const frames = frameJsTimes(events, motionStart, motionEnd);
      const framesWall = frameJsTimes(events, motionStart, motionEnd, "wall");
      const keyTrips = inputRoundtrips(events, new Set(["keydown"]), from, to);
      const dragTrips = inputRoundtrips(events, new Set(["pointermove"]), from, to);
      const tripsWallClock = [
        ...inputRoundtrips(events, new Set(["keydown"]), from, to, "wall"),
        ...inputRoundtrips(events, new Set(["pointermove"]), from, to, "wall"),
      ];
      const trips = [...keyTrips, ...dragTrips];
      const framesP95 = percentile(frames, 95);
      const tripP95 = percentile(
        trips.map((trip) => trip.workMs),
        95,
      );
      const generateFirstAudio = await generateToFirstAudio(quick ? 1 : 3);
      const json = {
        generate_first_audio_ms: generateFirstAudio,
        frame_js_p95_ms: framesP95,
        frame_js_p50_ms: median(frames),
        frame_js_max_ms: Math.max(...frames),
        frames_measured: frames.length,
        frame_js_wall_p95_ms: percentile(framesWall, 95),
        clock: threadTimes ? "thread CPU time (trace tdur)" : "wall time (the trace had no thread times)",
        edit_roundtrip_p95_ms: tripP95,
        edit_roundtrip_p50_ms: median(trips.map((trip) => trip.workMs)),
        edit_roundtrip_keys_p95_ms: percentile(
          keyTrips.map((trip) => trip.workMs),
          95,
        ),
        edit_roundtrip_drag_p95_ms: percentile(
          dragTrips.map((trip) => trip.workMs),
          95,
        ),
        edit_roundtrip_wall_p95_ms: percentile(
          trips.map((trip) => trip.wallMs),
          95,
        ),
        edit_roundtrip_js_wall_clock_p95_ms: percentile(
          tripsWallClock.map((trip) => trip.workMs),
          95,
        ),
        edits_measured: trips.length,
        engine_update_node_ms: engineUpdateCost(quick ? 3 : 10),
        recording_latency_error_ms: await recordingLatencyError(served.url, quick),
        frame_js_by_phase_ms: perPhase,
        targets: {
          frame_js_p95_ms: FRAME_TARGET_MS,
          edit_roundtrip_p95_ms: ROUNDTRIP_TARGET_MS,
          recording_latency_error_ms: RECORDING_ERROR_TARGET_MS,
          generate_first_audio_ms: GENERATE_FIRST_AUDIO_TARGET_MS,
        },
        tracks: BENCH_TRACKS,
        clips: BENCH_CLIPS,
        how_measured:
          "headless Chromium at 1600x1000 with a DevTools performance trace (devtools.timeline). Per frame: the thread CPU time (the trace's tdur, so a busy machine does not stretch it; wall-clock figures are given beside) of the FireAnimationFrame callback plus all top-level JS since the previous frame (input handlers, timers, tasks), while wheel-scrolling along and across the tracks, ctrl+wheel zooming out and in, and playing with the view following the playhead; frames with nothing to do count too, hence the low p50. Per edit (key commands on a selected track: mute all, split, undo, redo, metronome; clip-drag pointer moves): the JS from the input event's dispatch to the end of the next animation frame, i.e. edit function, store, engine patches (EngineHost.update), React and the canvas redraw; the wall figure adds the wait for that frame. engine_update_node_ms times ProjectSession.update alone for the same project and edits in Node on the same machine. recording_latency_error_ms: takes of the metronome (4 bars at 120 bpm) recorded through a loopback microphone (the page's output fed back as its input, through a MediaStream), the loop's round trip measured by the product's click and compensated; the take read back from the server and each beat's click onset (first sample at 0.3 of its peak) compared with its beat; p50 and max of the absolute errors over all beats (the p95 column holds the max).",
      };
      const table = [
        `studio: ${BENCH_TRACKS} tracks, ${BENCH_CLIPS} clips`,
        formatTable(
          ["measure", "p50 ms", "p95 ms", "target ms", "samples"],
          [
            [
              "frame JS (scroll, zoom, play)",
              json.frame_js_p50_ms.toFixed(2),
              framesP95.toFixed(2),
              String(FRAME_TARGET_MS),
              String(frames.length),
            ],
            [
              "edit round trip (JS)",
              json.edit_roundtrip_p50_ms.toFixed(2),
              tripP95.toFixed(2),
              String(ROUNDTRIP_TARGET_MS),
              String(trips.length),
            ],
            [
              "  keys",
              median(keyTrips.map((t) => t.workMs)).toFixed(2),
              json.edit_roundtrip_keys_p95_ms.toFixed(2),
              "",
              String(keyTrips.length),
            ],
            [
              "  clip drag",
              median(dragTrips.map((t) => t.workMs)).toFixed(2),
              json.edit_roundtrip_drag_p95_ms.toFixed(2),
              "",
              String(dragTrips.length),
            ],
            [
              "engine update alone (Node)",
              json.engine_update_node_ms.p50.toFixed(2),
              json.engine_update_node_ms.p95.toFixed(2),
              "",
              "",
            ],
            [
              "recording latency error (max)",
              json.recording_latency_error_ms.p50_ms.toFixed(2),
              json.recording_latency_error_ms.max_ms.toFixed(2),
              String(RECORDING_ERROR_TARGET_MS),
              String(json.recording_latency_error_ms.beats),
            ],
            [
              "Generate to first streamed audio",
              generateFirstAudio.p50.toFixed(0),
              generateFirstAudio.max.toFixed(0),
              String(GENERATE_FIRST_AUDIO_TARGET_MS),
              String(generateFirstAudio.runs.length),
            ],
            [
              "edit round trip (wall)",
              median(trips.map((t) => t.wallMs)).toFixed(2),
              json.edit_roundtrip_wall_p95_ms.toFixed(2),
              "",
              String(trips.length),
            ],
          ],
        ),
        formatTable(
          ["phase", "frame p50 ms", "frame p95 ms", "max ms", "frames"],
          Object.entries(perPhase).map(([phase, f]) => [
            phase,
            f.p50.toFixed(2),
            f.p95.toFixed(2),
            f.max.toFixed(2),
            String(f.frames),
          ]),
        ),
      ].join("\n");
      return { table, json };
    } finally {
      await browser.close();
      await served.close();
    }
  },
};
