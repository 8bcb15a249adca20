import { describe, expect, it } from "vitest";
import { mixStems } from "../../src/generator/render/master.ts";
import {
  INSTRUMENT_STEMS,
  renderInstrumentStems,
  renderStem,
  StemRenderer,
  songFrames,
  songTailSeconds,
} from "../../src/generator/render/render-stems.ts";
import { STEM_MAX_FRAMES } from "../../src/generator/render/stem-layout.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { newDsp } from "../dsp-wasm.ts";
import { pcmBytes } from "../generator-requests.ts";
import { testScore } from "./generator-render-score.ts";

const RATE = 48000;
const dsp = newDsp();
const score = testScore();
const stems = renderInstrumentStems(dsp, score, RATE);

const peak = (audio: PcmAudio) =>
  Math.max(...audio.channels.map((c) => c.reduce((m, v) => Math.max(m, Math.abs(v)), 0)));

describe("instrument stems", () => {
  it("are stereo, the score's length plus the ring-out, finite, audible and unclipped", () => {
    const frames = songFrames(score, RATE);
    expect(frames).toBe(
      Math.round(((score.lengthBeats * 60) / score.bpm) * RATE) + Math.round(songTailSeconds(score) * RATE),
    );
    for (const stem of INSTRUMENT_STEMS) {
      const audio = stems[stem];
      expect(audio.sampleRate).toBe(RATE);
      expect(audio.channels).toHaveLength(2);
      for (const channel of audio.channels) {
        expect(channel).toHaveLength(frames);
        expect(channel.every(Number.isFinite)).toBe(true);
      }
      expect(peak(audio)).toBeGreaterThan(0.05);
      expect(peak(audio)).toBeLessThan(1);
    }
  });

  it("sum to the premaster mix", () => {
    const mix = mixStems(INSTRUMENT_STEMS.map((stem) => stems[stem]));
    for (let c = 0; c < 2; c++) {
      const expected = new Float32Array(mix.channels[c].length);
      for (const stem of INSTRUMENT_STEMS) {
        const channel = stems[stem].channels[c];
        for (let n = 0; n < channel.length; n++) expected[n] += channel[n];
      }
      expect(Buffer.from(mix.channels[c].buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    }
  });

  it("are byte-identical when rendered again, on another instance too", () => {
    const again = renderInstrumentStems(newDsp(), score, RATE);
    for (const stem of INSTRUMENT_STEMS)
      expect(pcmBytes(again[stem]).equals(pcmBytes(stems[stem]))).toBe(true);
    const reseeded = renderStem(dsp, { ...score, seed: score.seed + 1 }, "drums", RATE);
    expect(pcmBytes(reseeded).equals(pcmBytes(stems.drums))).toBe(false);
  });

  it("render a time range to exactly the same samples as the whole render", () => {
    for (const stem of INSTRUMENT_STEMS) {
      for (const [from, to] of [
        [3.3, 7.1],
        [0, 0.5],
        [STEM_MAX_FRAMES / RATE, (3 * STEM_MAX_FRAMES) / RATE + 0.01],
      ]) {
        const range = renderStem(dsp, score, stem, RATE, from, to);
        const start = Math.round(from * RATE);
        for (let c = 0; c < 2; c++) {
          const whole = stems[stem].channels[c].subarray(start, Math.round(to * RATE));
          expect(range.channels[c]).toHaveLength(whole.length);
          expect(
            pcmBytes({ sampleRate: RATE, channels: [range.channels[c]] }).equals(
              Buffer.from(whole.slice().buffer),
            ),
          ).toBe(true);
        }
      }
    }
  });

  it("stream chunk by chunk to the whole render", () => {
    const renderer = new StemRenderer(dsp, score, "chords", RATE);
    const left = new Float32Array(renderer.frames);
    const right = new Float32Array(renderer.frames);
    try {
      for (let at = 0; at < renderer.frames; at += 3 * STEM_MAX_FRAMES) {
        renderer.render(Math.min(3 * STEM_MAX_FRAMES, renderer.frames - at), left, right, at);
      }
    } finally {
      renderer.destroy();
    }
    expect(pcmBytes({ sampleRate: RATE, channels: [left, right] }).equals(pcmBytes(stems.chords))).toBe(true);
  });

  it("duck the bass under the kick hits of the score", () => {
    const dry = renderStem(dsp, { ...score, mix: { ...score.mix, sidechain: 0 } }, "bass", RATE);
    const beat = (60 / score.bpm) * RATE;
    const kick = Math.round(4 * beat); // bar 2's downbeat kick
    const level = (audio: PcmAudio, at: number) => {
      let sum = 0;
      for (let n = at; n < at + 480; n++) sum += audio.channels[0][n] ** 2;
      return Math.sqrt(sum / 480);
    };
    // 20 ms after the kick the bass is well down; just before it, it is untouched.
    expect(level(stems.bass, kick + 960) / level(dry, kick + 960)).toBeLessThan(0.75);
    // Just before it, the last kick (1.5 beats earlier) has long been recovered from.
    expect(level(stems.bass, kick - 960) / level(dry, kick - 960)).toBeCloseTo(1, 2);
    expect(level(stems.bass, Math.round(3.5 * beat)) / level(dry, Math.round(3.5 * beat))).toBeGreaterThan(
      0.9,
    );
  });

  it("refuse a score without a positive tempo or length", () => {
    expect(() => renderStem(dsp, { ...score, bpm: 0 }, "drums", RATE)).toThrow(
      "A score's tempo must be positive, not 0",
    );
    expect(() => songFrames({ ...score, lengthBeats: Number.NaN as typeof score.lengthBeats }, RATE)).toThrow(
      "A score's length must be a positive number of beats",
    );
    expect(() => renderStem(dsp, score, "bass", 1000)).toThrow("The generator cannot render at 1000 Hz");
  });

  it("play nothing for a score without parts or hits", () => {
    const empty = { ...score, parts: [], drums: { ...score.drums, hits: [] } };
    for (const stem of INSTRUMENT_STEMS) {
      const audio = renderStem(dsp, empty, stem, RATE);
      expect(audio.channels.every((c) => c.every((v) => v === 0))).toBe(true);
    }
  });
});
