import { describe, expect, it } from "vitest";
import { chunkLengths, convert, HostResampler } from "../../src/engine/resample-pcm.ts";
import { newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";
import { sine } from "../sine.ts";
import { spectrum, strongestDbfs, toneDbfs } from "../spectrum.ts";

const dsp = newDsp();

const noise = whiteNoise;

function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}

/** Output frames skipped at each end: the onset and the flush's silence ring for under 2,000 frames. */
const SETTLE = 4096;

/**
 * A full-scale sine converted, and the steady-state stretch analysed: about a
 * second at the output rate (a power of two for the FFT), clear of both ends.
 */
function convertedTone(inRate: number, outRate: number, hz: number): Float32Array {
  const size = 2 ** Math.floor(Math.log2(outRate));
  const frames = Math.ceil(((size + 2 * SETTLE) * inRate) / outRate);
  const out = convert(dsp, inRate, outRate, sine(frames, hz, inRate));
  return out.subarray(SETTLE, SETTLE + size);
}

describe("the analysis", () => {
  it("resolves a -120 dBFS tone beside a full-scale one, with nothing else above -140 dBFS", () => {
    const x = new Float64Array(65_536);
    for (let n = 0; n < x.length; n++) {
      x[n] =
        Math.sin((2 * Math.PI * 1_000 * n) / 48_000) + 1e-6 * Math.sin((2 * Math.PI * 5_000 * n) / 48_000);
    }
    expect(toneDbfs(x, 48_000, 1_000)).toBeCloseTo(0, 4);
    expect(toneDbfs(x, 48_000, 5_000)).toBeCloseTo(-120, 1);
    expect(strongestDbfs(spectrum(x, 48_000), [1_000, 5_000]).dbfs).toBeLessThan(-140);
  });
});

describe.each([
  [44_100, 48_000],
  [48_000, 44_100],
])("%i Hz -> %i Hz", (inRate, outRate) => {
  it("is flat within 0.1 dB from 20 Hz to 18 kHz", () => {
    const gains = [20, 100, 1_000, 5_000, 10_000, 15_000, 17_000, 18_000].map((hz) =>
      toneDbfs(convertedTone(inRate, outRate, hz), outRate, hz),
    );
    // Measured: every gain within 7e-6 dB of 0 (a 110 dB Kaiser design ripples by about 3e-5 dB).
    expect(Math.max(...gains) - Math.min(...gains)).toBeLessThan(1e-4);
    for (const g of gains) expect(Math.abs(g)).toBeLessThan(1e-4);
  });

  it.each([1_000, 10_000, 17_000, 19_000])(
    "keeps a %i Hz sine, every image and alias below -90 dBFS",
    (hz) => {
      const out = convertedTone(inRate, outRate, hz);
      expect(Math.abs(toneDbfs(out, outRate, hz))).toBeLessThan(1e-4);
      // Measured: -127.6 (19 kHz up) to -140.7 dBFS (1 kHz down).
      expect(strongestDbfs(spectrum(out, outRate), [hz]).dbfs).toBeLessThan(-115);
    },
  );
});

describe("48 kHz -> 44.1 kHz", () => {
  it("removes a 23 kHz sine (above the output's Nyquist): nothing is left above -90 dBFS", () => {
    // Its alias would land at 21.1 kHz. Measured: -120 dBFS.
    expect(strongestDbfs(spectrum(convertedTone(48_000, 44_100, 23_000), 44_100)).dbfs).toBeLessThan(-110);
  });
});

// Exact polyphase (ratio denominators up to 512) and interpolated fine phases
// (44.1k -> 48.001k, 11.025k -> 48k, 48.001k -> 44.1k), up and down, by up to 24x.
const OTHER_PAIRS = [
  [8_000, 192_000],
  [192_000, 8_000],
  [44_100, 96_000],
  [96_000, 44_100],
  [22_050, 48_000],
  [11_025, 48_000],
  [44_100, 48_001],
  [48_001, 44_100],
];

describe("other rate pairs", () => {
  it.each(OTHER_PAIRS)(
    "%i Hz -> %i Hz keeps a sine at 0.8 of the lower Nyquist, images and aliases below -90 dBFS",
    (inRate, outRate) => {
      const hz = 0.4 * Math.min(inRate, outRate);
      const out = convertedTone(inRate, outRate, hz);
      // Measured: gains within 2.4e-5 dB (the fine-phase pairs' interpolation droops slightly), and
      // the strongest spurious component -123.2 dBFS (11.025k -> 48k) to -146.8 dBFS (192k -> 8k).
      expect(Math.abs(toneDbfs(out, outRate, hz))).toBeLessThan(1e-4);
      expect(strongestDbfs(spectrum(out, outRate), [hz]).dbfs).toBeLessThan(-115);
    },
  );

  it.each(OTHER_PAIRS.filter(([inRate, outRate]) => outRate < inRate))(
    "%i Hz -> %i Hz removes a sine just above the output's Nyquist",
    (inRate, outRate) => {
      // Measured: -115.3 (48.001k -> 44.1k) to -125.5 dBFS (192k -> 8k).
      const out = convertedTone(inRate, outRate, 0.52 * outRate);
      expect(strongestDbfs(spectrum(out, outRate)).dbfs).toBeLessThan(-110);
    },
  );
});

