import { Fft } from "../stretch/fft";
import {
  BandTables,
  binMasks,
  FREQ_HALF,
  LONG_HALF,
  LONG_STEP,
  MEDIAN_TAPS,
  median,
  SHORT_HALF,
} from "./masks";

// Source separation of a stereo stream into four stems (vocals, drums, bass,
// other) by soft masks on its STFT (the masks and why: masks.ts).
//
// Framing: Hann windows of `size` samples (a power of two near 85 ms) every
// hop = size / 4 samples, on the stream preceded by size - hop zeros. A frame's
// masks need the frames LONG_HALF either side, so frames wait in a ring until
// their neighbourhood has arrived. Each stem is the inverse transform of the
// masked spectra, windowed again and overlap-added: Hann squared at a quarter
// hop sums to 3/2 everywhere, so with masks summing to 1 the stems sum to the
// input exactly (within float rounding).
//
// Use: write `hop` samples per channel at inputLeft/inputRight and push(); a
// push answers true when it wrote `hop` samples of every stem at output(stem,
// channel). The output stream starts `leadIn` samples before the input's first
// sample (drop those); push silence after the input until its end is out.

export const STEM_COUNT: i32 = 4;
const RING: i32 = 2 * LONG_HALF + 1;
/** Hann squared summed over the four overlapping frames. */
const OVERLAP_GAIN: f32 = 1.5;
const SAMPLE_LIMIT: f32 = 1e9;

function at(base: usize, index: i32): usize {
  return base + ((<usize>index) << 2);
}

@unmanaged
export class Separator {
  readonly size: i32;
  readonly hop: i32;
  readonly bins: i32;
  readonly leadIn: i32;
  readonly inputLeft: usize;
  readonly inputRight: usize;
  private readonly fft: Fft;
  private readonly window: usize;
  private readonly historyLeft: usize;
  private readonly historyRight: usize;
  private readonly re: usize;
  private readonly im: usize;
  /** RING frames of four bin arrays each: left re, left im, right re, right im. */
  private readonly spectra: usize;
  /** RING frames of `bins` magnitudes. */
  private readonly magnitudes: usize;
  private readonly masks: usize;
  private readonly gathered: usize;
  private readonly scratch: usize;
  private readonly bands: BandTables;
  /** STEM_COUNT * 2 overlap-add buffers of `size`, then as many outputs of `hop`. */
  private readonly overlap: usize;
  private readonly outputs: usize;
  private frames: i32 = 0;

  constructor(sampleRate: f32) {
    const size = sampleRate > 32000 ? 4096 : 2048;
    const hop = size >> 2;
    const bins = (size >> 1) + 1;
    this.size = size;
    this.hop = hop;
    this.bins = bins;
    this.leadIn = size - hop;
    this.fft = new Fft(size);
    this.bands = new BandTables(bins, sampleRate / <f32>size);
    const bytes = (<usize>size) << 2;
    const window = heap.alloc(bytes);
    for (let i = 0; i < size; i++) {
      store<f32>(at(window, i), <f32>(0.5 - 0.5 * Math.cos((2 * Math.PI * <f64>i) / <f64>size)));
    }
    this.window = window;
    this.inputLeft = heap.alloc((<usize>hop) << 2);
    this.inputRight = heap.alloc((<usize>hop) << 2);
    this.historyLeft = zeroed(bytes);
    this.historyRight = zeroed(bytes);
    this.re = heap.alloc(bytes);
    this.im = heap.alloc(bytes);
    const binBytes = (<usize>bins) << 2;
    this.spectra = zeroed(binBytes * 4 * RING);
    this.magnitudes = zeroed(binBytes * RING);
    this.masks = heap.alloc(binBytes * STEM_COUNT);
    this.gathered = heap.alloc((<usize>MEDIAN_TAPS) << 2);
    this.scratch = heap.alloc((<usize>MEDIAN_TAPS) << 2);
    this.overlap = zeroed(bytes * 2 * STEM_COUNT);
    this.outputs = heap.alloc(((<usize>hop) << 2) * 2 * STEM_COUNT);
  }

