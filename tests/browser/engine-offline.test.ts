import { describe, expect, it } from "vitest";
import type { EngineWindow } from "../../src/tooling/built-entries.ts";
import { maxAbsDifference, referenceTone } from "../tone-reference.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile({ engine: true });

interface OfflineTone {
  readonly sampleRate: number;
  readonly frames: number;
  readonly frequencyHz: number;
  readonly gain: number;
}

/** Renders the wasm tone through its AudioWorklet in an OfflineAudioContext, in the page. */
function renderOffline(tone: OfflineTone): Promise<number[]> {
  return page().evaluate(async (tone) => {
    const engine = (window as unknown as EngineWindow).tunesmithEngine;
    const context = new OfflineAudioContext({
      numberOfChannels: 1,
      length: tone.frames,
      sampleRate: tone.sampleRate,
    });
    const node = await engine.createToneNode(context, tone);
    node.connect(context.destination);
    const rendered = await context.startRendering();
    return Array.from(rendered.getChannelData(0));
  }, tone);
}

describe("wasm tone in an AudioWorklet, rendered offline in Chromium", () => {
  it("runs cross-origin isolated, as SharedArrayBuffer needs", async () => {
    expect(await page().evaluate(() => crossOriginIsolated)).toBe(true);
  });

  it.each([
    { sampleRate: 48_000, frames: 48_000, frequencyHz: 440, gain: 0.25 },
    { sampleRate: 44_100, frames: 22_050, frequencyHz: 1_000, gain: 0.8 },
  ])("matches gain * sin(2 pi f n / sr) sample for sample at $sampleRate Hz", async (tone) => {
    const samples = await renderOffline(tone);
    expect(samples).toHaveLength(tone.frames);
    const reference = referenceTone(tone.frames, tone.sampleRate, tone.frequencyHz, tone.gain);
    expect(maxAbsDifference(samples, reference)).toBeLessThan(1e-6);
  });
});
