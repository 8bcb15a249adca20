import { describe, expect, it } from "vitest";
import { writeStemNotes } from "../../src/generator/render/render-stems.ts";
import type { DspExports } from "../../worklets/dsp-abi.ts";
import { newDsp } from "../dsp-wasm.ts";
import { clip, RATE, render, track } from "./engine-harness.ts";

// One contract every DSP kernel is held to, through its wasm exports: cutting the same input into
// blocks of 1, 37 or 128 frames gives what one long block gives (where the kernel promises it; the
// kernel's entry says why not otherwise); silence in gives silence out (or the kernel's documented
// tail, which dies away); extreme parameters and loud input give neither NaN, infinities nor
// subnormal numbers; and the same input gives the same output, bit for bit.

const FRAMES = 4096;
const BLOCK_SIZES = [1, 37, 128];
/** The largest block any kernel is given here. */
const MAX_BLOCK = FRAMES;
/** Below this, a float is subnormal: the CPU handles those a hundred times slower. */
const SMALLEST_NORMAL = 1.1754943508222875e-38;

type Stereo = readonly [Float32Array, Float32Array];

/** A kernel opened on a fresh instance: each call processes one block and returns its output. */
type Process = (left: Float32Array, right: Float32Array) => Stereo;

interface Kernel {
  readonly name: string;
  /** Why the output depends on the block size, or null: the kernel promises it does not. */
  readonly blockCaveat: string | null;
  /**
   * Fresh state at ordinary settings, or at the extremes its parameters allow. `input` is the whole
   * input, for a kernel that reads its source at random access; the others take it block by block.
   */
  open(dsp: DspExports, extreme: boolean, input: Stereo): Process;
}

/** Deterministic stereo test input: two tones, a noise burst and a click, at peak `level`. */
function testSignal(frames: number, level = 0.5): Stereo {
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 31 - 1;
  };
  for (let i = 0; i < frames; i++) {
    const t = i / RATE;
    const burst = i >= 1500 && i < 1900 ? noise() * 0.6 : 0;
    left[i] = level * (0.5 * Math.sin(2 * Math.PI * 220 * t) + burst + (i === 3000 ? 0.4 : 0));
    right[i] = level * (0.5 * Math.sin(2 * Math.PI * 331 * t + 0.3) + 0.5 * burst);
  }
  return [left, right];
}

/** Runs `input` through a fresh instance in blocks of `block` frames, then `tail` frames of silence. */
function run(kernel: Kernel, input: Stereo, block: number, extreme = false, tail = 0): Stereo {
  const process = kernel.open(newDsp(), extreme, input);
  const total = input[0].length + tail;
  const left: number[] = [];
  const right: number[] = [];
  for (let start = 0; start < total; start += block) {
    const frames = Math.min(block, total - start);
    const inL = new Float32Array(frames);
    const inR = new Float32Array(frames);
    inL.set(input[0].subarray(start, start + frames));
    inR.set(input[1].subarray(start, start + frames));
    const [outL, outR] = process(inL, inR);
    for (const x of outL) left.push(x);
    for (const x of outR) right.push(x);
  }
  return [Float32Array.from(left), Float32Array.from(right)];
}

/** Two planar buffers of MAX_BLOCK frames in the wasm's memory, copied in and out per block. */
function buffers(dsp: DspExports) {
  const left = dsp.alloc(MAX_BLOCK * 4);
  const right = dsp.alloc(MAX_BLOCK * 4);
  return {
    left,
    right,
    write(inL: Float32Array, inR: Float32Array) {
      new Float32Array(dsp.memory.buffer, left, inL.length).set(inL);
      new Float32Array(dsp.memory.buffer, right, inR.length).set(inR);
    },
    read(frames: number): Stereo {
      return [
        new Float32Array(dsp.memory.buffer, left, frames).slice(),
        new Float32Array(dsp.memory.buffer, right, frames).slice(),
      ];
    },
  };
}

