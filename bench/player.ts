// npm run bench player: the create page's player in headless Chromium, on the built app with the
// built-in generator making 24 s songs paced to 1.5x real time (so the generator keeps up, as on a
// server with cores to spare, whatever this machine's speed).
// - first_sound_streaming_ms: from pressing a streaming song's Play to its first audible output,
//   heard by a Web Audio analyser on a MediaElementSource of the player's <audio> (see player-probe.ts);
// - first_sound_complete_ms: the same on finished songs, which play through the audio engine (its
//   output heard by an analyser in its context); first_sound_complete_without_heads_ms: the same
//   clicks, in the same run, with no heads of the songs on screen fetched ahead (the "before");
// - join_silence_ms, join_overlap_ms: the silence at the join of two gapless queued songs played
//   through from a playlist's page, and how long both sounded together, from the engine's output
//   recorded frame by frame (player-sync.ts);
// - live_radio_offset_ms: two pages on /live-radio, the distance between their places in the song
//   (player-sync.ts);
// - stalls_per_min: stalls (300 ms or more without the position moving while playing, before the
//   end) per minute of playing a song from its first playable audio to its end while it renders.

import type { Page } from "playwright-core";
import { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { seedDemoAccounts } from "../src/server/seed.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { pacedGenerator } from "../src/tooling/paced-generator.ts";
import { serveBuiltApp } from "../src/tooling/serve-built.ts";
import { requestSong } from "../tests/browser/song-request.ts";
import type { BenchArea } from "./area.ts";
import { formatTable, median } from "./area.ts";
import { installPlayerProbe, type ProbeReport } from "./player-probe.ts";
import { measureSync, until } from "./player-sync.ts";

const PASSWORD = "player bench password";
const USER = "pro@tunesmith.local";
const STREAMING_TARGET_MS = 300;
const COMPLETE_TARGET_MS = 150;
const JOIN_SILENCE_TARGET_MS = 20;
const LIVE_OFFSET_TARGET_MS = 250;
const PACE = { speed: 1.5, songSeconds: 24 };

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface ClipJson {
  readonly status: string;
  readonly metadata: { readonly duration?: number | null };
}

async function clipState(page: Page, baseUrl: string, id: string): Promise<ClipJson> {
  return (await (await page.request.get(`${baseUrl}/api/clip/${id}`)).json()) as ClipJson;
}

/** Stops what plays, lets the analyser's window empty, then marks and presses the row's Play. */
async function pressPlay(page: Page, clipId: string): Promise<void> {
  // The bar's own Pause, so the audio engine falls silent too (the element pauses for streaming songs).
  await page.evaluate(() => {
    document
      .querySelector<HTMLButtonElement>('[data-testid="player-bar"] button[aria-label="Pause"]')
      ?.click();
    (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement | null)?.pause();
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await page.evaluate((id) => {
    const button = document.querySelector<HTMLButtonElement>(
      `[data-clip-id="${id}"] button[aria-label^="Play "]`,
    );
    if (button === null) throw new Error(`No Play button for clip ${id}`);
    window.playerProbe.mark();
    button.click();
  }, clipId);
}

/**
 * navigator.connection as the page reads it, saving data while the tab's bench switch is on: the
 * product's own rule then fetches no heads ahead (song-heads.ts), the "before" of the heads.
 */
function installHeadsSwitch(): void {
  Object.defineProperty(Navigator.prototype, "connection", {
    configurable: true,
    get: () => ({ saveData: sessionStorage.getItem("bench-no-heads") === "1", effectiveType: "4g" }),
  });
}

/** Time for the rows on screen to fetch their heads (or, without them, for the engine to be made). */
const SETTLE_MS = 3000;

/** Clicks each finished song in turn on a freshly loaded /create, with or without heads fetched ahead. */
async function clickFinished(page: Page, ids: readonly string[], heads: boolean): Promise<ProbeReport[]> {
  await page.evaluate((off) => sessionStorage.setItem("bench-no-heads", off ? "1" : "0"), !heads);
  await page.reload();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const reports: ProbeReport[] = [];
  for (const id of ids) {
    await pressPlay(page, id);
    await until("the first sound", 10_000, async () => {
      const probe = await report(page);
      return probe.audibleAt === null ? null : probe;
    });
    const trial = await report(page);
    reports.push(trial);
    const steps = trial.steps.map(({ step, ms }) => `${step} ${ms}`).join(", ");
    const column = heads ? "heads" : "no heads";
    process.stderr.write(`player bench: complete trial (${column}): ${firstSoundMs(trial)} ms (${steps})\n`);
  }
  return reports;
}

const report = (page: Page) => page.evaluate(() => window.playerProbe.report());
const firstSoundMs = (probe: ProbeReport) => (probe.audibleAt ?? Number.NaN) - probe.markAt;

export const playerBench: BenchArea = {
  async run({ quick }) {
    const sync = await measureSync(quick ? 2 : 5);
    const streamingTrials = quick ? 2 : 6;
    const database = await openDatabase({ dataDir: "memory://" });
    await seedDemoAccounts(database.db, { dataDir: "memory://", password: PASSWORD });
    const served = await serveBuiltApp(
      database,
      pacedGenerator(new BuiltInGenerator({ threads: 1 }), () => PACE),
    );
    const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
    try {
      const page = await browser.context.newPage();
      await page.addInitScript(installPlayerProbe);
      await page.addInitScript(installHeadsSwitch);
      await page.goto(`${served.url}/login?next=/create`);
      await page.getByLabel("Email").fill(USER);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/create");

      const streaming: ProbeReport[] = [];
      const songSeconds: number[] = [];
      const finished: string[] = [];
      for (let trial = 0; trial < streamingTrials; trial++) {
        const ids = await requestSong(page.request, served.url, `Bench ${trial}`);
        const [id] = ids;
        // The list shows the songs of its first load and follows them: load it again with the new ones.
        await page.reload();
        await until("a streaming song", 60_000, () =>
          page
            .locator(`[data-clip-id="${id}"][data-status="streaming"] button[aria-label^="Play "]`)
            .isEnabled()
            .catch(() => false),
        );
        await pressPlay(page, id);
        await page.evaluate(() => window.playerProbe.watch());
        const seconds = await until("the song to complete", 120_000, async () => {
          const clip = await clipState(page, served.url, id);
          return clip.status === "complete" ? (clip.metadata.duration ?? null) : null;
        });
        songSeconds.push(seconds);
        await page.evaluate((end) => window.playerProbe.setEnd(end), seconds);
        await until("the end of the song", seconds * 1000 + 30_000, async () => {
          const probe = await report(page);
          return probe.reachedEnd ? probe : null;
        }).catch(() => null);
        streaming.push(await report(page));
        process.stderr.write(`player bench: streaming trial ${trial}: ${JSON.stringify(streaming.at(-1))}\n`);
        for (const other of ids) {
          await until("the request's songs", 120_000, async () =>
            (await clipState(page, served.url, other)).status === "complete" ? true : null,
          );
          finished.push(other);
        }
      }

      // The server's work after a song completes (stems, waveform) is over: a song of the library plays.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // Both columns fetch every byte from the server: no HTTP cache left from the other column.
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const clicks = quick ? finished.slice(0, 4) : [...finished, ...finished].slice(0, 20);
      const withoutHeads = await clickFinished(page, clicks, false);
      const complete = await clickFinished(page, clicks, true);

      const streamingMs = streaming.map(firstSoundMs);
      const completeMs = complete.map(firstSoundMs);
      const withoutHeadsMs = withoutHeads.map(firstSoundMs);
      const playedMin = streaming.reduce((sum, probe) => sum + probe.playedMs, 0) / 60_000;
      const stalls = streaming.reduce((sum, probe) => sum + probe.stalls, 0);
      const json = {
        detection:
          "Web Audio analysers on a MediaElementSource of the player's <audio> and on the audio engine's output, above -60 dBFS",
        pace_speed: PACE.speed,
        song_seconds: songSeconds,
        first_sound_streaming_ms: streamingMs,
        first_sound_streaming_p95_ms: percentile(streamingMs, 95),
        first_sound_streaming_target_ms: STREAMING_TARGET_MS,
        playing_event_streaming_ms: streaming.map((probe) => (probe.playingAt ?? Number.NaN) - probe.markAt),
        first_sound_complete_ms: completeMs,
        first_sound_complete_p95_ms: percentile(completeMs, 95),
        first_sound_complete_steps: complete.map((probe) => probe.steps),
        first_sound_complete_target_ms: COMPLETE_TARGET_MS,
        first_sound_complete_without_heads_ms: withoutHeadsMs,
        first_sound_complete_without_heads_p95_ms: percentile(withoutHeadsMs, 95),
        stalls,
        stalled_ms: streaming.map((probe) => Math.round(probe.stalledMs)),
        reached_end: streaming.map((probe) => probe.reachedEnd),
        stalls_per_min: stalls / Math.max(playedMin, 1e-9),
        stalls_target: 0,
        join_silence_ms: sync.joinSilenceMs,
        join_silence_max_ms: Math.max(...sync.joinSilenceMs),
        join_silence_target_ms: JOIN_SILENCE_TARGET_MS,
        join_overlap_ms: sync.joinOverlapMs,
        live_radio_offset_ms: sync.liveOffsetMs,
        live_radio_offset_p95_ms: percentile(sync.liveOffsetMs, 95),
        live_radio_offset_target_ms: LIVE_OFFSET_TARGET_MS,
      };
      const ms = (value: number) => value.toFixed(0);
      const table = formatTable(
        ["measure", "median", "p95", "target"],
        [
          [
            "first sound, streaming (ms)",
            ms(median(streamingMs)),
            ms(json.first_sound_streaming_p95_ms),
            "300",
          ],
          [
            "first sound, complete, no heads ahead (ms)",
            ms(median(withoutHeadsMs)),
            ms(json.first_sound_complete_without_heads_p95_ms),
            "",
          ],
          ["first sound, complete (ms)", ms(median(completeMs)), ms(json.first_sound_complete_p95_ms), "150"],
          ["stalls per minute", json.stalls_per_min.toFixed(2), "", "0"],
          ["stalled time per song (ms)", ms(median(json.stalled_ms)), "", "0"],
          [
            "silence at a queued join (ms)",
            median(sync.joinSilenceMs).toFixed(2),
            json.join_silence_max_ms.toFixed(2),
            String(JOIN_SILENCE_TARGET_MS),
          ],
          ["frames of both songs at a gapless join (ms)", ms(median(sync.joinOverlapMs)), "", "0"],
          [
            "live radio offset between two pages (ms)",
            ms(median(sync.liveOffsetMs)),
            ms(json.live_radio_offset_p95_ms),
            String(LIVE_OFFSET_TARGET_MS),
          ],
        ],
      );
      return { table, json };
    } finally {
      await browser.close();
      await served.close();
    }
  },
};