describe("timing", () => {
  it.each([
    [44_100, 48_000],
    [48_000, 44_100],
    [44_100, 48_001],
    [8_000, 44_100],
  ])("turns a 1 kHz sine at %i Hz into the same sine at %i Hz, with no delay", (inRate, outRate) => {
    const out = convert(dsp, inRate, outRate, sine(inRate, 1_000, inRate));
    const steady = out.subarray(SETTLE, out.length - SETTLE);
    const expected = sine(out.length, 1_000, outRate).subarray(SETTLE, out.length - SETTLE);
    // Measured: at most 6e-7, f32 rounding; a delay of just 1e-5 frames would add up to 1.3e-6.
    expect(maxAbsDifference(steady, expected)).toBeLessThan(1.5e-6);
  });

  it.each([
    [44_100, 48_000],
    [48_000, 44_100],
    [8_000, 192_000],
    [192_000, 8_000],
    [44_100, 48_001],
  ])(
    "puts an impulse at input frame t at output time t * %i / %i, to the nearest frame",
    (inRate, outRate) => {
      for (const t of [0, 1, 7, 1_000, 4_095, 4_096, 9_999]) {
        const input = new Float32Array(12_000);
        input[t] = 1;
        const out = convert(dsp, inRate, outRate, input);
        let peak = 0;
        for (let n = 1; n < out.length; n++) if (Math.abs(out[n]) > Math.abs(out[peak])) peak = n;
        expect(Math.abs(peak - (t * outRate) / inRate)).toBeLessThanOrEqual(0.5);
      }
    },
  );
});

describe("streaming", () => {
  const pairs = [
    [44_100, 48_000],
    [48_000, 44_100],
    [44_100, 48_001],
    [8_000, 192_000],
    [192_000, 8_000],
  ];

  it.each(pairs)(
    "gives the same output, bit for bit, however %i -> %i input is chunked",
    (inRate, outRate) => {
      const input = noise(30_000, inRate ^ outRate);
      const whole = convert(dsp, inRate, outRate, input);
      for (const pattern of [[1], [100], [4_096], [1, 7, 100, 333, 4_096, 5_000, 2]]) {
        const chunked = convert(dsp, inRate, outRate, input, chunkLengths(input.length, pattern));
        expect(maxAbsDifference(chunked, whole)).toBe(0);
      }
    },
  );

  it.each([
    [44_100, 48_000, [0, 1, 2, 3, 146, 147, 148, 160, 1_000, 44_101]],
    [48_000, 44_100, [1, 80, 159, 160, 161, 48_000]],
    [48_000, 8_000, [1, 2, 3, 4, 9, 10_001]],
    [8_000, 192_000, [1, 2, 999]],
    [44_100, 48_001, [1, 12_345]],
  ])("outputs round(I * out / in) frames in all, halves up, for %i -> %i", (inRate, outRate, lengths) => {
    for (const frames of lengths) {
      const expected = Math.floor((2 * frames * outRate + inRate) / (2 * inRate));
      const input = noise(frames, frames);
      expect(convert(dsp, inRate, outRate, input).length).toBe(expected);
      expect(convert(dsp, inRate, outRate, input, chunkLengths(frames, [37])).length).toBe(expected);
    }
  });

  it.each(pairs)("never writes more than resamplerMaxOutput says, %i -> %i", (inRate, outRate) => {
    const input = noise(20_000, 3);
    const rs = dsp.resamplerCreate(inRate, outRate);
    const capacity = dsp.resamplerMaxOutput(rs, 5_000);
    const inPtr = dsp.alloc(5_000 * 4);
    const outPtr = dsp.alloc((capacity + 16) * 4);
    const guard = new Float32Array(dsp.memory.buffer, outPtr + capacity * 4, 16).fill(7);
    let at = 0;
    for (const n of chunkLengths(input.length, [1, 5_000, 333, 4_999])) {
      new Float32Array(dsp.memory.buffer, inPtr, n).set(input.subarray(at, at + n));
      at += n;
      expect(dsp.resamplerProcess(rs, inPtr, n, outPtr, capacity)).toBeLessThanOrEqual(
        dsp.resamplerMaxOutput(rs, n),
      );
    }
    expect(dsp.resamplerFlush(rs, outPtr, capacity)).toBeLessThanOrEqual(dsp.resamplerMaxOutput(rs, 0));
    expect(guard.every((v) => v === 7)).toBe(true);
    dsp.resamplerDestroy(rs);
    dsp.free(inPtr);
    dsp.free(outPtr);
  });

  it("refuses a too-small output buffer without writing to it or consuming the input", () => {
    const input = noise(10_000, 9);
    const expected = convert(dsp, 44_100, 48_000, input);
    const rs = dsp.resamplerCreate(44_100, 48_000);
    const need = dsp.resamplerMaxOutput(rs, input.length);
    const inPtr = dsp.alloc(input.length * 4);
    const outPtr = dsp.alloc(need * 4);
    new Float32Array(dsp.memory.buffer, inPtr, input.length).set(input);
    const out = new Float32Array(dsp.memory.buffer, outPtr, need).fill(7);

    expect(dsp.resamplerProcess(rs, inPtr, input.length, outPtr, need - 1)).toBe(-1);
    expect(out.every((v) => v === 7)).toBe(true);
    const written = dsp.resamplerProcess(rs, inPtr, input.length, outPtr, need);
    expect(dsp.resamplerFlush(rs, outPtr + written * 4, dsp.resamplerMaxOutput(rs, 0) - 1)).toBe(-1);
    const tail = dsp.resamplerFlush(rs, outPtr + written * 4, need - written);
    expect(Array.from(out.subarray(0, written + tail))).toEqual(Array.from(expected));

    dsp.resamplerDestroy(rs);
    dsp.free(inPtr);
    dsp.free(outPtr);
  });

  it("starts afresh after a reset, and after a flush", () => {
    const input = noise(5_000, 4);
    const expected = convert(dsp, 48_000, 44_100, input);
    const rs = new HostResampler(dsp, 48_000, 44_100, input.length);
    rs.process(noise(777, 5));
    dsp.resamplerReset(rs.handle);
    const afterReset = [...rs.process(input), ...rs.flush()];
    const afterFlush = [...rs.process(input), ...rs.flush()];
    rs.destroy();
    expect(afterReset).toEqual(Array.from(expected));
    expect(afterFlush).toEqual(Array.from(expected));
  });
});

