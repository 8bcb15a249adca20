import { Envelope } from "./envelope";
import { fillOscillator } from "./oscillator";
import { DRUM_COUNT, KIT_COUNT, PATCH_COUNT } from "./patches";
import { Stem } from "./stem";
import { Svf } from "./svf";

// The generator's instruments as wasm exports: a stem renderer for the host, and the building blocks
// (oscillator, envelope, filter) on their own so tests can hold each against its analytic behaviour.

const MIN_RATE: f64 = 8000;
const MAX_RATE: f64 = 192000;

export function synthPatchCount(): i32 {
  return PATCH_COUNT;
}

export function synthDrumCount(): i32 {
  return DRUM_COUNT;
}

export function synthKitCount(): i32 {
  return KIT_COUNT;
}

/** Setup only (allocates): a stem renderer, or 0 for a rate outside 8..192 kHz. */
export function stemCreate(sampleRate: f64, seed: u32, noteCapacity: i32, kickCapacity: i32): usize {
  if (!(sampleRate >= MIN_RATE && sampleRate <= MAX_RATE)) return 0;
  return changetype<usize>(new Stem(sampleRate, seed, noteCapacity, kickCapacity));
}

export function stemDestroy(stem: usize): void {
  changetype<Stem>(stem).destroy();
}

/** Where the host writes the notes (NOTE_BYTES each, sorted by start), then calls stemSetNoteCount. */
export function stemNotes(stem: usize): usize {
  return changetype<Stem>(stem).notes;
}

export function stemSetNoteCount(stem: usize, count: i32): void {
  changetype<Stem>(stem).setNoteCount(count);
}

/** Where the host writes the kick frames (i32, sorted) that key the ducking. */
export function stemKicks(stem: usize): usize {
  return changetype<Stem>(stem).kicks;
}

/** Setup only: ducking by `depth` (0 for none) at the first `count` kicks. */
export function stemSetDucking(stem: usize, count: i32, depth: f64): void {
  changetype<Stem>(stem).setKicks(count, depth);
}

/** Setup only: an instrument's index for the notes, or -1 when the stem has no room for more. */
export function stemAddInstrument(stem: usize, patch: i32, gain: f64, pan: f64, mono: bool): i32 {
  return changetype<Stem>(stem).addInstrument(patch, gain, pan, mono);
}

/** Setup only: makes this the drum stem of `kit`. */
export function stemSetDrums(stem: usize, kit: i32, gain: f64): void {
  changetype<Stem>(stem).setDrums(kit, gain);
}

/** Setup only: the reverb send (wet 0: none); size 0..1 sets RT60 (reverbSeconds). */
export function stemSetReverb(stem: usize, size: f64, wet: f64): void {
  changetype<Stem>(stem).setReverb(size, wet);
}

/** Setup only: the ping-pong delay send, its echoes `frames` apart (wet 0: none). */
export function stemSetDelay(stem: usize, frames: i32, feedback: f64, wet: f64): void {
  changetype<Stem>(stem).setDelay(frames, feedback, wet);
}

/** Setup only: a bus compressor on the stem's dry signal. */
export function stemSetCompressor(stem: usize, thresholdDb: f64, ratio: f64): void {
  changetype<Stem>(stem).setCompressor(thresholdDb, ratio);
}

/** Renders the next frames (at most STEM_MAX_FRAMES; exactly that but for the last call, see stem.ts). */
export function stemRender(stem: usize, frames: i32): i32 {
  return changetype<Stem>(stem).render(frames);
}

export function stemOutputLeft(stem: usize): usize {
  return changetype<Stem>(stem).outL;
}

export function stemOutputRight(stem: usize): usize {
  return changetype<Stem>(stem).outR;
}

/** Where the host writes what it plays into the next block's dry signal (STEM_MAX_FRAMES f32, left). */
export function stemInputLeft(stem: usize): usize {
  return changetype<Stem>(stem).inL;
}

export function stemInputRight(stem: usize): usize {
  return changetype<Stem>(stem).inR;
}

/** A polyBLEP oscillator alone, as the voices make it: shape 0 saw, 1 square; `frames` f32 at out (room for a multiple of 4). */
export function synthOscillator(shape: i32, sampleRate: f64, frequency: f64, out: usize, frames: i32): void {
  fillOscillator(out, frames, 0, frequency / sampleRate, shape == 1, 1, false);
}

/**
 * The ADSR alone (times in frames), its levels made as the FM, organ and sine voices make them (four
 * at a time, the rest of a segment frame by frame), the gate closing after gateFrames: `frames` f32 at out.
 */
export function synthEnvelope(
  attack: i32,
  decay: i32,
  sustain: f64,
  release: i32,
  gateFrames: i32,
  out: usize,
  frames: i32,
): void {
  const envelope = new Envelope();
  envelope.start(attack, decay, sustain, release, gateFrames);
  let done = 0;
  while (done < frames) {
    const n = min(frames - done, envelope.run());
    let level = envelope.level;
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      v128.store(out + ((<usize>(done + i)) << 2), envelope.next4(level));
      level = level * envelope.m4 + envelope.a4;
    }
    for (; i < n; i++) {
      store<f32>(out + ((<usize>(done + i)) << 2), <f32>level);
      level = level * envelope.mul + envelope.add;
    }
    envelope.level = level;
    envelope.advance(n);
    done += n;
  }
  heap.free(changetype<usize>(envelope));
}

/** The synth's state-variable low pass alone, in place on `frames` f32. */
export function synthLowPass(sampleRate: f64, cutoff: f64, q: f64, buffer: usize, frames: i32): void {
  const filter = new Svf();
  filter.set(sampleRate, cutoff, q);
  for (let i = 0; i < frames; i++) {
    const at = buffer + ((<usize>i) << 2);
    store<f32>(at, filter.lowPass(load<f32>(at)));
  }
  heap.free(changetype<usize>(filter));
}
