// A real composed song with vocals, rendered as the generator renders it: the five stems must sum
// to the premaster the master is fed, and each stem's MIDI file (as Get Stems serves it, parsed
// with @tonejs/midi) must say what the stem plays: its notes start where the stem's energy rises,
// and its sustained notes sound at the written pitch (bass, lead, vocals by autocorrelation; the
// chords by the pitch classes of the spectrum).
import { Midi } from "@tonejs/midi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { scoreToStemMidi } from "../../src/generator/midi/score-midi.ts";
import type { Score, StemName } from "../../src/generator/score.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { type RenderedSong, renderSong } from "../../src/generator/tasks/render-song.ts";
import { GeneratorThreads } from "../../src/generator/workers/generator-threads.ts";
import { songRequest } from "../generator-requests.ts";
import { spectrum } from "../spectrum.ts";
import { cents, measureF0, median, midiHz } from "./generator-vocals-measure.ts";

const RATE = 48000;
const LYRICS =
  "[Verse]\nCity lights are calling me tonight\nEvery window glowing gold and bright\n[Chorus]\nSing it loud, sing it clear\nAll the stars are gathered here";

const threads = new GeneratorThreads(2);
afterAll(() => threads.close());

const energy = (channels: readonly Float32Array[]) => {
  let sum = 0;
  for (const channel of channels) for (const v of channel) sum += v * v;
  return sum;
};

/** 10 log10 of the energy of (sum of `stems` - reference) over the reference's energy. */
function sumErrorDb(stems: readonly PcmAudio[], reference: PcmAudio): number {
  let error = 0;
  for (let c = 0; c < 2; c++) {
    const ref = reference.channels[c];
    for (let i = 0; i < ref.length; i++) {
      let sum = 0;
      for (const stem of stems) sum += stem.channels[c][i] ?? 0;
      error += (sum - ref[i]) ** 2;
    }
  }
  return 10 * Math.log10(error / energy(reference.channels));
}

const HOP = 240; // 5 ms
/** Onset strength per 5 ms hop: the rise of the log energy (half-wave rectified). */
function onsetCurve(channels: readonly Float32Array[]): Float64Array {
  const hops = Math.floor(channels[0].length / HOP);
  const logEnergy = new Float64Array(hops);
  for (let h = 0; h < hops; h++) {
    let e = 1e-10;
    for (const channel of channels)
      for (let i = h * HOP; i < (h + 1) * HOP; i++) e += channel[i] * channel[i];
    logEnergy[h] = Math.log(e);
  }
  const onsets = new Float64Array(hops);
  for (let h = 1; h < hops; h++) onsets[h] = Math.max(0, logEnergy[h] - logEnergy[h - 1]);
  return onsets;
}

/**
 * The mean onset strength in the 15 ms after each of `times` (seconds) moved by `lag` hops, for
 * every lag within ±100 ms: the lag where the stem's attacks line up with the times.
 */
function onsetScan(onsets: Float64Array, times: readonly number[]): { lag: number; strength: number }[] {
  const hops = [...new Set(times.map((t) => Math.round((t * RATE) / HOP)))];
  const scan = [];
  for (let lag = -20; lag <= 20; lag++) {
    let sum = 0;
    for (const at of hops) for (let k = 0; k < 3; k++) sum += onsets[at + lag + k] ?? 0;
    scan.push({ lag, strength: sum / hops.length });
  }
  return scan;
}

const mono = (audio: PcmAudio) => audio.channels[0].map((v, i) => v + audio.channels[1][i]);

function midiOf(score: Score, stem: StemName): Midi {
  const midi = new Midi(scoreToStemMidi(score, stem));
  expect(midi.header.tempos[0]?.bpm).toBeCloseTo(score.bpm, 3);
  return midi;
}

const notesOf = (midi: Midi) => midi.tracks.flatMap((track) => track.notes);

