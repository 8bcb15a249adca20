import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Midi } from "@tonejs/midi";
import { afterAll, describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { GeneratedSong, GenerationProgress } from "../../src/generator/generator.ts";
import { measureLoudness } from "../../src/generator/render/loudness.ts";
import { masterMix, mixStems } from "../../src/generator/render/master.ts";
import { renderStem } from "../../src/generator/render/render-stems.ts";
import type { PcmAudio, SongRequest } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { generateSong, pcmBytes, songRequest } from "../generator-requests.ts";

const RATE = 48000;
const dsp = newDsp();
const generator = new BuiltInGenerator({ threads: 2 });
afterAll(() => generator.close());

const generate = (request: SongRequest, on: BuiltInGenerator = generator) => generateSong(on, request);

/** Largest difference between two signals relative to the first's peak, in dB. */
function relativeDifferenceDb(a: PcmAudio, b: PcmAudio): number {
  let peak = 0;
  let diff = 0;
  for (let c = 0; c < a.channels.length; c++) {
    for (let i = 0; i < a.channels[c].length; i++) {
      peak = Math.max(peak, Math.abs(a.channels[c][i]));
      diff = Math.max(diff, Math.abs(a.channels[c][i] - (b.channels[c][i] ?? 0)));
    }
  }
  return 20 * Math.log10(diff / peak);
}

describe("built-in generator: a song", () => {
  let first: { song: GeneratedSong; progress: GenerationProgress[] };

  it("makes a short song: stems, mix and MIDI, streamed in order as the mix itself", async () => {
    first = await generate(songRequest());
    const { song, progress } = first;
    const frames = song.mix.channels[0].length;
    expect(song.durationSeconds).toBeCloseTo(frames / RATE, 6);
    expect(song.durationSeconds).toBeGreaterThan(10);
    expect(song.stems.map((s) => s.name)).toEqual(["drums", "bass", "chords", "lead", "vocals"]);
    let at = 0;
    for (const { chunk, atSeconds } of progress) {
      expect(Math.round(atSeconds * RATE)).toBe(at);
      const expected = {
        sampleRate: RATE,
        channels: song.mix.channels.map((c) => c.subarray(at, at + chunk.channels[0].length)),
      };
      expect(pcmBytes(chunk).equals(pcmBytes(expected))).toBe(true);
      at += chunk.channels[0].length;
    }
    expect(at).toBe(frames);
    // No clipping, and about the target loudness though decided before the song was whole.
    const { integratedLufs, truePeakDb } = measureLoudness(dsp, song.mix);
    expect(truePeakDb).toBeLessThanOrEqual(-1);
    expect(Math.abs(integratedLufs + 14)).toBeLessThan(2);
  });

  it("streams stems equal to whole renders, which sum to the premaster the mix masters", () => {
    const { song } = first;
    const score = song.score;
    if (!score) throw new Error("no score");
    for (const stem of ["drums", "bass", "chords", "lead"] as const) {
      const whole = renderStem(dsp, score, stem, RATE);
      const streamed = song.stems.find((s) => s.name === stem)?.audio;
      expect(streamed && pcmBytes(streamed).equals(pcmBytes(whole))).toBe(true);
    }
    // The streamed master against the whole-song master of the same premaster: the same chain, its
    // gains decided from a probe instead of the whole, so levels within a dB or two.
    const premaster = mixStems(song.stems.map((s) => s.audio));
    const whole = masterMix(dsp, premaster);
    const streamed = measureLoudness(dsp, song.mix);
    expect(Math.abs(streamed.integratedLufs - whole.integratedLufs)).toBeLessThan(2);
    // With the level matched, the two masters differ only where the limiter and compressor work.
    const gain = 10 ** ((whole.integratedLufs - streamed.integratedLufs) / 20);
    const matched = { sampleRate: RATE, channels: song.mix.channels.map((c) => c.map((x) => x * gain)) };
    expect(relativeDifferenceDb(whole.mix, matched)).toBeLessThan(-6);
  });

  it("is deterministic: the same request gives the same bytes, on one thread or two", async () => {
    const single = new BuiltInGenerator({ threads: 1 });
    try {
      const again = await generate(songRequest(), single);
      expect(pcmBytes(again.song.mix).equals(pcmBytes(first.song.mix))).toBe(true);
      for (const [i, stem] of again.song.stems.entries()) {
        expect(pcmBytes(stem.audio).equals(pcmBytes(first.song.stems[i].audio))).toBe(true);
      }
      expect(Buffer.from(again.song.midi ?? []).equals(Buffer.from(first.song.midi ?? []))).toBe(true);
    } finally {
      await single.close();
    }
  });

  it("writes MIDI that parses, with the score's notes", () => {
    const { song } = first;
    const score = song.score;
    if (!score || !song.midi) throw new Error("no MIDI");
    const midi = new Midi(song.midi);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(score.bpm, 3);
    const drums = midi.tracks.find((t) => t.channel === 9);
    expect(drums?.notes.length).toBe(score.drums.hits.length);
    for (const part of score.parts) {
      const track = midi.tracks.find((t) => t.name === part.name && t.channel !== 9);
      expect(track?.notes.map((n) => n.midi)).toEqual(part.notes.map((n) => n.pitch));
      expect(track?.notes.map((n) => n.ticks / midi.header.ppq)).toEqual(part.notes.map((n) => n.start));
    }
  });

  it("gives the beats and tempo of its score", () => {
    const { song } = first;
    expect(song.avgBpm).toBe(120);
    const downbeats = song.downbeats.filter(([, n]) => n === 1).map(([t]) => t);
    expect(downbeats[1] - downbeats[0]).toBeCloseTo(2, 3);
  });
});

describe("built-in generator: abort", () => {
  it("stops a generation: it rejects with the reason, streams no more, and the generator goes on", async () => {
    const controller = new AbortController();
    const progress: GenerationProgress[] = [];
    const reason = new Error("The user stopped it");
    const started = Date.now();
    const running = generator.generate(
      songRequest({ durationSeconds: 120, seed: 8 }),
      (p) => {
        progress.push(p);
        if (progress.length === 1) controller.abort(reason);
      },
      controller.signal,
    );
    await expect(running).rejects.toBe(reason);
    // Far sooner than the two minutes of song would take to render.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(progress.length).toBe(1);
    await expect(generator.generate(songRequest(), () => {}, AbortSignal.abort(reason))).rejects.toBe(reason);
    const after = await generate(songRequest({ durationSeconds: 10, seed: 3 }));
    expect(after.song.durationSeconds).toBeGreaterThan(9);
  });
});

describe("built-in generator: close", () => {
  it("lets the process exit once closed, with no thread left running", () => {
    const script = `
      const { BuiltInGenerator } = await import(${JSON.stringify(new URL("../../src/generator/built-in-generator.ts", import.meta.url).href)});
      const { songRequest } = await import(${JSON.stringify(new URL("../generator-requests.ts", import.meta.url).href)});
      const generator = new BuiltInGenerator({ threads: 2 });
      const song = await generator.generate(songRequest({ durationSeconds: 8 }), () => {}, new AbortController().signal);
      await generator.close();
      console.log(song.durationSeconds > 8 ? "made and closed" : "too short");
    `;
    const dir = mkdtempSync(join(tmpdir(), "generator-exit-"));
    writeFileSync(join(dir, "generator-exit.mts"), script);
    const child = spawnSync(process.execPath, ["--import", "tsx", join(dir, "generator-exit.mts")], {
      timeout: 60_000,
      encoding: "utf8",
    });
    rmSync(dir, { recursive: true });
    expect(child.stdout.trim()).toBe("made and closed");
    expect(child.status).toBe(0);
  });
});
