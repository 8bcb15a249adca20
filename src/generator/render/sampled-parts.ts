// The parts of a stem that recorded instruments play (those with a General MIDI program, and the
// drums when they have a SoundFont kit), as a Sampler that renders them block by block into the
// stem's input, so they share the stem's bus compression, sends and ducking with the synth voices.

import { DRUM_NOTES, type Score } from "../score.ts";
import { kitKeyGains } from "./kit-balance.ts";
import type { InstrumentStemName } from "./render-stems.ts";
import { type SampledInstrument, type SampledNote, Sampler } from "./sampler/sampler.ts";
import { soundFont } from "./sampler/sound-font.ts";
import { placedPan } from "./stem-mix.ts";

/**
 * Sampled parts (each program levelled by the SoundFont, sound-font.ts) stand about where the
 * synthesized patches do at the same part gain (their headroom, dsp/synth/stem.ts), so a genre's
 * balance holds whichever plays.
 */
const SAMPLED_HEADROOM = 0.45;
/** A kit's drums, each levelled (kit-balance.ts), where the synthesized kit's stand. */
const SAMPLED_DRUM_HEADROOM = 1.5;

/** Whether any part of the score (or its drums) plays from the SoundFont. */
export function usesSoundFont(score: Score): boolean {
  return score.drums.program !== undefined || score.parts.some((part) => part.program !== undefined);
}

/** Whether a part plays from the SoundFont (else the synthesized patch plays it). */
export const isSampled = (part: { readonly program?: number }): boolean => part.program !== undefined;

/**
 * The stem's sampled parts as a Sampler, or null when the synth plays it all. `frameAt` turns a
 * beat into the song's frame; `trim` is the stem's level trim.
 */
export function stemSampler(
  score: Score,
  stem: InstrumentStemName,
  sampleRate: number,
  frameAt: (beat: number) => number,
  trim: number,
): Sampler | null {
  if (
    stem === "drums"
      ? score.drums.program === undefined
      : !score.parts.some((p) => p.stem === stem && isSampled(p))
  ) {
    return null;
  }
  const font = soundFont();
  const instruments: SampledInstrument[] = [];
  const notes: SampledNote[] = [];
  if (stem === "drums") {
    const program = score.drums.program ?? 0;
    instruments.push({
      program,
      drums: true,
      gain: score.drums.gain * SAMPLED_DRUM_HEADROOM,
      pan: 0,
      mono: false,
      keyGains: kitKeyGains(font, program, score.drums.kit),
    });
    for (const hit of score.drums.hits) {
      const start = frameAt(hit.start);
      if (start >= 0)
        notes.push({ start, length: 1, pitch: DRUM_NOTES[hit.drum], velocity: hit.velocity, instrument: 0 });
    }
  } else {
    for (const part of score.parts.filter((p) => p.stem === stem && isSampled(p))) {
      const instrument = instruments.length;
      instruments.push({
        program: part.program ?? 0,
        drums: false,
        gain: part.gain * trim * SAMPLED_HEADROOM * font.levelGain(part.program ?? 0),
        pan: placedPan(stem, part.pan),
        mono: stem !== "chords",
      });
      for (const note of part.notes) {
        const start = frameAt(note.start);
        if (start < 0 || !Number.isFinite(note.pitch)) continue;
        const length = Math.max(1, frameAt(note.start + note.duration) - start);
        notes.push({ start, length, pitch: note.pitch, velocity: note.velocity, instrument });
      }
    }
  }
  notes.sort((a, b) => a.start - b.start || a.instrument - b.instrument || a.pitch - b.pitch);
  return new Sampler(font, sampleRate, instruments, notes);
}
