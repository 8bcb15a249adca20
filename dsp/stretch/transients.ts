// The transient lock's onset detector. Stretching smears an onset over the
// analysis window (the phase steps of a noise burst are random), so the
// stretcher plays the input at speed 1 around each onset (the lock, in the
// stretcher's time map). This finds the onsets, ahead of the frames that need
// them: blocks whose high-frequency energy (first differences of the
// channels) jumps ONSET_RISE over the last 21 ms, placed at their block's
// first sample within 12 dB of its strongest. Nothing allocates: the
// stretcher gives it its arrays.

/** Blocks of the detector, and blocks of background it compares with (21 ms at 48 kHz). */
export const ONSET_BLOCK: i32 = 64;
export const ONSET_HISTORY: i32 = 16;
/** An onset: a block whose high-frequency energy is this many times the background (9 dB)... */
const ONSET_RISE: f32 = 8.0;
/** ...and at most this far (30 dB) below the loudest recent block. */
const ONSET_FLOOR: f32 = 1e-3;
/** Onsets remembered (the lock looks at most a few windows around a frame). */
export const ONSET_RING: i32 = 64;

@unmanaged
export class OnsetDetector {
  /** The next input frame to read; the caller reads ONSET_BLOCK frames from here into left (and right). */
  pos: i64 = 0;
  /** Where the caller puts the next block's channels. */
  readonly left: usize;
  readonly right: usize;
  private readonly stereo: bool;
  /** Two onsets are at least this far apart (30 ms). */
  private readonly refractory: i64;
  /** Per block, how much the loudest recent block's energy decays (half a second's time constant). */
  private readonly decay: f32;
  private readonly times: usize;
  private readonly history: usize;
  private found: i32 = 0;
  private sum: f32 = 0;
  private index: i32 = 0;
  private peak: f32 = 0;
  private lastLeft: f32 = 0;
  private lastRight: f32 = 0;
  private lastOnset: i64 = 0;

  /** times: 2 * ONSET_RING floats; buffer: 2 * ONSET_BLOCK + 4; history: ONSET_HISTORY. */
  constructor(sampleRate: f64, stereo: bool, times: usize, buffer: usize, history: usize) {
    this.stereo = stereo;
    this.refractory = <i64>(0.03 * sampleRate);
    this.decay = <f32>Math.exp(<f64>-ONSET_BLOCK / (0.5 * sampleRate));
    this.times = times;
    this.left = buffer;
    this.right = buffer + ((<usize>(ONSET_BLOCK + 2)) << 2);
    this.history = history;
  }

  /** Forgets the onsets found (after a seek). */
  forget(): void {
    this.found = 0;
  }

  /** Starts detecting afresh at input frame `from`, with no background yet. */
  restart(from: i64): void {
    this.pos = from;
    this.sum = 0;
    this.index = 0;
    this.peak = 0;
    this.lastLeft = 0;
    this.lastRight = 0;
    this.lastOnset = i64.MIN_VALUE >> 1;
    memory.fill(this.history, 0, (<usize>ONSET_HISTORY) << 2);
  }

  /** Skips the input up to `to` unread (when the lock is off, onsets are not needed). */
  skipTo(to: i64): void {
    this.pos = max(this.pos, to);
  }

  /** The onsets remembered: at most ONSET_RING, in no particular order. */
  count(): i32 {
    return min(this.found, ONSET_RING);
  }

  /** The input time of remembered onset i (0 <= i < count()). */
  at(i: i32): f64 {
    return load<f64>(this.times + ((<usize>i) << 3));
  }

  /** Looks at the block the caller read into left (and right) from pos, and moves on past it. */
  detect(): void {
    const block = ONSET_BLOCK;
    const left = this.left;
    const right = this.right;
    const stereo = this.stereo;
    let energy: f32 = 0;
    let strongest: f32 = 0;
    let previousLeft = this.lastLeft;
    let previousRight = this.lastRight;
    for (let i = 0; i < block; i++) {
      const l = load<f32>(left + ((<usize>i) << 2));
      const dl = l - previousLeft;
      previousLeft = l;
      let e = dl * dl;
      if (stereo) {
        const r = load<f32>(right + ((<usize>i) << 2));
        const dr = r - previousRight;
        previousRight = r;
        e += dr * dr;
      }
      energy += e;
      strongest = Mathf.max(strongest, e);
      store<f32>(left + ((<usize>i) << 2), e);
    }
    this.lastLeft = previousLeft;
    this.lastRight = previousRight;
    const background = this.sum * (1.0 / <f32>ONSET_HISTORY);
    if (
      energy > ONSET_RISE * background &&
      energy > ONSET_FLOOR * this.peak &&
      energy > 1e-10 &&
      this.pos - this.lastOnset > this.refractory
    ) {
      // The onset: the block's first sample within 12 dB of its strongest.
      let first = 0;
      while (first < block - 1 && load<f32>(left + ((<usize>first) << 2)) < 0.0625 * strongest) first++;
      const onset = this.pos + <i64>first;
      store<f64>(this.times + ((<usize>(this.found & (ONSET_RING - 1))) << 3), <f64>onset);
      this.found++;
      this.lastOnset = onset;
    }
    const slot = this.history + ((<usize>this.index) << 2);
    this.sum += energy - load<f32>(slot);
    store<f32>(slot, energy);
    this.index = (this.index + 1) & (ONSET_HISTORY - 1);
    this.peak = Mathf.max(energy, this.peak * this.decay);
    this.pos += <i64>block;
  }
}
