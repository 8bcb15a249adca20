import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import type { Score, VocalNote } from "../../src/generator/score.ts";
import { singVocals } from "../../src/generator/vocals/sing-vocals.ts";
import { recycleSpeech } from "../../src/generator/vocals/speech-workers.ts";
import { songRequest } from "../generator-requests.ts";
import { cents, measureF0, median, midiHz, rms } from "./generator-vocals-measure.ts";

const RATE = 48000;
const LYRICS = `[Verse]
Walking down the empty street tonight
Every window glowing with a golden light
I can hear the city singing soft and low
Telling me the places that I used to know
[Chorus]
Hold on, hold on to the morning sun
We will keep on dancing till the night is done
Hold on, hold on to the morning sun
Every heart is beating and we're only one`;

const frame = (seconds: number) => Math.round(seconds * RATE);

/** Cents off the note over 40 ms windows every 10 ms across [from, to) seconds (NaN where unvoiced). */
function centsTrack(x: Float32Array, note: VocalNote, from: number, to: number): number[] {
  const hz = midiHz(note.pitch);
  const track: number[] = [];
  for (let t = from; t + 0.04 <= to; t += 0.01) {
    track.push(cents(measureF0(x, RATE, frame(t), frame(0.04), hz / 1.6, hz * 1.6), hz));
  }
  return track;
}

function spread(values: readonly number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

describe("a human singer", () => {
  let score: Score;
  let x: Float32Array;
  let words: { word: string; start_s: number; end_s: number }[];
  let notes: VocalNote[];
  let secondsPerBeat: number;

  beforeAll(async () => {
    score = composeSong(
      songRequest({ lyrics: LYRICS, instrumental: false, durationSeconds: null, vocalGender: "m", seed: 9 }),
    );
    if (!score.vocals) throw new Error("the composer gave no vocals");
    const sung = await singVocals(score, RATE);
    x = sung.audio.channels[0];
    words = sung.alignedWords;
    notes = [...score.vocals.notes].sort((a, b) => a.start - b.start);
    secondsPerBeat = 60 / score.bpm;
  }, 180_000);

  afterAll(() => recycleSpeech());

  it("deviates from the written notes as a singer does: at least 5 cents of spread, centred on them", () => {
    const deviations = notes
      .filter((note) => note.duration * secondsPerBeat >= 0.2)
      .flatMap((note) => {
        const start = note.start * secondsPerBeat;
        return centsTrack(x, note, start + 0.05, start + note.duration * secondsPerBeat - 0.03);
      })
      .filter(Number.isFinite);
    expect(deviations.length).toBeGreaterThan(200);
    expect(spread(deviations)).toBeGreaterThanOrEqual(5);
    expect(Math.abs(median(deviations))).toBeLessThan(15);
  });

  it("sings a vibrato on long notes and holds short ones steadier", () => {
    const wobble = (note: VocalNote, from: number, to: number) => {
      const start = note.start * secondsPerBeat;
      const track = centsTrack(x, note, start + from, start + to).filter(Number.isFinite);
      return track.length > 10 ? Math.SQRT2 * spread(track) : Number.NaN;
    };
    const long = notes.filter((note) => note.duration * secondsPerBeat >= 0.8);
    expect(long.length).toBeGreaterThan(2);
    const depths = long
      .map((note) => wobble(note, 0.45, note.duration * secondsPerBeat - 0.08))
      .filter(Number.isFinite);
    expect(median(depths)).toBeGreaterThan(15);
    const short = notes.filter((note) => {
      const seconds = note.duration * secondsPerBeat;
      return seconds >= 0.3 && seconds < 0.45;
    });
    const steadier = short.map((note) => wobble(note, 0.1, note.duration * secondsPerBeat - 0.03));
    expect(median(steadier.filter(Number.isFinite))).toBeLessThan(median(depths));
  });

  it("sings each phrase legato: no silence at a join of two of its notes", () => {
    // Phrases: notes closer than 0.3 s to the one before.
    const phrases: VocalNote[][] = [];
    for (const note of notes) {
      const last = phrases[phrases.length - 1]?.at(-1);
      if (last && (note.start - last.start - last.duration) * secondsPerBeat < 0.3)
        phrases.at(-1)?.push(note);
      else phrases.push([note]);
    }
    expect(phrases.length).toBeGreaterThan(3);
    const step = frame(0.005);
    for (const phrase of phrases) {
      const from = frame(phrase[0].start * secondsPerBeat);
      const last = phrase[phrase.length - 1];
      const level = rms(x, from, frame((last.start + last.duration) * secondsPerBeat));
      for (const note of phrase.slice(1)) {
        // The 5 ms frames either side of the join: voiced on at least one side within 10 ms.
        const join = frame(note.start * secondsPerBeat);
        const quiet = [-2, -1, 0, 1].map(
          (k) => rms(x, join + k * step, join + (k + 1) * step) < level * 0.01,
        );
        expect(quiet.every(Boolean), `${note.syllable} at ${join / RATE} s`).toBe(false);
      }
    }
  });

  it("keeps the word timings on the written notes", () => {
    const vocals = score.vocals;
    if (!vocals) throw new Error("no vocals");
    const firsts = notes.filter((note, i) => i === 0 || note.word !== notes[i - 1].word);
    expect(words.map((w) => w.word)).toEqual(firsts.map((note) => vocals.words[note.word]));
    expect(words.map((w) => w.start_s)).toEqual(firsts.map((note) => note.start * secondsPerBeat));
  });

  it("sings the MIDI's notes with dynamics: more than two velocities", () => {
    expect(new Set(notes.map((note) => note.velocity)).size).toBeGreaterThan(4);
  });
});
