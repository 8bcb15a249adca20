import { Stretcher } from "./stretcher";

// The stretcher as wasm exports, for hosts in JavaScript (offline renders, the
// CLI, tests). In-wasm users (the clip voice) use the Stretcher class directly.

const MIN_RATE: f64 = 8_000;
const MAX_RATE: f64 = 384_000;
const MAX_BLOCK: i32 = 1 << 20;

/** Setup only (allocates): a stretcher, or 0 for a rate outside 8..384 kHz, channels outside 1..2 or maxBlock outside 1..2^20. */
export function stretcherCreate(sampleRate: f64, channels: i32, maxBlock: i32): usize {
  if (!(sampleRate >= MIN_RATE && sampleRate <= MAX_RATE)) return 0;
  if (channels < 1 || channels > 2 || maxBlock < 1 || maxBlock > MAX_BLOCK) return 0;
  return changetype<usize>(new Stretcher(sampleRate, channels, maxBlock));
}

export function stretcherDestroy(st: usize): void {
  changetype<Stretcher>(st).destroy();
}

export function stretcherSetStretch(st: usize, stretch: f64): void {
  changetype<Stretcher>(st).setStretch(stretch);
}

export function stretcherSetTransposition(st: usize, semitones: f64, formant: bool): void {
  changetype<Stretcher>(st).setTransposition(semitones, formant);
}

export function stretcherSetSource(st: usize, left: usize, right: usize, first: f64, frames: i32): void {
  changetype<Stretcher>(st).setSource(left, right, first, frames);
}

export function stretcherSetLoop(st: usize, start: f64, end: f64): void {
  changetype<Stretcher>(st).setLoop(start, end);
}

export function stretcherSeek(st: usize, inputTime: f64): void {
  changetype<Stretcher>(st).seek(inputTime);
}

export function stretcherPlan(st: usize, frames: i32, inputTimeAhead: f64): void {
  changetype<Stretcher>(st).plan(frames, inputTimeAhead);
}

export function stretcherInputFrom(st: usize): f64 {
  return changetype<Stretcher>(st).inputFrom();
}

export function stretcherInputTo(st: usize): f64 {
  return changetype<Stretcher>(st).inputTo();
}

export function stretcherRender(st: usize, outLeft: usize, outRight: usize): void {
  changetype<Stretcher>(st).render(outLeft, outRight);
}

export function stretcherProcess(st: usize, outLeft: usize, outRight: usize, frames: i32): void {
  changetype<Stretcher>(st).process(outLeft, outRight, frames);
}

export function stretcherLatency(st: usize): i32 {
  return changetype<Stretcher>(st).latency();
}

export function stretcherLookahead(st: usize): i32 {
  return changetype<Stretcher>(st).lookahead();
}