describe("the edges", () => {
  it("treats NaN, infinities and absurd magnitudes as silence", () => {
    for (const [inRate, outRate] of [
      [44_100, 48_000],
      [48_000, 48_000],
    ]) {
      const input = noise(3_000, 6);
      const clean = input.slice();
      for (const [at, v] of [
        [10, Number.NaN],
        [1_000, Number.POSITIVE_INFINITY],
        [1_001, Number.NEGATIVE_INFINITY],
        [2_000, 3e38],
        [2_001, -3e38],
        [2_999, Number.NaN],
      ]) {
        input[at] = v;
        clean[at] = 0;
      }
      const out = convert(dsp, inRate, outRate, input);
      expect(out.every(Number.isFinite)).toBe(true);
      expect(Array.from(out)).toEqual(Array.from(convert(dsp, inRate, outRate, clean)));
    }
  });

  it("copies same-rate input bit for bit, with no latency", () => {
    const input = noise(1_000, 7);
    input[3] = -0;
    input[4] = 1e-40;
    const rs = new HostResampler(dsp, 44_100, 44_100, 1_000);
    const first = rs.process(input.subarray(0, 10));
    const rest = rs.process(input.subarray(10));
    expect(rs.flush().length).toBe(0);
    rs.destroy();
    expect(first.length).toBe(10);
    const out = new Float32Array([...first, ...rest]);
    expect(new Uint32Array(out.buffer)).toEqual(new Uint32Array(input.buffer));
  });

  it.each([
    [7_999, 48_000],
    [48_000, 192_001],
    [44_100.5, 48_000],
    [Number.NaN, 48_000],
    [0, 0],
  ])("makes no converter for %d Hz -> %d Hz", (inRate, outRate) => {
    expect(dsp.resamplerCreate(inRate, outRate)).toBe(0);
  });

  it("keeps a shared filter table while another converter still uses it", () => {
    const input = noise(4_000, 8);
    const expected = convert(dsp, 44_100, 48_000, input);
    const a = new HostResampler(dsp, 44_100, 48_000, input.length);
    const b = new HostResampler(dsp, 88_200, 96_000, input.length);
    a.destroy();
    new HostResampler(dsp, 48_000, 44_100, 16).destroy();
    expect([...b.process(input), ...b.flush()]).toEqual(Array.from(expected));
    b.destroy();
  });

  it("frees what it allocates: creating and destroying converters does not grow memory", () => {
    const own = newDsp();
    const cycle = () => {
      const handles = [
        [44_100, 48_000],
        [44_100, 48_000],
        [48_000, 44_100],
        [11_025, 48_000],
        [192_000, 8_000],
        [48_000, 48_000],
      ].map(([i, o]) => own.resamplerCreate(i, o));
      for (const h of handles) own.resamplerDestroy(h);
    };
    cycle();
    const bytes = own.memory.buffer.byteLength;
    for (let i = 0; i < 30; i++) cycle();
    expect(own.memory.buffer.byteLength).toBe(bytes);
  });
});
