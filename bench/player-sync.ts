// The player bench's measures of songs laid out directly in a library (no generator), in headless
// Chromium on the built app:
// - the join of two queued songs through the player bar's engine: a playlist of a left-channel and
//   a right-channel tone, played through from its page, its output recorded frame by frame
//   (tests/browser/player-output.ts): the longest silence with sound on both sides, and how long
//   both songs sounded together (0 without a crossfade);
// - live radio: two pages on /live-radio, each started by its own press, their positions brought to
//   one instant of the shared clock, read a few times once both play.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIST_DIR } from "../src/platform/paths.ts";
import { buildApp } from "../src/server/app.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { seedDemoAccounts } from "../src/server/seed.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { buildPagesIfStale } from "../src/tooling/pages-build.ts";
import { liveRadioReading } from "../tests/browser/player-bar.ts";
import { installOutputTap, type OutputReport, routeOutputTap } from "../tests/browser/player-output.ts";
import { newClipWithAudio } from "../tests/clip-fixtures.ts";

const PASSWORD = "player sync bench password";
const USER = "pro@tunesmith.local";
const RATE = 44_100;
const JOIN_SECONDS = 3;
const LIVE_SECONDS = 40;

export interface SyncMeasures {
  /** Per played-through playlist: the longest silence with sound on both sides, ms. */
  readonly joinSilenceMs: number[];
  /** Per played-through playlist: how long both songs sounded together, ms. */
  readonly joinOverlapMs: number[];
  /** Per reading: the two live radio pages' offset, ms. */
  readonly liveOffsetMs: number[];
}

/** Polls `probe` every 25 ms until it answers something, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | null | false>,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`player bench: timed out waiting for ${what}`);
}

const sine = (hz: number, seconds: number) =>
  Float32Array.from({ length: seconds * RATE }, (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / RATE));

export async function measureSync(trials: number): Promise<SyncMeasures> {
  await buildPagesIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-player-bench-"));
  const database = await openDatabase({ dataDir: "memory://" });
  await seedDemoAccounts(database.db, { dataDir, password: PASSWORD });
  const storage = new LocalDiskStorage(join(dataDir, "files"));
  const server = await buildApp({ database, storage, distDir: DIST_DIR });
  server.addHook("onClose", () => database.close());
  const baseUrl = await server.listen({ port: 0, host: "127.0.0.1" });
  const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  try {
    const pro = await database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", USER)
      .executeTakeFirstOrThrow();
    const silence = new Float32Array(JOIN_SECONDS * RATE);
    const joinIds: string[] = [];
    for (const [at, hz] of [440, 880].entries()) {
      const tone = sine(hz, JOIN_SECONDS);
      const { row } = await newClipWithAudio(
        database.db,
        storage,
        {
          userId: pro.id,
          title: `Join ${at + 1}`,
          status: "complete",
          metadata: { type: "gen", tags: "join", duration: JOIN_SECONDS },
        },
        { channels: at === 0 ? [tone, silence] : [silence, tone], sampleRate: RATE, format: "float32" },
      );
      joinIds.push(row.id);
    }
    const live = sine(440, LIVE_SECONDS);
    for (const title of ["On Air One", "On Air Two", "On Air Three"]) {
      await newClipWithAudio(
        database.db,
        storage,
        {
          userId: pro.id,
          title,
          status: "complete",
          isPublic: true,
          metadata: { type: "gen", tags: "live", duration: LIVE_SECONDS },
          // Made before the programme's hour, so the hour's pool holds them.
          createdAt: new Date(Date.now() - 2 * 3_600_000),
        },
        { channels: [live, live], sampleRate: RATE },
      );
    }

    const page = await browser.context.newPage();
    await routeOutputTap(page);
    // tsx names functions through a __name helper; the page needs it to run the tap.
    await page.addInitScript("globalThis.__name = (f) => f");
    await page.addInitScript(installOutputTap);
    await page.goto(`${baseUrl}/login?next=/me`);
    await page.getByLabel("Email").fill(USER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/me");
    const headers = { origin: baseUrl };
    const created = await page.request.post(`${baseUrl}/api/playlist/create/`, {
      data: { name: "Joins" },
      headers,
    });
    const playlistId = ((await created.json()) as { id: string }).id;
    await page.request.post(`${baseUrl}/api/playlist/update_clips/`, {
      data: { playlist_id: playlistId, update_type: "add", metadata: { clip_ids: joinIds } },
      headers,
    });
    await page.goto(`${baseUrl}/playlist/${playlistId}`);
    const joinSilenceMs: number[] = [];
    const joinOverlapMs: number[] = [];
    const bar = page.getByTestId("player-bar");
    for (let trial = 0; trial < trials; trial++) {
      await page.evaluate(() => window.playerOutput.start());
      await page.getByRole("button", { name: "▶ Play all" }).click();
      await until(
        "the second song",
        60_000,
        async () => (await page.getByTestId("player-title").textContent()) === "Join 2",
      );
      await until("the queue's end", 60_000, async () => (await bar.getAttribute("data-state")) === "paused");
      const heard: OutputReport = await page.evaluate(() => window.playerOutput.report());
      process.stderr.write(`player bench: join trial ${trial}: ${heard.segments}\n`);
      joinSilenceMs.push(heard.longestGapMs);
      joinOverlapMs.push(heard.overlapMs);
    }

    const other = await browser.context.newPage();
    const liveOffsetMs: number[] = [];
    for (const listener of [page, other]) {
      await listener.goto(`${baseUrl}/live-radio`);
      await listener.getByRole("button", { name: "▶ Listen live" }).click();
      await until("live radio", 30_000, async () => (await liveRadioReading(listener)).seconds > 0.3);
    }
    for (let reading = 0; reading < trials * 3; reading++) {
      const [first, second] = await Promise.all([liveRadioReading(page), liveRadioReading(other)]);
      if (first.songId === second.songId && !first.paused && !second.paused)
        liveOffsetMs.push(Math.abs(first.seconds * 1000 - first.at - (second.seconds * 1000 - second.at)));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return { joinSilenceMs, joinOverlapMs, liveOffsetMs };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
