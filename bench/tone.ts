// The first proof's cost: the wasm tone against a plain-JS loop (Node) and
// against Chromium's native OscillatorNode (offline render), in one run.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { DSP_WASM } from "../src/platform/paths.ts";
import { type EngineWindow, exposeBuiltEngine } from "../src/tooling/built-entries.ts";
import { launchChromium } from "../src/tooling/chromium.ts";
import { serveBuiltApp } from "../src/tooling/serve-built.ts";
import { QUANTUM_FRAMES } from "../worklets/dsp-abi.ts";
import { instantiateDsp } from "../worklets/dsp-instance.ts";
import { type BenchArea, formatTable, median } from "./area.ts";

const SAMPLE_RATE = 48_000;
const TONE = { frequencyHz: 440, gain: 0.25 };

function timeNodeWasm(seconds: number): number {
  const dsp = instantiateDsp(new WebAssembly.Module(readFileSync(DSP_WASM)));
  dsp.toneReset(SAMPLE_RATE, TONE.frequencyHz, TONE.gain);
  const block = new Float32Array(dsp.memory.buffer, dsp.toneOutputPtr(), QUANTUM_FRAMES);
  const sink = new Float32Array(QUANTUM_FRAMES);
  const quanta = Math.ceil((seconds * SAMPLE_RATE) / QUANTUM_FRAMES);
  const start = performance.now();
  for (let q = 0; q < quanta; q++) {
    dsp.toneRender();
    sink.set(block);
  }
  return (performance.now() - start) / 1000;
}

function timeNodeJs(seconds: number): number {
  const block = new Float32Array(QUANTUM_FRAMES);
  const step = TONE.frequencyHz / SAMPLE_RATE;
  const quanta = Math.ceil((seconds * SAMPLE_RATE) / QUANTUM_FRAMES);
  let phase = 0;
  const start = performance.now();
  for (let q = 0; q < quanta; q++) {
    for (let i = 0; i < QUANTUM_FRAMES; i++) {
      block[i] = Math.sin(phase * 2 * Math.PI) * TONE.gain;
      phase += step;
      if (phase >= 1) phase -= 1;
    }
  }
  return (performance.now() - start) / 1000;
}

/** Wall seconds of an offline render in the page, with the wasm worklet or the native oscillator. */
function timeChromium(page: Page, seconds: number, source: "wasm" | "native"): Promise<number> {
  return page.evaluate(
    async ({ seconds, source, sampleRate, tone }) => {
      const engine = (window as unknown as EngineWindow).tunesmithEngine;
      const context = new OfflineAudioContext({
        numberOfChannels: 1,
        length: seconds * sampleRate,
        sampleRate,
      });
      if (source === "wasm") {
        (await engine.createToneNode(context, tone)).connect(context.destination);
      } else {
        const oscillator = new OscillatorNode(context, { frequency: tone.frequencyHz });
        oscillator.connect(new GainNode(context, { gain: tone.gain })).connect(context.destination);
        oscillator.start();
      }
      const start = performance.now();
      await context.startRendering();
      return (performance.now() - start) / 1000;
    },
    { seconds, source, sampleRate: SAMPLE_RATE, tone: TONE },
  );
}

export const toneBench: BenchArea = {
  async run({ quick }) {
    const seconds = quick ? 10 : 60;
    const repeats = quick ? 3 : 5;
    const speed = (times: number[]) => seconds / median(times);
    const repeat = async (measure: () => number | Promise<number>) => {
      await measure(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < repeats; i++) times.push(await measure());
      return speed(times);
    };

    const nodeWasm = await repeat(() => timeNodeWasm(seconds));
    const nodeJs = await repeat(() => timeNodeJs(seconds));

    const served = await serveBuiltApp();
    const browser = await launchChromium();
    let chromeWasm: number;
    let chromeNative: number;
    try {
      const page = await browser.context.newPage();
      await page.goto(served.url);
      await exposeBuiltEngine(page);
      chromeWasm = await repeat(() => timeChromium(page, seconds, "wasm"));
      chromeNative = await repeat(() => timeChromium(page, seconds, "native"));
    } finally {
      await browser.close();
      await served.close();
    }

    const x = (value: number) => `${value.toFixed(0)}x`;
    const table = formatTable(
      ["where", "ours (wasm)", "peer", "peer speed", "ours / peer"],
      [
        ["Node", x(nodeWasm), "plain JS loop", x(nodeJs), (nodeWasm / nodeJs).toFixed(2)],
        [
          "Chromium offline",
          x(chromeWasm),
          "OscillatorNode",
          x(chromeNative),
          (chromeWasm / chromeNative).toFixed(2),
        ],
      ],
    );
    return {
      table: `${seconds} s of a ${TONE.frequencyHz} Hz tone at ${SAMPLE_RATE} Hz, median of ${repeats}, in x realtime\n${table}`,
      json: {
        seconds_rendered: seconds,
        node_wasm_x_realtime: nodeWasm,
        node_js_x_realtime: nodeJs,
        chromium_worklet_wasm_x_realtime: chromeWasm,
        chromium_native_oscillator_x_realtime: chromeNative,
        chromium_wasm_vs_native: chromeWasm / chromeNative,
      },
    };
  },
};
