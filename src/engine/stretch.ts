import type { DspExports } from "../../worklets/dsp-abi.ts";
import { clamp } from "../shared/numbers.ts";

/** The wasm exports the host stretcher uses (a whole DspExports fits). */
export type StretchExports = Pick<
  DspExports,
  | "memory"
  | "alloc"
  | "free"
  | "stretcherCreate"
  | "stretcherDestroy"
  | "stretcherSetStretch"
  | "stretcherSetTransposition"
  | "stretcherSetSource"
  | "stretcherSetLoop"
  | "stretcherSeek"
  | "stretcherPlan"
  | "stretcherInputFrom"
  | "stretcherInputTo"
  | "stretcherRender"
  | "stretcherLookahead"
>;

export interface StretchSettings {
  /** Output duration / input duration (1: unchanged); clamped to [1/128, 128]. */
  readonly stretch?: number;
  /** Transposition in semitones (0: none); clamped to +-24. */
  readonly semitones?: number;
  /** Keep the spectral envelope (formants) in place while transposing: for vocals. */
  readonly formant?: boolean;
}

export const MIN_STRETCH = 1 / 128;
export const MAX_STRETCH = 128;

/** The stretch the wasm applies for a requested one. */
export function clampStretch(stretch: number): number {
  return Number.isFinite(stretch) ? clamp(stretch, MIN_STRETCH, MAX_STRETCH) : 1;
}

/** Fills `into` (one array per channel) with input frames [from, from + into[0].length), silence outside the input. */
export type InputReader = (from: number, into: readonly Float32Array[]) => void;

/** Frames per render block of the whole-buffer functions. */
const BLOCK = 8192;

/**
 * One wasm stretcher (dsp/stretch/stretcher.ts) driven from JavaScript, mono or
 * stereo. Each render plans a block, asks the reader for exactly the input
 * frames the block reads (so memory stays bounded however long the input), and
 * returns the output, aligned with the input: after seek(t), output frame k
 * plays input time t + k / stretch.
 */
export class HostStretcher {
  private readonly handle: number;
  private readonly outPtrs: number[];
  private inPtrs: number[] = [];
  private inCapacity = 0;
  private inScratch: Float32Array[] = [];

  constructor(
    private readonly dsp: StretchExports,
    readonly sampleRate: number,
    readonly channels: 1 | 2,
    readonly maxBlock = BLOCK,
  ) {
    this.handle = dsp.stretcherCreate(sampleRate, channels, maxBlock);
    if (this.handle === 0) throw new RangeError(`no stretcher for ${sampleRate} Hz, ${channels} channels`);
    this.outPtrs = Array.from({ length: channels }, () => dsp.alloc(maxBlock * 4));
  }

  set(settings: StretchSettings): void {
    this.dsp.stretcherSetStretch(this.handle, clampStretch(settings.stretch ?? 1));
    this.dsp.stretcherSetTransposition(this.handle, settings.semitones ?? 0, settings.formant ? 1 : 0);
  }

  seek(inputTime: number): void {
    this.dsp.stretcherSeek(this.handle, inputTime);
  }

  /** Output frames past a block's end at which render() takes inputTimeAhead. */
  lookahead(): number {
    return this.dsp.stretcherLookahead(this.handle);
  }

  /**
   * The next `frames` output frames (at most maxBlock), one array per channel.
   * inputTimeAhead: the input time at output frame (block end + lookahead), to
   * follow a warp map exactly; NaN to follow the set stretch.
   */
  render(frames: number, read: InputReader, inputTimeAhead = Number.NaN): Float32Array[] {
    const { dsp, handle } = this;
    if (frames > this.maxBlock) throw new RangeError(`block of ${frames} > ${this.maxBlock}`);
    dsp.stretcherPlan(handle, frames, inputTimeAhead);
    const from = dsp.stretcherInputFrom(handle);
    const count = Math.max(0, dsp.stretcherInputTo(handle) - from);
    this.ensureInput(count);
    const scratch = this.inScratch.map((channel) => channel.subarray(0, count));
    read(from, scratch);
    for (let c = 0; c < this.channels; c++) {
      new Float32Array(dsp.memory.buffer, this.inPtrs[c], count).set(scratch[c]);
    }
    dsp.stretcherSetSource(handle, this.inPtrs[0], this.inPtrs[this.channels - 1], from, count);
    dsp.stretcherRender(handle, this.outPtrs[0], this.outPtrs[this.channels - 1]);
    return this.outPtrs.map((ptr) => new Float32Array(dsp.memory.buffer, ptr, frames).slice());
  }

  destroy(): void {
    this.dsp.stretcherDestroy(this.handle);
    for (const ptr of [...this.outPtrs, ...this.inPtrs]) this.dsp.free(ptr);
  }

  private ensureInput(count: number): void {
    if (count <= this.inCapacity) return;
    for (const ptr of this.inPtrs) this.dsp.free(ptr);
    this.inCapacity = Math.max(count, 2 * this.inCapacity);
    this.inPtrs = Array.from({ length: this.channels }, () => this.dsp.alloc(this.inCapacity * 4));
    this.inScratch = Array.from({ length: this.channels }, () => new Float32Array(this.inCapacity));
  }
}

/** An InputReader over whole arrays: frames outside them read as silence. */
export function arrayReader(input: readonly Float32Array[]): InputReader {
  return (from, into) => {
    const length = input[0]?.length ?? 0;
    const frames = into[0]?.length ?? 0;
    const a = clamp(from, 0, length);
    const b = clamp(from + frames, 0, length);
    into.forEach((channel, c) => {
      channel.fill(0);
      if (b > a) channel.set(input[c].subarray(a, b), a - from);
    });
  };
}

/**
 * Stretches and/or transposes whole channels (any count: pairs share a
 * stretcher, an odd last one runs mono). The output is exactly
 * round(length * stretch) frames, aligned with the input (no lag).
 */
export function stretchAudio(
  dsp: StretchExports,
  channels: readonly Float32Array[],
  sampleRate: number,
  settings: StretchSettings,
): Float32Array[] {
  const stretch = clampStretch(settings.stretch ?? 1);
  const length = channels[0]?.length ?? 0;
  const outLength = Math.round(length * stretch);
  const out: Float32Array[] = [];
  for (let c = 0; c < channels.length; c += 2) {
    const group = channels.slice(c, c + 2);
    const st = new HostStretcher(dsp, sampleRate, group.length as 1 | 2, BLOCK);
    try {
      st.set({ ...settings, stretch });
      st.seek(0);
      const parts = group.map(() => new Float32Array(outLength));
      const read = arrayReader(group);
      for (let at = 0; at < outLength; at += BLOCK) {
        const frames = Math.min(BLOCK, outLength - at);
        st.render(frames, read).forEach((block, i) => {
          parts[i].set(block, at);
        });
      }
      out.push(...parts);
    } finally {
      st.destroy();
    }
  }
  return out;
}
