import { afterAll, describe, expect, it } from "vitest";
import { analyseSource, type SourceAnalysis } from "../../src/generator/analysis/analyse-source.ts";
import { AnalysisCache, audioFingerprint } from "../../src/generator/analysis/analysis-cache.ts";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { sliceAudio } from "../../src/generator/tasks/splice.ts";
import { generatorDsp } from "../../src/generator/workers/generator-dsp.ts";
import { generateSong, pcmBytes, songRequest } from "../generator-requests.ts";

const RATE = 48000;

/** Two seconds of clicks every half second (a beat at 120 bpm) over a low tone, different per seed. */
function clicks(seed: number): PcmAudio {
  const left = new Float32Array(RATE * 2);
  for (let i = 0; i < left.length; i++) left[i] = 0.1 * Math.sin((i * seed * 2 * Math.PI * 110) / RATE);
  for (let beat = 0; beat < left.length; beat += RATE / 2) left.fill(0.9, beat, beat + 200);
  return { sampleRate: RATE, channels: [left, left.slice()] };
}

describe("source analyses kept by their audio", () => {
  it("names audio by its samples: a copy or an equal slice has the name, one changed sample does not", () => {
    const audio = clicks(1);
    const copy = { sampleRate: RATE, channels: audio.channels.map((channel) => channel.slice()) };
    expect(audioFingerprint(copy)).toBe(audioFingerprint(audio));
    expect(audioFingerprint(sliceAudio(audio, 0, RATE * 2))).toBe(audioFingerprint(audio));
    copy.channels[1][RATE] += 1 / 32768;
    expect(audioFingerprint(copy)).not.toBe(audioFingerprint(audio));
    expect(audioFingerprint({ ...audio, sampleRate: 44100 })).not.toBe(audioFingerprint(audio));
  });

  it("analyses equal audio once, with the analyser's own answer, and keeps the latest eight", async () => {
    const analysed: string[] = [];
    const cache = new AnalysisCache(async (audio) => {
      analysed.push(audioFingerprint(audio));
      return analyseSource(generatorDsp(), audio);
    });
    const first = await cache.get(clicks(1));
    const again = await cache.get({ sampleRate: RATE, channels: clicks(1).channels.map((c) => c.slice()) });
    expect(analysed).toHaveLength(1);
    expect(again).toBe(first);
    expect(first).toEqual(analyseSource(generatorDsp(), clicks(1)));
    for (let seed = 2; seed <= 9; seed++) await cache.get(clicks(seed));
    expect(cache.size).toBe(8);
    // The first was the least recently asked for: it was dropped, so it is analysed again.
    await cache.get(clicks(1));
    expect(analysed).toHaveLength(10);
    await cache.get(clicks(9));
    expect(analysed).toHaveLength(10);
  });

  it("does not keep a failed analysis: the next ask analyses again", async () => {
    let tries = 0;
    const cache = new AnalysisCache(async (): Promise<SourceAnalysis> => {
      tries++;
      throw new Error(`analysis ${tries} failed`);
    });
    await expect(cache.get(clicks(1))).rejects.toThrow("analysis 1 failed");
    await expect(cache.get(clicks(1))).rejects.toThrow("analysis 2 failed");
    expect(cache.size).toBe(0);
  });
});

describe("a source prepared ahead (the studio's context render)", () => {
  const prepared = new BuiltInGenerator({ threads: 1 });
  const fresh = new BuiltInGenerator({ threads: 1 });
  afterAll(() => Promise.all([prepared.close(), fresh.close()]));

  it("gives the infill a generator makes without it, bit for bit", async () => {
    const { song } = await generateSong(fresh, songRequest({ durationSeconds: 8, seed: 3 }));
    // As the studio's render is: audio only, no score (the analysis is what the infill needs).
    const source = { clipId: "context", audio: song.mix, score: null, tags: "", lyrics: "" };
    const infill = songRequest({ task: "infill", seed: 4, source, infill: { start: 2, end: 6 } });
    prepared.prepare(song.mix);
    const [withPrepared, without] = [await generateSong(prepared, infill), await generateSong(fresh, infill)];
    expect(pcmBytes(withPrepared.song.mix)).toEqual(pcmBytes(without.song.mix));
  }, 600_000);
});
