import { BUCKETS } from "./phase-integration";
import { ONSET_BLOCK, ONSET_HISTORY, ONSET_RING } from "./transients";

// Every array the stretcher's parts work in, carved in one zeroed block at construction so nothing
// allocates while it renders. The parts take the addresses they need; the block's size is counted
// from the same list the carving follows, and a miscount traps rather than overlapping the heap.

/** Floats of guard before each per-bin array, so index -1 reads are in bounds. */
const GUARD: i32 = 4;

/** Bytes an array of `count` floats takes in the arena: guards both sides, 16-byte aligned. */
function arrayBytes(count: i32): usize {
  return ((<usize>(count + 2 * GUARD + 3)) << 2) & ~(<usize>15);
}

@unmanaged
export class StretchArena {
  private readonly block: usize;
  private cursor: usize;

  // The FFT's work arrays.
  readonly fftRe: usize;
  readonly fftIm: usize;
  // Frame analysis: the raw unpacked spectra.
  readonly rawLr: usize;
  readonly rawLi: usize;
  readonly rawRr: usize;
  readonly rawRi: usize;
  // The analysed frame's spectrum.
  readonly xLr: usize;
  readonly xLi: usize;
  readonly xRr: usize;
  readonly xRi: usize;
  readonly xEnergy: usize;
  readonly xOmega: usize;
  // The pitch-mapped frame's spectrum.
  readonly vLr: usize;
  readonly vLi: usize;
  readonly vRr: usize;
  readonly vRi: usize;
  readonly vEnergy: usize;
  readonly vOmega: usize;
  readonly vStep: usize;
  // Phase integration and the pitch map.
  readonly phase: usize;
  readonly phaseIn: usize;
  readonly step: usize;
  readonly advance: usize;
  readonly phaseOut: usize;
  readonly phasePrev: usize;
  readonly omegaPrev: usize;
  readonly keyCur: usize;
  readonly keyPrev: usize;
  readonly done: usize;
  readonly mapPos: usize;
  readonly mapGain: usize;
  readonly envelope: usize;
  readonly envelopeTmp: usize;
  readonly peakIn: usize;
  readonly peakOut: usize;
  readonly queueNext: usize;
  readonly xQuad: usize;
  readonly vQuad: usize;
  readonly queueHeads: usize;
  // Synthesis: the window and the pending output's ring (two channels interleaved).
  readonly window: usize;
  readonly ring: usize;
  readonly ringFrames: i32;
  // The onset detector's rings.
  readonly onsetTimes: usize;
  readonly onsetBuffer: usize;
  readonly onsetHistory: usize;

  /** n: the FFT size; ringFrames: the output ring's frames (a power of two). */
  constructor(n: i32, ringFrames: i32) {
    const binFloats = (n >> 1) + 8;
    const bytes: usize =
      2 * arrayBytes(n + 4) +
      33 * arrayBytes(binFloats) +
      arrayBytes(2 * binFloats) +
      2 * arrayBytes(4 * binFloats + 16) +
      arrayBytes(BUCKETS) +
      arrayBytes(n) +
      arrayBytes(2 * ringFrames) +
      arrayBytes(2 * ONSET_RING) +
      arrayBytes(2 * ONSET_BLOCK + 4) +
      arrayBytes(ONSET_HISTORY) +
      16;
    this.block = heap.alloc(bytes);
    memory.fill(this.block, 0, bytes);
    this.cursor = (this.block + 15) & ~(<usize>15);
    this.fftRe = this.carve(n + 4);
    this.fftIm = this.carve(n + 4);
    this.rawLr = this.carve(binFloats);
    this.rawLi = this.carve(binFloats);
    this.rawRr = this.carve(binFloats);
    this.rawRi = this.carve(binFloats);
    this.xLr = this.carve(binFloats);
    this.xLi = this.carve(binFloats);
    this.xRr = this.carve(binFloats);
    this.xRi = this.carve(binFloats);
    this.xEnergy = this.carve(binFloats);
    this.xOmega = this.carve(binFloats);
    this.vLr = this.carve(binFloats);
    this.vLi = this.carve(binFloats);
    this.vRr = this.carve(binFloats);
    this.vRi = this.carve(binFloats);
    this.vEnergy = this.carve(binFloats);
    this.vOmega = this.carve(binFloats);
    this.vStep = this.carve(binFloats);
    this.phase = this.carve(binFloats);
    this.phaseIn = this.carve(binFloats);
    this.step = this.carve(binFloats);
    this.advance = this.carve(binFloats);
    this.phaseOut = this.carve(binFloats);
    this.phasePrev = this.carve(binFloats);
    this.omegaPrev = this.carve(binFloats);
    this.keyCur = this.carve(binFloats);
    this.keyPrev = this.carve(binFloats);
    this.done = this.carve(binFloats);
    this.mapPos = this.carve(binFloats);
    this.mapGain = this.carve(binFloats);
    this.envelope = this.carve(binFloats);
    this.envelopeTmp = this.carve(binFloats);
    this.peakIn = this.carve(binFloats);
    this.peakOut = this.carve(binFloats);
    this.queueNext = this.carve(2 * binFloats);
    this.xQuad = this.carve(4 * binFloats + 16) + 16 * 4;
    this.vQuad = this.carve(4 * binFloats + 16) + 16 * 4;
    this.queueHeads = this.carve(BUCKETS);
    this.window = this.carve(n);
    this.ringFrames = ringFrames;
    this.ring = this.carve(2 * ringFrames);
    this.onsetTimes = this.carve(2 * ONSET_RING);
    this.onsetBuffer = this.carve(2 * ONSET_BLOCK + 4);
    this.onsetHistory = this.carve(ONSET_HISTORY);
    // A miscounted arena would overlap whatever follows it: trap instead.
    if (this.cursor > this.block + bytes) unreachable();
  }

  /** Silences the pending output (after a seek), its guards included. */
  clearRing(): void {
    memory.fill(this.ring - ((<usize>GUARD) << 2), 0, (<usize>(2 * this.ringFrames + 2 * GUARD)) << 2);
  }

  /**
   * The Hann window into `window`, normalised so that analysis and synthesis windows overlap-add to
   * 1 at this hop (sum of squares 3n / 8hop), the inverse FFT's factor n included.
   */
  fillWindow(n: i32, hop: i32): void {
    const scale = (8.0 * <f64>hop) / (3.0 * <f64>n * <f64>n);
    for (let j = 0; j < n; j++) {
      const w = 0.5 - 0.5 * Math.cos((2.0 * Math.PI * <f64>j) / <f64>n);
      store<f32>(this.window + ((<usize>j) << 2), <f32>(w * scale));
    }
  }

  /** Frees the block and the arena. */
  destroy(): void {
    heap.free(this.block);
    heap.free(changetype<usize>(this));
  }

  private carve(count: i32): usize {
    const at = this.cursor + ((<usize>GUARD) << 2);
    this.cursor += arrayBytes(count);
    return at;
  }
}
