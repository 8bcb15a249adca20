import { describe, expect, it } from "vitest";
import type { EngineWindow } from "../../src/tooling/built-entries.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile({ engine: true });

describe("engine host in a realtime AudioContext", () => {
  it("plays the demo project, moves the playhead through shared memory, and stops", async () => {
    // A click gives the page the user activation that AudioContext.resume() needs.
    await page().mouse.click(5, 5);
    const result = await page().evaluate(async () => {
      const engine = (window as unknown as EngineWindow).tunesmithEngine;
      const host = await engine.EngineHost.create();
      const rate = host.context.sampleRate;
      for (const [id, channels] of Object.entries(engine.synthesizeDemoMaterial(rate))) {
        host.loadSource(`demo-${id}`, { sampleRate: rate, channels });
      }
      const state = engine.demoProject();
      host.update(state);
      await host.resume();
      host.play();
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await wait(1500);
      const playing = host.playhead();
      let refused = "";
      try {
        const broken = structuredClone(state);
        broken.tracks[0].clips[0].endBeats = Number.NaN;
        host.update(broken);
      } catch (error) {
        refused = (error as Error).message;
      }
      await wait(300);
      const stillPlaying = host.playhead();
      host.stop();
      await wait(300);
      const stopped = host.playhead();
      await host.close();
      return { playing, stillPlaying, stopped, refused };
    });
    expect(result.playing.playing).toBe(true);
    // Demo tempo is 2 beats a second: about 3 beats after 1.5 s, less the output latency.
    expect(result.playing.beats).toBeGreaterThan(1.5);
    expect(result.playing.beats).toBeLessThan(4);
    expect(result.refused).toMatch(/^Invalid render plan: /);
    expect(result.stillPlaying.playing).toBe(true);
    expect(result.stillPlaying.beats).toBeGreaterThan(result.playing.beats);
    expect(result.stopped.playing).toBe(false);
  });
});
