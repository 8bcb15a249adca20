import type { DspExports } from "../../../worklets/dsp-abi.ts";

/** Offsets of the values in one feature frame (dsp/beats/onset.ts). */
export const FEATURE = { onset: 0, low: 1, power: 2, high: 3, chroma: 4 } as const;

/** Input frames copied into wasm memory per call. */
const BLOCK_FRAMES = 32_768;

/**
 * The frame features of a stream so far, as dsp/beats/onset.ts computes them: frame k
 * is centred on sample k * hop, and holds `stride` floats.
 */
export interface FeatureFrames {
  readonly frameRate: number;
  readonly stride: number;
  /** Frames at each end of the stream whose windows reach into the padding around it. */
  readonly edgeFrames: number;
  readonly count: number;
  /** count * stride floats (the buffer may hold more: read only count frames). */
  readonly data: Float32Array;
}

/**
 * Streams PCM through the wasm feature extractor, keeping every frame. Setup
 * allocates wasm memory; call dispose() to free it.
 */
export class FeatureExtractor implements FeatureFrames {
  readonly frameRate: number;
  readonly stride: number;
  readonly hop: number;
  readonly edgeFrames: number;
  count = 0;
  data: Float32Array;
  private readonly handle: number;
  private readonly left: number;
  private readonly right: number;
  private readonly out: number;
  private readonly outCapacity: number;
  private samples = 0;
  private done = false;

  constructor(
    private readonly dsp: DspExports,
    readonly sampleRate: number,
  ) {
    const handle = dsp.beatFeaturesCreate(sampleRate);
    if (handle === 0)
      throw new RangeError(`Beat analysis needs a sample rate from 8 kHz to 192 kHz, not ${sampleRate}`);
    this.handle = handle;
    this.stride = dsp.beatFeatureStride();
    this.hop = dsp.beatFeaturesHop(handle);
    this.frameRate = sampleRate / this.hop;
    this.edgeFrames = Math.ceil(dsp.beatFeaturesFftSize(handle) / 2 / this.hop);
    this.outCapacity = dsp.beatFeaturesMaxOutput(handle, BLOCK_FRAMES);
    this.left = dsp.alloc(BLOCK_FRAMES * 4);
    this.right = dsp.alloc(BLOCK_FRAMES * 4);
    this.out = dsp.alloc(this.outCapacity * this.stride * 4);
    this.data = new Float32Array(this.stride * 1024);
  }

  /** Seconds of input pushed so far. */
  get seconds(): number {
    return this.samples / this.sampleRate;
  }

  /** Appends planar PCM (one or two channels are used; more are ignored beyond the first two). */
  push(channels: readonly Float32Array[]): void {
    if (this.done) throw new Error("FeatureExtractor: push after flush");
    const frames = channels[0]?.length ?? 0;
    const stereo = channels.length > 1;
    for (let at = 0; at < frames; at += BLOCK_FRAMES) {
      const n = Math.min(BLOCK_FRAMES, frames - at);
      const memory = this.dsp.memory.buffer;
      new Float32Array(memory, this.left, n).set(channels[0].subarray(at, at + n));
      if (stereo) new Float32Array(memory, this.right, n).set(channels[1].subarray(at, at + n));
      const written = this.dsp.beatFeaturesProcess(
        this.handle,
        this.left,
        stereo ? this.right : 0,
        n,
        this.out,
        this.outCapacity,
      );
      this.keep(written);
    }
    this.samples += frames;
  }

  /** Ends the stream: the frames whose windows reach past the last sample. */
  flush(): void {
    if (this.done) return;
    this.keep(this.dsp.beatFeaturesFlush(this.handle, this.out, this.outCapacity));
    this.done = true;
  }

  dispose(): void {
    this.dsp.beatFeaturesDestroy(this.handle);
    this.dsp.free(this.left);
    this.dsp.free(this.right);
    this.dsp.free(this.out);
  }

  private keep(written: number): void {
    if (written < 0) throw new Error("beatFeaturesProcess: output buffer too small");
    const need = (this.count + written) * this.stride;
    if (need > this.data.length) {
      const grown = new Float32Array(Math.max(need, this.data.length * 2));
      grown.set(this.data.subarray(0, this.count * this.stride));
      this.data = grown;
    }
    this.data.set(
      new Float32Array(this.dsp.memory.buffer, this.out, written * this.stride),
      this.count * this.stride,
    );
    this.count += written;
  }
}
