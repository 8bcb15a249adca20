import { VocalVoice } from "./psola";
import { NOTE_BYTES } from "./sung-pitch";

// The sung vocal (PSOLA of spoken words onto notes) as wasm exports for the generator's singer
// (src/generator/vocals/).

const MIN_RATE: f64 = 8000;
const MAX_RATE: f64 = 192000;

/** Setup only (allocates): a singer for words up to sourceFrames and syllables up to outputFrames long, or 0. */
export function vocalCreate(sampleRate: f64, sourceFrames: i32, outputFrames: i32, noteCapacity: i32): usize {
  if (!(sampleRate >= MIN_RATE && sampleRate <= MAX_RATE)) return 0;
  if (sourceFrames < 1 || outputFrames < 1 || noteCapacity < 1) return 0;
  return changetype<usize>(new VocalVoice(sampleRate, sourceFrames, outputFrames, noteCapacity));
}

export function vocalDestroy(voice: usize): void {
  changetype<VocalVoice>(voice).destroy();
}

/** Where the host writes the word's samples (f32, mono) before vocalAnalyse. */
export function vocalSource(voice: usize): usize {
  return changetype<VocalVoice>(voice).source;
}

/** Where the host writes a syllable's notes (vocalNoteBytes each: start, end frame, MIDI pitch as f64). */
export function vocalNotes(voice: usize): usize {
  return changetype<VocalVoice>(voice).notes;
}

export function vocalNoteBytes(): i32 {
  return NOTE_BYTES;
}

/** Where vocalRender leaves the syllable. */
export function vocalOutput(voice: usize): usize {
  return changetype<VocalVoice>(voice).output;
}

/** The word's f0 and pitch marks: returns the mark count (0: no period between minHz and maxHz). */
export function vocalAnalyse(voice: usize, frames: i32, minHz: f64, maxHz: f64): i32 {
  return changetype<VocalVoice>(voice).analyse(frames, minHz, maxHz);
}

/** Pitch marks of the word's first frames at a known period (frames): the mark count, 0 when out of range. */
export function vocalMark(voice: usize, frames: i32, period: f64): i32 {
  return changetype<VocalVoice>(voice).mark(frames, period);
}

/** The analysed word's period in frames (fractional). */
export function vocalSourcePeriod(voice: usize): f64 {
  return changetype<VocalVoice>(voice).period;
}

/** How the notes are sung: glide and vibrato (times in seconds), attack and release of each syllable. */
export function vocalSetExpression(
  voice: usize,
  glideSeconds: f64,
  vibratoRateHz: f64,
  vibratoDepthCents: f64,
  vibratoDelaySeconds: f64,
  vibratoRampSeconds: f64,
  vibratoMinNoteSeconds: f64,
  attackSeconds: f64,
  releaseSeconds: f64,
): void {
  const v = changetype<VocalVoice>(voice);
  const e = v.expression;
  const sr = v.sampleRate;
  e.glideFrames = max(0.0, glideSeconds) * sr;
  e.vibratoRate = max(0.0, vibratoRateHz);
  e.vibratoDepthCents = max(0.0, vibratoDepthCents);
  e.vibratoDelayFrames = max(0.0, vibratoDelaySeconds) * sr;
  e.vibratoRampFrames = max(0.0, vibratoRampSeconds) * sr;
  e.vibratoMinFrames = max(0.0, vibratoMinNoteSeconds) * sr;
  e.attackFrames = max(0.0, attackSeconds) * sr;
  e.releaseFrames = max(0.0, releaseSeconds) * sr;
}

/**
 * Sings source [segStart, segEnd) with its vowel [vowelStart, vowelEnd) over outFrames on the
 * first noteCount notes; glideFrom is the MIDI pitch sung just before (0: none). Returns the
 * frames written to vocalOutput, 0 when it cannot (no marks, too long, no notes).
 */
export function vocalRender(
  voice: usize,
  noteCount: i32,
  glideFrom: f64,
  segStart: i32,
  vowelStart: i32,
  vowelEnd: i32,
  segEnd: i32,
  outFrames: i32,
  gain: f64,
): i32 {
  return changetype<VocalVoice>(voice).render(
    noteCount,
    glideFrom,
    segStart,
    vowelStart,
    vowelEnd,
    segEnd,
    outFrames,
    gain,
  );
}
