import { QUANTUM_FRAMES } from "./abi";

// One quantum of mono f32 output in a static data segment: rendering never allocates.
const toneOut: usize = memory.data(QUANTUM_FRAMES << 2, 16);

// Phase in cycles, kept in [0, 1) and in f64 so minutes of playback add no audible drift.
let phase: f64 = 0;
let cyclesPerFrame: f64 = 0;
let amplitude: f32 = 0;

export function toneReset(sampleRate: f64, frequencyHz: f64, gain: f32): void {
  phase = 0;
  cyclesPerFrame = frequencyHz / sampleRate;
  amplitude = gain;
}

/** Renders one quantum of a sine into the buffer at toneOutputPtr(). */
export function toneRender(): void {
  let p = phase;
  const step = cyclesPerFrame;
  for (let i = 0; i < QUANTUM_FRAMES; i++) {
    store<f32>(toneOut + ((<usize>i) << 2), <f32>Math.sin(p * (2.0 * Math.PI)) * amplitude);
    p += step;
    if (p >= 1.0) p -= 1.0;
  }
  phase = p;
}

export function toneOutputPtr(): usize {
  return toneOut;
}