/** A kernel that processes planar stereo in place. */
function inPlaceKernel(
  dsp: DspExports,
  process: (left: number, right: number, frames: number) => void,
): Process {
  const io = buffers(dsp);
  return (left, right) => {
    io.write(left, right);
    process(io.left, io.right, left.length);
    return io.read(left.length);
  };
}

/** A kernel that adds its output into separate buffers (the effects' sends): those start at silence. */
function sendKernel(
  dsp: DspExports,
  process: (inL: number, inR: number, outL: number, outR: number, frames: number) => void,
): Process {
  const input = buffers(dsp);
  const output = buffers(dsp);
  return (inL, inR) => {
    input.write(inL, inR);
    output.write(new Float32Array(inL.length), new Float32Array(inR.length));
    process(input.left, input.right, output.left, output.right, inL.length);
    return output.read(inL.length);
  };
}

const KERNELS: readonly Kernel[] = [
  {
    name: "track EQ",
    blockCaveat: null,
    open(dsp, extreme) {
      const eq = dsp.eqCreate(RATE);
      dsp.eqSetEnabled(eq, 1);
      for (let stage = 0; stage < 6; stage++) {
        const frequency = extreme ? (stage % 2 === 0 ? 10 : 30_000) : 200 * (stage + 1);
        const q = extreme ? (stage % 2 === 0 ? 0.01 : 100) : 1;
        const gainDb = extreme ? (stage % 2 === 0 ? 60 : -60) : stage - 3;
        dsp.eqSetStage(eq, stage, 1, frequency, q, gainDb);
      }
      return inPlaceKernel(dsp, (left, right, frames) => dsp.eqProcess(eq, left, right, frames));
    },
  },
  {
    name: "limiter",
    blockCaveat: null,
    open(dsp, extreme) {
      const limiter = dsp.limiterCreate(RATE);
      if (extreme) dsp.limiterSetCeilingDb(limiter, -1000);
      return inPlaceKernel(dsp, (left, right, frames) => dsp.limiterProcess(limiter, left, right, frames));
    },
  },
  {
    name: "mastering chain",
    blockCaveat: null,
    open(dsp, extreme) {
      const master = dsp.masterCreate(RATE);
      if (extreme) dsp.masterConfigure(master, 4, 24, 24, 24, -100, 100, 1);
      else dsp.masterConfigure(master, 1.2, 2, 1, 1, -18, 3, 0.3);
      return inPlaceKernel(dsp, (left, right, frames) =>
        dsp.masterProcess(master, left, right, frames, extreme ? 1000 : 1),
      );
    },
  },
  {
    name: "reverb",
    blockCaveat: null,
    open(dsp, extreme) {
      const reverb = dsp.reverbCreate(RATE, extreme ? 1 : 0.5);
      const wet = extreme ? 1 : 0.3;
      return sendKernel(dsp, (inL, inR, outL, outR, frames) =>
        dsp.reverbProcess(reverb, inL, inR, outL, outR, frames, wet),
      );
    },
  },
  {
    name: "ping-pong delay",
    blockCaveat: null,
    open(dsp, extreme) {
      const delay = dsp.delayCreate(extreme ? 1 : 700, extreme ? 1 : 0.5);
      const wet = extreme ? 1 : 0.4;
      return sendKernel(dsp, (inL, inR, outL, outR, frames) =>
        dsp.delayProcess(delay, inL, inR, outL, outR, frames, wet),
      );
    },
  },
  {
    name: "resampler",
    blockCaveat: null,
    open(dsp, extreme) {
      const make = () => dsp.resamplerCreate(44_100, extreme ? 8_000 : 48_000);
      const channels = [make(), make()];
      const capacity = dsp.resamplerMaxOutput(channels[0], MAX_BLOCK);
      const input = dsp.alloc(MAX_BLOCK * 4);
      const output = dsp.alloc(capacity * 4);
      const one = (rs: number, samples: Float32Array): Float32Array => {
        new Float32Array(dsp.memory.buffer, input, samples.length).set(samples);
        const written = dsp.resamplerProcess(rs, input, samples.length, output, capacity);
        return new Float32Array(dsp.memory.buffer, output, written).slice();
      };
      return (left, right) => [one(channels[0], left), one(channels[1], right)];
    },
  },
  {
    name: "stretcher",
    blockCaveat: null,
    open(dsp, extreme, [left, right]) {
      const st = dsp.stretcherCreate(RATE, 2, MAX_BLOCK);
      // The stretcher reads its input from a source it is given whole, at random access.
      const source = buffers(dsp);
      source.write(left, right);
      dsp.stretcherSetSource(st, source.left, source.right, 0, left.length);
      dsp.stretcherSetStretch(st, extreme ? 128 : 1.3);
      dsp.stretcherSetTransposition(st, extreme ? 24 : 3, extreme ? 1 : 0);
      dsp.stretcherSeek(st, 0);
      const out = buffers(dsp);
      return (blockL) => {
        dsp.stretcherProcess(st, out.left, out.right, blockL.length);
        return out.read(blockL.length);
      };
    },
  },
  {
    name: "synth voices (a stem)",
    blockCaveat:
      "the stem renders its voices, sends and bus in chunks of what each call asks for (up to 8192 " +
      "frames), and its control rates step per chunk: renders match sample for sample only in " +
      "8192-frame calls, which is how the generator calls it",
    open(dsp, extreme) {
      const notes = [
        { start: 0, length: 1500, pitch: 48, velocity: 0.9, instrument: 0 },
        { start: 1000, length: 2000, pitch: extreme ? 127 : 60, velocity: extreme ? 1 : 0.7, instrument: 0 },
        { start: 2500, length: 3000, pitch: extreme ? 0 : 67, velocity: 0.8, instrument: 0 },
      ];
      const stem = dsp.stemCreate(RATE, 7, notes.length, 0);
      dsp.stemAddInstrument(stem, 0, extreme ? 100 : 0.8, extreme ? 1 : -0.2, 0);
      dsp.stemSetReverb(stem, extreme ? 1 : 0.4, extreme ? 1 : 0.2);
      dsp.stemSetDelay(stem, extreme ? 1 : 6000, extreme ? 1 : 0.3, extreme ? 1 : 0.2);
      dsp.stemSetCompressor(stem, extreme ? -100 : -12, extreme ? 100 : 3);
      writeStemNotes(dsp, stem, notes);
      // The stem makes its own sound from its notes: the input is not used.
      return (left) => {
        const frames = dsp.stemRender(stem, left.length);
        return [
          new Float32Array(dsp.memory.buffer, dsp.stemOutputLeft(stem), frames).slice(),
          new Float32Array(dsp.memory.buffer, dsp.stemOutputRight(stem), frames).slice(),
        ];
      };
    },
  },
];

