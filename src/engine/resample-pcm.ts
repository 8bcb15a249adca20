import type { DspExports } from "../../worklets/dsp-abi.ts";

/**
 * One wasm sample-rate converter (dsp/resampler.ts) driven from JavaScript: f32 buffers allocated in
 * wasm memory, sized with resamplerMaxOutput, views made afresh after any
 * allocation (memory growth detaches old ones).
 */
export class HostResampler {
  readonly handle: number;
  private readonly inPtr: number;
  private readonly outPtr: number;
  readonly outCapacity: number;

  constructor(
    private readonly dsp: DspExports,
    inRate: number,
    outRate: number,
    readonly maxChunk: number,
  ) {
    this.handle = dsp.resamplerCreate(inRate, outRate);
    if (this.handle === 0) throw new Error(`no converter for ${inRate} -> ${outRate}`);
    this.outCapacity = dsp.resamplerMaxOutput(this.handle, maxChunk);
    this.inPtr = dsp.alloc(Math.max(1, maxChunk) * 4);
    this.outPtr = dsp.alloc(this.outCapacity * 4);
  }

  process(chunk: Float32Array): Float32Array {
    if (chunk.length > this.maxChunk) throw new Error(`chunk of ${chunk.length} > ${this.maxChunk}`);
    new Float32Array(this.dsp.memory.buffer, this.inPtr, chunk.length).set(chunk);
    const written = this.dsp.resamplerProcess(
      this.handle,
      this.inPtr,
      chunk.length,
      this.outPtr,
      this.outCapacity,
    );
    return this.output(written);
  }

  flush(): Float32Array {
    return this.output(this.dsp.resamplerFlush(this.handle, this.outPtr, this.outCapacity));
  }

  destroy(): void {
    this.dsp.resamplerDestroy(this.handle);
    this.dsp.free(this.inPtr);
    this.dsp.free(this.outPtr);
  }

  private output(written: number): Float32Array {
    if (written < 0) throw new Error("the converter refused the output capacity");
    return new Float32Array(this.dsp.memory.buffer, this.outPtr, written).slice();
  }
}

/** Converts a whole signal, fed in chunks of the given lengths (all at once by default), then flushed. */
export function convert(
  dsp: DspExports,
  inRate: number,
  outRate: number,
  input: Float32Array,
  lengths: readonly number[] = [input.length],
): Float32Array {
  const rs = new HostResampler(
    dsp,
    inRate,
    outRate,
    lengths.reduce((a, b) => Math.max(a, b), 0),
  );
  const parts: Float32Array[] = [];
  let at = 0;
  for (const n of lengths) {
    parts.push(rs.process(input.subarray(at, at + n)));
    at += n;
  }
  parts.push(rs.flush());
  rs.destroy();
  const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Chunk lengths that add up to `total`, cycling through `pattern`. */
export function chunkLengths(total: number, pattern: readonly number[]): number[] {
  const lengths: number[] = [];
  for (let at = 0, i = 0; at < total; i++) {
    const n = Math.min(pattern[i % pattern.length], total - at);
    lengths.push(n);
    at += n;
  }
  return lengths;
}

/** A source's channels at another rate: each channel through its own converter. */
export function resamplePcm(
  dsp: DspExports,
  channels: readonly Float32Array[],
  fromRate: number,
  toRate: number,
): Float32Array[] {
  if (fromRate === toRate) return [...channels];
  return channels.map((channel) =>
    convert(dsp, fromRate, toRate, channel, chunkLengths(channel.length, [65_536])),
  );
}
