// npm run bench engine: offline mixdown against Chrome's native graph and plain JS,
// worklet cost per quantum, and edit-to-audible latency, all in one Chromium run.

import { exposeBuiltEngine } from "../src/tooling/built-entries.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { serveBuiltApp } from "../src/tooling/serve-built.ts";
import {
  SHARED_APPLIED_AT_QUANTA,
  SHARED_APPLIED_BATCH,
  SHARED_LOAD_BATCHES,
  SHARED_QUANTA,
} from "../worklets/engine-shared-state.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import {
  BENCH_PROJECT,
  benchPatches,
  benchSources,
  benchTrackPatch,
  editToAudible,
  type HeaderSlots,
  nativeOffline,
  oursOffline,
  plainJsOffline,
  WARPED_CLIPS,
  warpedOffline,
} from "./engine-page.ts";

const SAMPLE_RATE = 48_000;
const QUANTUM_BUDGET_US = (128 / SAMPLE_RATE) * 1e6;
const SLOTS: HeaderSlots = {
  quanta: SHARED_QUANTA,
  appliedBatch: SHARED_APPLIED_BATCH,
  appliedAtQuanta: SHARED_APPLIED_AT_QUANTA,
  loadBatches: SHARED_LOAD_BATCHES,
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const engineBench: BenchArea = {
  async run({ quick }) {
    const sizes = quick ? [8, 64] : [8, 32, 64, 128];
    const seconds = quick ? 10 : 60;
    const plainSeconds = 10;
    const edits = quick ? 60 : 300;
    const served = await serveBuiltApp();
    const browser = await launchChromium();
    try {
      const page = await browser.context.newPage();
      await page.goto(served.url);
      await exposeBuiltEngine(page);
      // tsx names functions through a __name helper; the page needs it to run them.
      await page.evaluate("globalThis.__name = (f) => f");
      await page.evaluate(
        `window.tunesmithBench = { sources: ${benchSources}, trackPatch: ${benchTrackPatch}, patches: ${benchPatches} }`,
      );

      const detail: Record<string, Record<string, number>> = {};
      const rows: string[][] = [];
      for (const tracks of sizes) {
        const spec = { tracks, seconds, sampleRate: SAMPLE_RATE };
        const ours = await page.evaluate(oursOffline, { spec, project: BENCH_PROJECT, slots: SLOTS });
        const native = await page.evaluate(nativeOffline, { spec, project: BENCH_PROJECT });
        const plain = await page.evaluate(plainJsOffline, {
          spec: { ...spec, seconds: plainSeconds },
          project: BENCH_PROJECT,
        });
        const costs = ours.quantumCostsMicros;
        detail[tracks] = {
          ours_x_realtime: ours.xRealtime,
          native_x_realtime: native.xRealtime,
          plain_js_x_realtime: plain.xRealtime,
          speedup_vs_native: ours.xRealtime / native.xRealtime,
          quantum_median_us: median(costs),
          quantum_p99_us: percentile(costs, 99),
          quantum_max_us: Math.max(...costs),
          quantum_batches: costs.length,
        };
        const d = detail[tracks];
        rows.push([
          String(tracks),
          `${d.ours_x_realtime.toFixed(1)}x`,
          `${d.native_x_realtime.toFixed(1)}x`,
          `${d.plain_js_x_realtime.toFixed(1)}x`,
          d.speedup_vs_native.toFixed(2),
          d.quantum_median_us.toFixed(0),
          d.quantum_p99_us.toFixed(0),
          d.quantum_max_us.toFixed(0),
        ]);
      }

      const warpedSeconds = quick ? 5 : 10;
      const warped = await page.evaluate(warpedOffline, {
        spec: { tracks: WARPED_CLIPS, seconds: warpedSeconds, sampleRate: SAMPLE_RATE },
        project: BENCH_PROJECT,
        slots: SLOTS,
      });
      const warpedCosts = warped.quantumCostsMicros;
      const warpedP99 = percentile(warpedCosts, 99);

      // Chromium renders a realtime context's quanta in bursts, one device callback at a time, and
      // applies a patch only between callbacks: the callback period bounds edit-to-audible from below.
      // The headline figure uses the smallest callback the device grants (latencyHint 0: one quantum
      // here); the product's "interactive" context, whose callback here is 10 ms, is reported beside it.
      const latencyRun = (latencyHint: AudioContextLatencyCategory | number) =>
        page.evaluate(editToAudible, {
          spec: { tracks: 64, seconds: 60, sampleRate: SAMPLE_RATE },
          project: BENCH_PROJECT,
          slots: SLOTS,
          edits,
          latencyHint,
        });
      const latency = await latencyRun(0);
      const interactive = await latencyRun("interactive");
      const measured = latency.latenciesMs.filter(Number.isFinite);
      const measuredInteractive = interactive.latenciesMs.filter(Number.isFinite);
      const p64 = detail[64];
      const json = {
        mixdown_speedup_vs_native_64: p64.speedup_vs_native,
        quantum_p99_us_64: p64.quantum_p99_us,
        quantum_p99_budget_fraction_64: p64.quantum_p99_us / QUANTUM_BUDGET_US,
        warped32_quantum_p99_us: warpedP99,
        warped32_p99_budget_fraction: warpedP99 / QUANTUM_BUDGET_US,
        warped32_quantum_median_us: median(warpedCosts),
        warped32_quantum_max_us: Math.max(...warpedCosts),
        warped32_x_realtime: warped.xRealtime,
        warped32_seconds_rendered: warpedSeconds,
        edit_to_audible_ms_p50: median(measured),
        edit_to_audible_ms_p99: percentile(measured, 99),
        edit_to_audible_missed: latency.latenciesMs.length - measured.length,
        edit_to_audible_callback_ms: latency.callbackMs,
        output_latency_ms: latency.outputLatencyMs,
        edit_to_audible_interactive_ms_p50: median(measuredInteractive),
        edit_to_audible_interactive_ms_p99: percentile(measuredInteractive, 99),
        edit_to_audible_interactive_callback_ms: interactive.callbackMs,
        output_latency_interactive_ms: interactive.outputLatencyMs,
        seconds_rendered: seconds,
        plain_js_seconds_rendered: plainSeconds,
        how_quantum_cost_was_measured:
          "inside the engine worklet during the offline mixdown: Date.now() around batches of 64 quanta (the worklet has no performance.now); figures are per-quantum averages of each batch",
        how_warped32_was_measured: `${WARPED_CLIPS} stereo clips on ${WARPED_CLIPS} tracks playing at once, each warped (0.7x to 1x) and transposed (-5 to +7 semitones) through its stretcher, rendered offline by the engine worklet; per-quantum batch costs as above (a batch of 64 quanta averages the stretchers' once-per-hop FFT work, 8 quanta at 48 kHz)`,
        how_edit_to_audible_was_measured:
          "realtime AudioContext, 64 tracks playing: performance.now() from posting a fader patch until the shared header shows a quantum rendered after the processor applied it (main thread spins on the SharedArrayBuffer); excludes the device output latency reported separately. Headline: latencyHint 0, the smallest device callback (edit_to_audible_callback_ms); edit_to_audible_interactive_*: latencyHint 'interactive', the studio's, whose callback period bounds the figure from below",
        per_tracks: detail,
      };
      const table = [
        `${seconds} s mixdown at ${SAMPLE_RATE} Hz (plain JS: ${plainSeconds} s), x realtime; quantum cost in us (budget ${QUANTUM_BUDGET_US.toFixed(0)} us)`,
        formatTable(
          ["tracks", "ours", "native", "plain JS", "ours/native", "q median", "q p99", "q max"],
          rows,
        ),
        `${WARPED_CLIPS} warped + transposed stereo clips (${warpedSeconds} s): ${warped.xRealtime.toFixed(1)}x realtime; quantum median ${json.warped32_quantum_median_us.toFixed(0)} us, p99 ${warpedP99.toFixed(0)} us (${(100 * json.warped32_p99_budget_fraction).toFixed(0)}% of the ${QUANTUM_BUDGET_US.toFixed(0)} us budget, target <= 50%), max ${json.warped32_quantum_max_us.toFixed(0)} us`,
        `edit-to-audible (64 tracks, ${measured.length} edits, ${latency.callbackMs.toFixed(2)} ms device callback): p50 ${json.edit_to_audible_ms_p50.toFixed(2)} ms, p99 ${json.edit_to_audible_ms_p99.toFixed(2)} ms (target <= ${(QUANTUM_BUDGET_US / 1000 + 3).toFixed(2)} ms); device output latency ${latency.outputLatencyMs.toFixed(1)} ms`,
        `edit-to-audible, "interactive" context (${interactive.callbackMs.toFixed(2)} ms device callback): p50 ${json.edit_to_audible_interactive_ms_p50.toFixed(2)} ms, p99 ${json.edit_to_audible_interactive_ms_p99.toFixed(2)} ms; device output latency ${interactive.outputLatencyMs.toFixed(1)} ms`,
      ].join("\n");
      return { table, json };
    } finally {
      await browser.close();
      await served.close();
    }
  },
};
