import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlignedWord } from "../../src/generator/generator.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { BREATH_LEAD_SECONDS, BREATH_SECONDS } from "../../src/generator/vocals/breaths.ts";
import { singVocals } from "../../src/generator/vocals/sing-vocals.ts";
import { recycleSpeech } from "../../src/generator/vocals/speech-workers.ts";
import { PERFORMANCE } from "../../src/generator/vocals/sung-contour.ts";
import { PHRASE_WORDS, phrase, type SyllableSpec, vocalScore } from "./generator-vocals-fixtures.ts";
import {
  bandLevelsDb,
  cents,
  energyOnset,
  measureF0,
  median,
  midiHz,
  rms,
  sameSamples,
} from "./generator-vocals-measure.ts";

const RATE = 48000;
/** C3 up to C4 in C major: the male singer's range. */
const SCALE = [48, 50, 52, 53, 55, 57, 59, 60];
const frame = (seconds: number) => Math.round(seconds * RATE);

interface Sung {
  readonly audio: PcmAudio;
  readonly alignedWords: AlignedWord[];
}

function peak(x: Float32Array): number {
  let p = 0;
  for (const v of x) p = Math.max(p, Math.abs(v));
  return p;
}

/** f0 over 40 ms windows every 10 ms across [from, to) seconds. */
function f0Track(x: Float32Array, from: number, to: number, lo: number, hi: number): number[] {
  const track: number[] = [];
  for (let t = from; t + 0.04 <= to; t += 0.01) track.push(measureF0(x, RATE, frame(t), frame(0.04), lo, hi));
  return track;
}