describe.each([
  { name: "pop in C major", tags: "pop, 120 bpm, in C major", seed: 21 },
  { name: "jazz in F major", tags: "jazz, 100 bpm, in F major", seed: 4 },
])("a composed song with vocals ($name): stems and MIDI", ({ tags, seed }) => {
  let score: Score;
  let song: RenderedSong;
  /** The same song unmastered: its mix is the premaster, the sum the master is fed. */
  let unmastered: RenderedSong;
  const stem = (name: StemName) => {
    const found = song.stems.find((s) => s.name === name)?.audio;
    if (!found) throw new Error(`no ${name} stem`);
    return found;
  };

  beforeAll(async () => {
    score = composeSong(
      songRequest({ instrumental: false, lyrics: LYRICS, durationSeconds: 26, vocalGender: "f", seed, tags }),
    );
    song = await renderSong(threads, score, RATE, { signal: new AbortController().signal });
    unmastered = await renderSong(threads, score, RATE, {
      master: false,
      signal: new AbortController().signal,
    });
  }, 120_000);

  it("has five stems that sum to the premaster within -40 dB, each of them needed for it", () => {
    const premaster = unmastered.mix;
    expect(unmastered.stems.map((s) => s.name)).toEqual(["drums", "bass", "chords", "lead", "vocals"]);
    const stems = unmastered.stems.map((s) => s.audio);
    expect(sumErrorDb(stems, premaster)).toBeLessThan(-40);
    // Leaving any one stem out misses the premaster by far more: the check can fail.
    for (let i = 0; i < stems.length; i++) {
      expect(sumErrorDb(stems.toSpliced(i, 1), premaster), unmastered.stems[i].name).toBeGreaterThan(-30);
    }
    // The premaster is what the master was fed, not the mastered mix.
    expect(sumErrorDb([song.mix], premaster)).toBeGreaterThan(-40);
  });

  it("has MIDI whose notes start where each stem's attacks are (within 10 ms, out of ±100 ms)", () => {
    for (const name of ["drums", "bass", "chords", "lead", "vocals"] as const) {
      const notes = notesOf(midiOf(score, name));
      expect(notes.length, name).toBeGreaterThan(5);
      const scan = onsetScan(
        onsetCurve(stem(name).channels),
        notes.map((note) => note.time),
      );
      const best = scan.reduce((a, b) => (b.strength > a.strength ? b : a));
      expect(Math.abs(best.lag * HOP) / RATE, name).toBeLessThanOrEqual(0.01);
      // Clearly so: a quarter of a beat away the attacks are far weaker.
      const away = median(scan.filter((s) => Math.abs(s.lag) >= 10).map((s) => s.strength));
      expect(best.strength, name).toBeGreaterThan(2 * away);
    }
  });

  it("sounds sustained bass, lead and vocal notes at their MIDI pitch", () => {
    for (const name of ["bass", "lead", "vocals"] as const) {
      const audio = mono(stem(name));
      const errors: number[] = [];
      for (const note of notesOf(midiOf(score, name))) {
        if (note.duration < 0.15) continue;
        const from = Math.round((note.time + 0.04) * RATE);
        const length = Math.min(Math.round((note.duration - 0.05) * RATE), 4096);
        const f0 = measureF0(audio, RATE, from, length, 30, 1500);
        let error = cents(f0, midiHz(note.midi));
        // An instrument's waveform may repeat at a lower octave than its note (a bass's sub-oscillator
        // a square an octave down, an FM bell's partials at 1 and 3.5 times the note): its pitch
        // class is checked, and that it is not higher. The singer's octave is checked too.
        if (name !== "vocals" && error < -600) error = ((error - 600) % 1200) + 600;
        errors.push(Number.isNaN(error) ? Number.POSITIVE_INFINITY : error);
      }
      expect(errors.length, name).toBeGreaterThanOrEqual(3);
      const near = errors.filter((e) => Math.abs(e) < 50).length;
      expect(near / errors.length, name).toBeGreaterThanOrEqual(0.9);
      expect(median(errors.map(Math.abs)), name).toBeLessThan(20);
    }
  });

  it("sounds each sustained chord of the MIDI in the chords stem, better matched than any transposition", () => {
    const audio = mono(stem("chords"));
    const notes = notesOf(midiOf(score, "chords"));
    const WINDOW = 8192;
    const starts = [...new Set(notes.filter((n) => n.duration >= 0.4).map((n) => n.time))];
    expect(starts.length).toBeGreaterThan(5);
    let matched = 0;
    for (const start of starts) {
      const from = start + 0.1;
      const to = from + WINDOW / RATE;
      const sounding = new Set(
        notes.filter((n) => n.time <= from && n.time + n.duration >= to).map((n) => n.midi % 12),
      );
      const at = Math.round(from * RATE);
      const { binHz, dbfs } = spectrum(audio.subarray(at, at + WINDOW), RATE);
      const chroma = new Float64Array(12);
      for (let k = 1; k < dbfs.length; k++) {
        const hz = k * binHz;
        if (hz < 60 || hz > 2000) continue;
        const pitchClass = ((Math.round(69 + 12 * Math.log2(hz / 440)) % 12) + 12) % 12;
        chroma[pitchClass] += 10 ** (dbfs[k] / 10);
      }
      // The MIDI chord fits the spectrum better than any transposition of it.
      const chordFit = (shift: number) =>
        [...sounding].reduce((sum, pc) => sum + chroma[(pc + shift) % 12], 0);
      if (
        sounding.size > 0 &&
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].every((shift) => chordFit(0) > chordFit(shift))
      ) {
        matched++;
      }
    }
    expect(matched / starts.length).toBeGreaterThanOrEqual(0.9);
  });
});