  destroy(): void {
    this.fft.destroy();
    this.bands.destroy();
    heap.free(this.window);
    heap.free(this.inputLeft);
    heap.free(this.inputRight);
    heap.free(this.historyLeft);
    heap.free(this.historyRight);
    heap.free(this.re);
    heap.free(this.im);
    heap.free(this.spectra);
    heap.free(this.magnitudes);
    heap.free(this.masks);
    heap.free(this.gathered);
    heap.free(this.scratch);
    heap.free(this.overlap);
    heap.free(this.outputs);
    heap.free(changetype<usize>(this));
  }

  /** Where push() writes `hop` samples of a stem's channel (0 left, 1 right). */
  output(stem: i32, channel: i32): usize {
    return at(this.outputs, (stem * 2 + channel) * this.hop);
  }

  /** Takes `hop` new samples per channel; true when a hop of every stem was written. */
  push(): bool {
    this.shiftIn(this.historyLeft, this.inputLeft);
    this.shiftIn(this.historyRight, this.inputRight);
    this.analyse(this.frames % RING);
    this.frames++;
    const centre = this.frames - 1 - LONG_HALF;
    if (centre < 0) return false;
    this.computeMasks(centre);
    for (let stem = 0; stem < STEM_COUNT; stem++) this.synthesise(centre % RING, stem);
    return true;
  }

  private shiftIn(history: usize, input: usize): void {
    const hop = this.hop;
    memory.copy(history, at(history, hop), (<usize>(this.size - hop)) << 2);
    const tail = at(history, this.size - hop);
    for (let i = 0; i < hop; i++) {
      const v = load<f32>(at(input, i));
      // NaN fails both comparisons: it becomes silence, as does anything absurdly loud.
      store<f32>(at(tail, i), v > -SAMPLE_LIMIT && v < SAMPLE_LIMIT ? v : 0);
    }
  }

  /** The newest frame's two spectra (unpacked from one complex transform) and magnitudes into `slot`. */
  private analyse(slot: i32): void {
    const size = this.size;
    const bins = this.bins;
    for (let i = 0; i < size; i++) {
      const w = load<f32>(at(this.window, i));
      store<f32>(at(this.re, i), load<f32>(at(this.historyLeft, i)) * w);
      store<f32>(at(this.im, i), load<f32>(at(this.historyRight, i)) * w);
    }
    this.fft.forward(this.re, this.im);
    const spectrum = at(this.spectra, slot * 4 * bins);
    const magnitude = at(this.magnitudes, slot * bins);
    for (let k = 0; k < bins; k++) {
      const mirror = k == 0 ? 0 : size - k;
      const zr = load<f32>(at(this.re, k));
      const zi = load<f32>(at(this.im, k));
      const wr = load<f32>(at(this.re, mirror));
      const wi = load<f32>(at(this.im, mirror));
      const lr: f32 = 0.5 * (zr + wr);
      const li: f32 = 0.5 * (zi - wi);
      const rr: f32 = 0.5 * (zi + wi);
      const ri: f32 = 0.5 * (wr - zr);
      store<f32>(at(spectrum, k), lr);
      store<f32>(at(spectrum, bins + k), li);
      store<f32>(at(spectrum, 2 * bins + k), rr);
      store<f32>(at(spectrum, 3 * bins + k), ri);
      store<f32>(at(magnitude, k), Mathf.sqrt(<f32>0.5 * (lr * lr + li * li + rr * rr + ri * ri)));
    }
  }

