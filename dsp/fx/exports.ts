import { PingPongDelay } from "./delay";
import { Reverb, reverbSeconds } from "./reverb";

// The stems' effects alone, for tests and hosts: the stem renderer (dsp/synth/stem.ts) uses the
// classes directly.

/** The reverb's RT60 (seconds) at a size in 0..1. */
export function reverbRt60(size: f64): f64 {
  return reverbSeconds(size);
}

/** Setup only (allocates): a reverb of size 0..1. */
export function reverbCreate(sampleRate: f64, size: f64): usize {
  return changetype<usize>(new Reverb(sampleRate, size));
}

export function reverbDestroy(reverb: usize): void {
  changetype<Reverb>(reverb).destroy();
}

/** Adds the reverb of (inL + inR) / 2, times wet, into outL and outR (which must not alias the input). */
export function reverbProcess(
  reverb: usize,
  inL: usize,
  inR: usize,
  outL: usize,
  outR: usize,
  frames: i32,
  wet: f32,
): void {
  changetype<Reverb>(reverb).process(inL, inR, outL, outR, frames, wet);
}

/** Setup only (allocates): a ping-pong delay with echoes `frames` apart. */
export function delayCreate(frames: i32, feedback: f64): usize {
  return changetype<usize>(new PingPongDelay(frames, feedback));
}

export function delayDestroy(delay: usize): void {
  changetype<PingPongDelay>(delay).destroy();
}

/** Adds the echoes of (inL + inR) / 2, times wet, into outL and outR (which must not alias the input). */
export function delayProcess(
  delay: usize,
  inL: usize,
  inR: usize,
  outL: usize,
  outR: usize,
  frames: i32,
  wet: f32,
): void {
  changetype<PingPongDelay>(delay).process(inL, inR, outL, outR, frames, wet);
}
