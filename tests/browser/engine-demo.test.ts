import { describe, expect, it } from "vitest";
import { demoSessionPatches } from "../../src/engine/demo/demo-session.ts";
import { renderOffline } from "../../src/engine/offline-render.ts";
import type { EngineWindow } from "../../src/tooling/built-entries.ts";
import { EngineCore } from "../../worklets/engine-core.ts";
import { newDsp } from "../dsp-wasm.ts";
import { openAppPageForFile } from "./app-page.ts";

const RATE = 48_000;
const FRAMES = 10 * RATE;

const page = openAppPageForFile({ engine: true });

/** The demo rendered through the engine worklet in an OfflineAudioContext; L then R as raw f32 bytes in base64. */
function renderDemoInChromium(): Promise<string> {
  return page().evaluate(
    async ({ rate, frames }) => {
      const engine = (window as unknown as EngineWindow).tunesmithEngine;
      const context = new OfflineAudioContext({ numberOfChannels: 2, length: frames, sampleRate: rate });
      const { patches } = engine.demoSessionPatches(rate);
      const { node } = await engine.createEngineNode(context, [...patches, { op: "play" }]);
      node.connect(context.destination);
      const rendered = await context.startRendering();
      const samples = new Float32Array(2 * frames);
      samples.set(rendered.getChannelData(0), 0);
      samples.set(rendered.getChannelData(1), frames);
      const bytes = new Uint8Array(samples.buffer);
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { rate: RATE, frames: FRAMES },
  );
}

describe("the demo project through the engine worklet in Chromium", () => {
  it("equals the Node offline render of the same patches (max abs difference <= 1e-6)", async () => {
    const encoded = await renderDemoInChromium();
    const bytes = Buffer.from(encoded, "base64");
    const chromium = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    const { patches } = demoSessionPatches(RATE);
    const node = renderOffline(newDsp(), RATE, patches, FRAMES);
    // Live, the worklet's output trails the timeline by the limiter's lookahead; offline renders are aligned.
    const latency = new EngineCore(newDsp(), RATE).latencyFrames;
    let maxDifference = 0;
    let energy = 0;
    for (let i = 0; i < FRAMES - latency; i++) {
      maxDifference = Math.max(
        maxDifference,
        Math.abs(chromium[i + latency] - node.left[i]),
        Math.abs(chromium[FRAMES + i + latency] - node.right[i]),
      );
      energy += node.left[i] ** 2;
    }
    expect(energy / FRAMES).toBeGreaterThan(1e-4);
    expect(maxDifference).toBeLessThanOrEqual(1e-6);
  });
});
