import { describe, expect, it } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import { renderProject } from "../../src/engine/project-render.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import type { EngineWindow } from "../../src/tooling/built-entries.ts";
import { demoSources } from "../demo-sources.ts";
import { newDsp } from "../dsp-wasm.ts";
import { openAppPageForFile } from "./app-page.ts";

const RATE = 48_000;

const page = openAppPageForFile({ engine: true });

describe("export render in a browser Worker", () => {
  it("writes the same audio as the Node render of the same project", async () => {
    const encoded = await page().evaluate(async (rate) => {
      const engine = (window as unknown as EngineWindow).tunesmithEngine;
      const material = engine.synthesizeDemoMaterial(rate);
      const sources = new Map(
        Object.entries(material).map(([id, channels]) => [`demo-${id}`, { sampleRate: rate, channels }]),
      );
      const wav = await engine.renderProjectToWav(engine.demoProject(), sources, rate, "float32");
      const bytes = new Uint8Array(wav);
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }, RATE);
    const bytes = Buffer.from(encoded, "base64");
    const fromWorker = decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const fromNode = renderProject(newDsp(), demoProject(), demoSources(RATE), RATE);
    expect(fromWorker.sampleRate).toBe(RATE);
    expect(fromWorker.channels[0].length).toBe(fromNode.left.length);
    let maxDifference = 0;
    for (let i = 0; i < fromNode.left.length; i++) {
      maxDifference = Math.max(
        maxDifference,
        Math.abs(fromWorker.channels[0][i] - fromNode.left[i]),
        Math.abs(fromWorker.channels[1][i] - fromNode.right[i]),
      );
    }
    expect(maxDifference).toBeLessThanOrEqual(1e-6);
  });
});
