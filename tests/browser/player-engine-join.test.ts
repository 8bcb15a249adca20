// Two queued songs through the engine's AudioWorklet in Chromium (an OfflineAudioContext, the built
// engine entry): the second starts on the frame the first ends, so the worklet's output has no
// silence at the join beyond the core's declick ramp; with a crossfade, two equal songs keep their
// level through the overlap.

import { describe, expect, it } from "vitest";
import type { EngineWindow } from "../../src/tooling/built-entries.ts";
import { openAppPageForFile } from "./app-page.ts";

const page = openAppPageForFile({ engine: true });
const RATE = 48_000;
const SONG = RATE;

interface Join {
  readonly crossfadeSeconds: number;
  /** Each song a tone (Hz) or, at 0, a constant 0.5. */
  readonly tones: readonly [number, number];
}

/** Renders the join in the page and answers the output's left channel around it. */
function renderJoin(join: Join): Promise<{ samples: number[]; silence: number; overlap: number }> {
  return page().evaluate(
    async ({ join, rate, song }) => {
      const engine = (window as unknown as EngineWindow).tunesmithEngine;
      const source = (slot: number, hz: number) => {
        const data = Float32Array.from({ length: song }, (_, i) =>
          hz === 0 ? 0.5 : 0.5 * Math.sin((2 * Math.PI * hz * i) / rate),
        );
        return { op: "source", slot, frames: song, data: [data, data] } as const;
      };
      const overlap = engine.crossfadeFrames(join.crossfadeSeconds, rate);
      const songs = [
        { clipSlot: 0, sourceSlot: 0, frames: song },
        { clipSlot: 1, sourceSlot: 1, frames: song },
      ];
      const context = new OfflineAudioContext({ numberOfChannels: 2, length: song * 2, sampleRate: rate });
      const node = await engine.createEngineNode(context, [
        source(0, join.tones[0]),
        source(1, join.tones[1]),
        engine.queueTrack(0),
        ...engine.queueClipPatches(0, songs, overlap),
        { op: "play" },
      ]);
      node.node.connect(context.destination);
      const left = (await context.startRendering()).getChannelData(0);
      const silence = engine.longestSilence(left, song - overlap - rate / 10, song + rate / 10, 1e-3);
      return { samples: Array.from(left.subarray(song - overlap - 64, song + 64)), silence, overlap };
    },
    { join, rate: RATE, song: SONG },
  );
}

describe("queued songs joined by the engine's worklet", () => {
  it("joins two songs gaplessly: no silence at the join beyond the declick ramp (the bar is 20 ms)", async () => {
    const { silence } = await renderJoin({ crossfadeSeconds: 0, tones: [440, 660] });
    expect(silence).toBeLessThan(0.001 * RATE);
    expect(silence).toBeLessThan(0.02 * RATE);
  });

  it("crossfades two equal songs without a dip or a bump", async () => {
    const { samples, overlap } = await renderJoin({ crossfadeSeconds: 0.5, tones: [0, 0] });
    expect(overlap).toBe(RATE / 2);
    const worst = Math.max(...samples.map((sample) => Math.abs(sample - 0.5)));
    expect(worst).toBeLessThan(1e-3);
  });
});
