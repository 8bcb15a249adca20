import { LoudnessMeter } from "./loudness";
import { MasterChain } from "./master-chain";
import { TruePeakMeter } from "./true-peak";

// Mastering and loudness measurement as wasm exports. Handles are pinned: the host holds the only
// reference.

const MIN_RATE: f64 = 8000;
const MAX_RATE: f64 = 192000;
const MAX_BLOCK: i32 = 1 << 16;

/** Setup only (allocates): a BS.1770-4 loudness meter, or 0 for a rate outside 8..192 kHz. */
export function loudnessCreate(sampleRate: f64): usize {
  if (!(sampleRate >= MIN_RATE && sampleRate <= MAX_RATE)) return 0;
  return __pin(changetype<usize>(new LoudnessMeter(sampleRate)));
}

/** Setup only (allocates): starts a measurement of up to maxFrames frames. */
export function loudnessBegin(meter: usize, maxFrames: i32): void {
  changetype<LoudnessMeter>(meter).begin(maxFrames);
}

export function loudnessProcess(meter: usize, left: usize, right: usize, frames: i32): void {
  changetype<LoudnessMeter>(meter).process(left, right, frames);
}

/** Integrated loudness in LUFS since loudnessBegin, -Infinity when all is gated out. */
export function loudnessIntegrated(meter: usize): f64 {
  return changetype<LoudnessMeter>(meter).integrated();
}

/** Setup only (allocates): a true-peak meter taking up to maxBlock frames per call, or 0. */
export function truePeakCreate(maxBlock: i32): usize {
  if (maxBlock < 1 || maxBlock > MAX_BLOCK) return 0;
  return __pin(changetype<usize>(new TruePeakMeter(maxBlock)));
}

export function truePeakReset(meter: usize): void {
  changetype<TruePeakMeter>(meter).reset();
}

export function truePeakProcess(meter: usize, left: usize, right: usize, frames: i32): void {
  changetype<TruePeakMeter>(meter).process(left, right, frames);
}

/** The largest true peak (linear) since the reset. */
export function truePeakRead(meter: usize): f64 {
  return <f64>changetype<TruePeakMeter>(meter).peak;
}

/** Setup only (allocates): the mastering chain before the limiter, or 0 for a rate outside 8..192 kHz. */
export function masterCreate(sampleRate: f64): usize {
  if (!(sampleRate >= MIN_RATE && sampleRate <= MAX_RATE)) return 0;
  return __pin(changetype<usize>(new MasterChain(sampleRate)));
}

/** Sets the chain and resets its state (see MasterChain.configure). */
export function masterConfigure(
  master: usize,
  width: f64,
  tiltDb: f64,
  presenceDb: f64,
  airDb: f64,
  thresholdDb: f64,
  ratio: f64,
  drive: f64,
): void {
  changetype<MasterChain>(master).configure(width, tiltDb, presenceDb, airDb, thresholdDb, ratio, drive);
}

/** In place on planar f32: gain, width, EQ, compression, saturation. */
export function masterProcess(master: usize, left: usize, right: usize, frames: i32, gain: f32): void {
  changetype<MasterChain>(master).process(left, right, frames, gain);
}