describe("singVocals", () => {
  const legato = phrase(SCALE, 0.5, 0);
  const detached = phrase(SCALE, 0.4, 0.35);
  const longNote: SyllableSpec[] = [{ word: 0, text: "love", midi: 55, start: 0.25, seconds: 2.5 }];
  let sung: Sung;
  let apart: Sung;
  let held: Sung;

  beforeAll(async () => {
    sung = await singVocals(vocalScore([...PHRASE_WORDS], legato), RATE);
    apart = await singVocals(vocalScore([...PHRASE_WORDS], detached), RATE);
    held = await singVocals(vocalScore(["love"], longNote), RATE);
  }, 120_000);

  afterAll(() => recycleSpeech());

  it("sings every note on its pitch (steady part of each note)", () => {
    const x = sung.audio.channels[0];
    const errors = legato.map((s) => {
      // Past the onset consonants and the glide, before the release.
      const f0 = measureF0(x, RATE, frame(s.start + 0.2), frame(s.seconds - 0.26), 60, 600);
      return Math.abs(cents(f0, midiHz(s.midi)));
    });
    expect(errors.every(Number.isFinite)).toBe(true);
    expect(median(errors)).toBeLessThanOrEqual(5);
    expect(Math.max(...errors)).toBeLessThanOrEqual(25);
  });

  it("starts each syllable on its note, keeps it inside the note, and breathes before the next", () => {
    const x = apart.audio.channels[0];
    const breathEnd = BREATH_LEAD_SECONDS;
    const breathStart = BREATH_LEAD_SECONDS + BREATH_SECONDS;
    for (const [i, s] of detached.entries()) {
      const level = rms(x, frame(s.start), frame(s.start + s.seconds));
      expect(level, s.text).toBeGreaterThan(0.01);
      // Searched from the breath's end on: the breath before it is quieter than the threshold.
      const onset = energyOnset(
        x,
        RATE,
        frame(s.start - breathEnd + 0.005),
        frame(s.start + s.seconds),
        level * 0.05,
      );
      expect(Math.abs(onset - frame(s.start)), s.text).toBeLessThanOrEqual(frame(0.03));
      // The notes are 0.35 s apart, each a phrase of its own: silence after the note, then a
      // quiet breath before the next.
      const next = detached[i + 1]?.start ?? s.start + s.seconds + 0.35;
      expect(
        rms(x, frame(s.start + s.seconds + 0.01), frame(next - breathStart - 0.005)),
        s.text,
      ).toBeLessThan(level * 0.01);
      if (i + 1 < detached.length) {
        const breath = rms(x, frame(next - breathStart), frame(next - breathEnd));
        expect(breath, s.text).toBeGreaterThan(level * 0.005);
        expect(breath, s.text).toBeLessThan(level * 0.1);
      }
    }
  });

  it("aligns each word with its notes, in order, within the song", () => {
    const expected = [
      ["I", 0],
      ["will", 1],
      ["sing", 2],
      ["to", 3],
      ["the", 4],
      ["morning", 5],
      ["sky", 7],
    ] as const;
    const songSeconds = sung.audio.channels[0].length / RATE;
    expect(sung.alignedWords.map((w) => w.word)).toEqual(expected.map(([word]) => word));
    sung.alignedWords.forEach((w, i) => {
      const first = legato[expected[i][1]];
      expect(w.start_s).toBeCloseTo(first.start, 9);
      const last = i + 1 < expected.length ? legato[expected[i + 1][1] - 1] : legato[legato.length - 1];
      expect(w.end_s).toBeCloseTo(last.start + last.seconds, 9);
      expect(w.end_s).toBeGreaterThan(w.start_s);
      expect(w.end_s).toBeLessThanOrEqual(songSeconds);
      if (i > 0) expect(w.start_s).toBeGreaterThanOrEqual(sung.alignedWords[i - 1].end_s);
    });
  });

  it("sings a vibrato of 5-6 Hz on a long note that starts late and deepens", () => {
    const x = held.audio.channels[0];
    const hz = midiHz(55);
    const s = longNote[0];
    const track = (from: number, to: number) =>
      f0Track(x, s.start + from, s.start + to, 100, 400).map((f) => cents(f, hz));
    /** Peak depth (cents) of a sine with the track's spread around its mean. */
    const depth = (values: number[]) => {
      const mean = values.reduce((sum, c) => sum + c, 0) / values.length;
      return Math.SQRT2 * Math.sqrt(values.reduce((sum, c) => sum + (c - mean) ** 2, 0) / values.length);
    };
    const early = track(PERFORMANCE.vibratoDelaySeconds, PERFORMANCE.vibratoDelaySeconds + 0.25);
    const late = track(PERFORMANCE.vibratoDelaySeconds + PERFORMANCE.vibratoRampSeconds, s.seconds - 0.1);
    expect([...early, ...late].every(Number.isFinite)).toBe(true);
    expect(depth(late)).toBeGreaterThan(PERFORMANCE.vibratoDepthCents[0]);
    expect(depth(late)).toBeLessThan(PERFORMANCE.vibratoDepthCents[1] * 1.4);
    expect(depth(early)).toBeLessThan(depth(late) * 0.6);
    const mean = late.reduce((sum, c) => sum + c, 0) / late.length;
    const crossings: number[] = [];
    for (let i = 1; i < late.length; i++) {
      const a = late[i - 1] - mean;
      const b = late[i] - mean;
      if (a < 0 && b >= 0) crossings.push((i - 1 + -a / (b - a)) * 0.01);
    }
    const rate = (crossings.length - 1) / (crossings[crossings.length - 1] - crossings[0]);
    expect(rate).toBeGreaterThan(PERFORMANCE.vibratoRateHz[0] - 0.3);
    expect(rate).toBeLessThan(PERFORMANCE.vibratoRateHz[1] + 0.3);
  });

  it("gives a finite, centred stem of the song's length with a bounded peak", () => {
    for (const { audio } of [sung, apart, held]) {
      const [left, right] = audio.channels;
      expect(audio.sampleRate).toBe(RATE);
      expect(left.every(Number.isFinite)).toBe(true);
      expect(sameSamples(right, left)).toBe(true);
      expect(peak(left)).toBeGreaterThan(0.05);
      expect(peak(left)).toBeLessThanOrEqual(0.89 + 1e-6);
    }
    expect(sung.audio.channels[0].length).toBe(frame(legato[7].start + legato[7].seconds + 0.5));
  });

  it("gives the same bytes for the same score, also from a fresh eSpeak thread", async () => {
    const again = await singVocals(vocalScore([...PHRASE_WORDS], legato), RATE);
    expect(sameSamples(again.audio.channels[0], sung.audio.channels[0])).toBe(true);
    recycleSpeech();
    const fresh = await singVocals(vocalScore([...PHRASE_WORDS], legato), RATE);
    expect(sameSamples(fresh.audio.channels[0], sung.audio.channels[0])).toBe(true);
    expect(fresh.alignedWords).toEqual(sung.alignedWords);
  }, 120_000);

  it("sings the same notes with a different voice for the female singer", async () => {
    // Notes both singers reach: the f0 is the notes'; the formants are the voice's.
    const shared = phrase([57, 59, 60, 62, 64, 62, 60, 59], 0.5, 0);
    const male = await singVocals(vocalScore([...PHRASE_WORDS], shared, { gender: "m" }), RATE);
    const female = await singVocals(vocalScore([...PHRASE_WORDS], shared, { gender: "f" }), RATE);
    const x = female.audio.channels[0];
    const errors = shared.map((s) =>
      Math.abs(
        cents(measureF0(x, RATE, frame(s.start + 0.2), frame(s.seconds - 0.26), 60, 800), midiHz(s.midi)),
      ),
    );
    expect(median(errors)).toBeLessThanOrEqual(5);
    // The vowels' formants: the spectrum's shape over the steady part of each note, both
    // normalised to the same total level, differs by more than 1.5 dB per band on average.
    const vowels = (y: Float32Array) =>
      Float32Array.from(
        shared.flatMap((s) =>
          Array.from(y.subarray(frame(s.start + 0.2), frame(s.start + s.seconds - 0.06))),
        ),
      );
    const shape = (levels: number[]) => {
      const mean = levels.reduce((sum, l) => sum + l, 0) / levels.length;
      return levels.map((l) => l - mean);
    };
    const m = shape(bandLevelsDb(vowels(male.audio.channels[0]), RATE));
    const f = shape(bandLevelsDb(vowels(x), RATE));
    const distance = m.reduce((sum, l, i) => sum + Math.abs(l - f[i]), 0) / m.length;
    expect(distance).toBeGreaterThan(1.5);
  }, 120_000);

  it("is silent for an instrumental, and refuses notes that point at no word", async () => {
    const instrumental = {
      ...vocalScore(["la"], [{ word: 0, text: "la", midi: 50, start: 0, seconds: 1 }]),
      vocals: null,
    };
    const silent = await singVocals(instrumental, RATE);
    expect(silent.alignedWords).toEqual([]);
    expect(silent.audio.channels[0].length).toBe(frame(1.5));
    expect(peak(silent.audio.channels[0])).toBe(0);
    const broken = vocalScore(["la"], [{ word: 3, text: "la", midi: 50, start: 0, seconds: 1 }]);
    await expect(singVocals(broken, RATE)).rejects.toThrow("a vocal note points at word 3 of 1");
  });
});