/** Kernels that make sound from the input (all but the stem, whose sound is its notes). */
const FILTERS = KERNELS.filter((kernel) => kernel.name !== "synth voices (a stem)");

function badSamples(samples: Float32Array): { nonFinite: number; subnormal: number } {
  let nonFinite = 0;
  let subnormal = 0;
  for (const x of samples) {
    if (!Number.isFinite(x)) nonFinite++;
    else if (x !== 0 && Math.abs(x) < SMALLEST_NORMAL) subnormal++;
  }
  return { nonFinite, subnormal };
}

const peak = (samples: Float32Array, from = 0): number => {
  let max = 0;
  for (let i = from; i < samples.length; i++) max = Math.max(max, Math.abs(samples[i]));
  return max;
};

describe.each(KERNELS)("DSP contract: $name", (kernel) => {
  const input = testSignal(FRAMES);

  it("gives the same output, bit for bit, for the same input", () => {
    const a = run(kernel, input, 128);
    const b = run(kernel, input, 128);
    expect(peak(a[0])).toBeGreaterThan(0);
    expect(Buffer.from(a[0].buffer).equals(Buffer.from(b[0].buffer))).toBe(true);
    expect(Buffer.from(a[1].buffer).equals(Buffer.from(b[1].buffer))).toBe(true);
  });

  it.each(BLOCK_SIZES)(
    "gives in blocks of %i frames what one long block gives, where it promises to",
    (block) => {
      const whole = run(kernel, input, FRAMES);
      const cut = run(kernel, input, block);
      if (kernel.blockCaveat === null) {
        expect(cut[0]).toEqual(whole[0]);
        expect(cut[1]).toEqual(whole[1]);
      } else {
        // No promise of equal samples: still the same length, finite, and the same sound in level.
        expect(kernel.blockCaveat).not.toBe("");
        expect(cut[0].length).toBe(whole[0].length);
        expect(badSamples(cut[0]).nonFinite + badSamples(cut[1]).nonFinite).toBe(0);
        expect(peak(cut[0])).toBeCloseTo(peak(whole[0]), 0);
      }
    },
  );

  it("keeps extreme parameters and loud input free of NaN, infinities and subnormal numbers", () => {
    const loud = testSignal(FRAMES, 1e6);
    for (const block of [1, 128]) {
      const [left, right] = run(kernel, loud, block, true, 8 * FRAMES);
      for (const channel of [left, right])
        expect(badSamples(channel)).toEqual({ nonFinite: 0, subnormal: 0 });
    }
  });
});