  /** The medians at frame `centre` (frames before the first are silence) and its four masks per bin. */
  private computeMasks(centre: i32): void {
    const bins = this.bins;
    const slot = centre % RING;
    const magnitude = at(this.magnitudes, slot * bins);
    const spectrum = at(this.spectra, slot * 4 * bins);
    const gathered = this.gathered;
    for (let k = 0; k < bins; k++) {
      for (let j = 0; j < MEDIAN_TAPS; j++) {
        let bin = k - FREQ_HALF + j;
        bin = bin < 0 ? 0 : bin >= bins ? bins - 1 : bin;
        store<f32>(at(gathered, j), load<f32>(at(magnitude, bin)));
      }
      const across = median(gathered, 4, MEDIAN_TAPS, this.scratch);
      for (let j = 0; j < MEDIAN_TAPS; j++) {
        store<f32>(at(gathered, j), this.magnitudeAt(centre - SHORT_HALF + j, k));
      }
      const short = median(gathered, 4, MEDIAN_TAPS, this.scratch);
      for (let j = 0; j < MEDIAN_TAPS; j++) {
        store<f32>(at(gathered, j), this.magnitudeAt(centre - LONG_HALF + j * LONG_STEP, k));
      }
      const long = median(gathered, 4, MEDIAN_TAPS, this.scratch);
      const lr = load<f32>(at(spectrum, k));
      const li = load<f32>(at(spectrum, bins + k));
      const rr = load<f32>(at(spectrum, 2 * bins + k));
      const ri = load<f32>(at(spectrum, 3 * bins + k));
      // |L conj(R)| against the mean power: 1 when left and right are alike, less the more panned.
      const cr = lr * rr + li * ri;
      const ci = li * rr - lr * ri;
      const power = lr * lr + li * li + rr * rr + ri * ri;
      const centreness = power > 0 ? (<f32>2 * Mathf.sqrt(cr * cr + ci * ci)) / power : <f32>0;
      binMasks(
        at(this.masks, k * STEM_COUNT),
        load<f32>(at(magnitude, k)),
        across,
        short,
        long,
        centreness,
        load<f32>(at(this.bands.bass, k)),
        load<f32>(at(this.bands.voice, k)),
      );
    }
  }

  @inline
  private magnitudeAt(frame: i32, bin: i32): f32 {
    if (frame < 0) return 0;
    return load<f32>(at(this.magnitudes, (frame % RING) * this.bins + bin));
  }

  /** One stem's masked frame, back to time (both channels in one transform), overlap-added; emits a hop. */
  private synthesise(slot: i32, stem: i32): void {
    const size = this.size;
    const bins = this.bins;
    const spectrum = at(this.spectra, slot * 4 * bins);
    const re = this.re;
    const im = this.im;
    for (let k = 0; k < bins; k++) {
      const m = load<f32>(at(this.masks, k * STEM_COUNT + stem));
      const lr = m * load<f32>(at(spectrum, k));
      const li = m * load<f32>(at(spectrum, bins + k));
      const rr = m * load<f32>(at(spectrum, 2 * bins + k));
      const ri = m * load<f32>(at(spectrum, 3 * bins + k));
      // Packed as L + iR; the upper half is the mirror image of real signals' spectra.
      store<f32>(at(re, k), lr - ri);
      store<f32>(at(im, k), li + rr);
      if (k > 0 && k < size >> 1) {
        store<f32>(at(re, size - k), lr + ri);
        store<f32>(at(im, size - k), rr - li);
      }
    }
    // The inverse transform: forward with the parts swapped (see fft.ts).
    this.fft.forward(im, re);
    const scale: f32 = 1 / (<f32>size * OVERLAP_GAIN);
    const left = at(this.overlap, stem * 2 * size);
    const right = at(left, size);
    for (let i = 0; i < size; i++) {
      const w = load<f32>(at(this.window, i)) * scale;
      store<f32>(at(left, i), load<f32>(at(left, i)) + load<f32>(at(re, i)) * w);
      store<f32>(at(right, i), load<f32>(at(right, i)) + load<f32>(at(im, i)) * w);
    }
    const hop = this.hop;
    const tail = (<usize>(size - hop)) << 2;
    for (let channel = 0; channel < 2; channel++) {
      const buffer = channel == 0 ? left : right;
      memory.copy(this.output(stem, channel), buffer, (<usize>hop) << 2);
      memory.copy(buffer, at(buffer, hop), tail);
      memory.fill(buffer + tail, 0, (<usize>hop) << 2);
    }
  }
}

function zeroed(bytes: usize): usize {
  const ptr = heap.alloc(bytes);
  memory.fill(ptr, 0, bytes);
  return ptr;
}