describe.each(FILTERS)("DSP contract, silence: $name", (kernel) => {
  it("gives silence for silence", () => {
    const silence: Stereo = [new Float32Array(FRAMES), new Float32Array(FRAMES)];
    for (const channel of run(kernel, silence, 128)) expect(peak(channel)).toBe(0);
  });

  it("lets a sound's tail die away once the input is silent", () => {
    // Effects ring on (the reverb, the delay's echoes, the limiter's lookahead): their tail must end.
    const [left, right] = run(kernel, testSignal(FRAMES), 128, false, 64 * FRAMES);
    const end = left.length - FRAMES;
    expect(Math.max(peak(left, end), peak(right, end))).toBeLessThan(1e-6);
  });
});

describe("DSP contract: the engine's mix (clip voices, fades, track strips, master)", () => {
  // The engine renders whole 128-frame quanta (engineRender takes no frame count), so its block
  // size is fixed by the ABI: the other promises are held here.
  const patches = (value: number, extreme: boolean) => [
    { op: "source", slot: 0, frames: RATE, data: [Float32Array.from(testSignal(RATE, value)[0])] } as const,
    {
      ...track(0, { amplitude: extreme ? 1e6 : 1, balance: extreme ? 1 : 0 }),
      eq: {
        enabled: extreme,
        stages: Array.from({ length: 6 }, (_, stage) => ({
          enabled: true,
          frequency: stage % 2 === 0 ? 10 : 30_000,
          q: stage % 2 === 0 ? 0.01 : 100,
          gain: stage % 2 === 0 ? 60 : -60,
        })),
      },
    },
    clip(0, { end: RATE / 2, fadeIn: RATE / 8, fadeOut: RATE / 8, amplitude: extreme ? 1e6 : 1 }),
  ];

  it("gives the same output for the same input, silence for silence, and a clean end", () => {
    const a = render(patches(0.5, false), RATE);
    const b = render(patches(0.5, false), RATE);
    expect(peak(a.left)).toBeGreaterThan(0);
    expect(a.left).toEqual(b.left);
    expect(a.right).toEqual(b.right);
    const silent = render(patches(0, false), RATE);
    expect(Math.max(peak(silent.left), peak(silent.right))).toBe(0);
    // After the clip ends there is nothing left to play.
    expect(peak(a.left, RATE / 2 + 256)).toBe(0);
  });

  it("keeps extreme gains and EQ free of NaN, infinities and subnormal numbers", () => {
    const out = render(patches(1e6, true), RATE);
    for (const channel of [out.left, out.right])
      expect(badSamples(channel)).toEqual({ nonFinite: 0, subnormal: 0 });
  });
});
