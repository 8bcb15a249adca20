// numpy's default_rng(seed) stream, reproduced bit for bit: SeedSequence entropy pooling, the PCG64
// (XSL-RR 128/64) generator, Generator.random/uniform and the ziggurat standard normal. dspbench's drum
// noise and the notes' partial phases come from numpy seeds, so matching the stream makes the TS
// signals the same signals, not merely signals of the same kind. 128-bit arithmetic runs on eight
// 16-bit limbs held in doubles: every partial product and carry stays below 2^53, so it is exact and
// needs no BigInt (which would be ~50x slower for the ~2 million draws a render takes).

import { FI_DOUBLE, KI_DOUBLE, WI_DOUBLE } from "./ziggurat-tables.ts";

// Module-local typed copies: imported bindings can compile to getter calls, too slow per draw.
const KI = Float64Array.from(KI_DOUBLE);
const WI = Float64Array.from(WI_DOUBLE);
const FI = Float64Array.from(FI_DOUBLE);

// SeedSequence constants (numpy/random/bit_generator.pyx).
const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

/** SeedSequence(seed).generate_state(4, uint32 words) for a non-negative integer seed below 2^32. */
export function seedSequenceState(seed: number, words: number): Uint32Array {
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new RangeError(`seed ${seed} not a uint32`);
  let hashConst = INIT_A;
  const hashmix = (value: number): number => {
    let v = (value ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    v = Math.imul(v, hashConst) >>> 0;
    return (v ^ (v >>> 16)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
    return (r ^ (r >>> 16)) >>> 0;
  };
  const entropy = [seed >>> 0];
  const pool = new Uint32Array(POOL_SIZE);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashmix(i < entropy.length ? entropy[i] : 0);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) {
      if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
    }
  }
  const out = new Uint32Array(words);
  let hashB = INIT_B;
  for (let i = 0; i < words; i++) {
    let v = (pool[i % POOL_SIZE] ^ hashB) >>> 0;
    hashB = Math.imul(hashB, MULT_B) >>> 0;
    v = Math.imul(v, hashB) >>> 0;
    out[i] = (v ^ (v >>> 16)) >>> 0;
  }
  return out;
}

const LIMBS = 8;
const TWO16 = 65536;
// PCG's default 128-bit multiplier 0x2360ed051fc65da44385df649fccf645, low limb first.
const MULTIPLIER = [0xf645, 0x9fcc, 0xdf64, 0x4385, 0x5da4, 0x1fc6, 0xed05, 0x2360];

function limbsFromWords(hi64hi: number, hi64lo: number, lo64hi: number, lo64lo: number): number[] {
  return [
    lo64lo & 0xffff,
    lo64lo >>> 16,
    lo64hi & 0xffff,
    lo64hi >>> 16,
    hi64lo & 0xffff,
    hi64lo >>> 16,
    hi64hi & 0xffff,
    hi64hi >>> 16,
  ];
}

/** numpy.random.PCG64 seeded through SeedSequence, as default_rng(seed) builds it. */
export class Pcg64 {
  private readonly state = new Float64Array(LIMBS);
  private readonly inc = new Float64Array(LIMBS);
  private readonly product = new Float64Array(LIMBS);
  /** The last 64-bit output, as two unsigned 32-bit halves. */
  hi = 0;
  lo = 0;

  constructor(seed: number) {
    const w = seedSequenceState(seed, 8);
    // generate_state(4, uint64) views the uint32 words little-endian: u64[k] = w[2k] | w[2k+1] << 32;
    // pcg64_set_seed takes state = u64[0] << 64 | u64[1], increment sequence = u64[2] << 64 | u64[3].
    const initState = limbsFromWords(w[1], w[0], w[3], w[2]);
    const initSeq = limbsFromWords(w[5], w[4], w[7], w[6]);
    // pcg_setseq_128_srandom_r: inc = initseq << 1 | 1; state = 0; step; state += initstate; step.
    let carry = 1;
    for (let i = 0; i < LIMBS; i++) {
      const v = initSeq[i] * 2 + carry;
      carry = Math.floor(v / TWO16);
      this.inc[i] = v - carry * TWO16;
    }
    this.step();
    carry = 0;
    for (let i = 0; i < LIMBS; i++) {
      const v = this.state[i] + initState[i] + carry;
      carry = v >= TWO16 ? 1 : 0;
      this.state[i] = v - carry * TWO16;
    }
    this.step();
  }

  private step(): void {
    const s = this.state;
    const p = this.product;
    for (let k = 0; k < LIMBS; k++) {
      let acc = 0;
      for (let i = 0; i <= k; i++) acc += s[i] * MULTIPLIER[k - i];
      p[k] = acc;
    }
    let carry = 0;
    for (let k = 0; k < LIMBS; k++) {
      const v = p[k] + this.inc[k] + carry;
      // floor, not %: a double modulo is several times slower, and v / 2^16 is exact
      carry = Math.floor(v / TWO16);
      s[k] = v - carry * TWO16;
    }
  }

  /** Advances and leaves the XSL-RR output in hi/lo. */
  next(): void {
    this.step();
    const s = this.state;
    const xlo = ((s[0] + s[1] * TWO16) ^ (s[4] + s[5] * TWO16)) >>> 0;
    const xhi = ((s[2] + s[3] * TWO16) ^ (s[6] + s[7] * TWO16)) >>> 0;
    const rot = s[7] >>> 10;
    if (rot === 0) {
      this.hi = xhi;
      this.lo = xlo;
    } else if (rot < 32) {
      this.lo = ((xlo >>> rot) | (xhi << (32 - rot))) >>> 0;
      this.hi = ((xhi >>> rot) | (xlo << (32 - rot))) >>> 0;
    } else if (rot === 32) {
      this.lo = xhi;
      this.hi = xlo;
    } else {
      const r = rot - 32;
      this.lo = ((xhi >>> r) | (xlo << (32 - r))) >>> 0;
      this.hi = ((xlo >>> r) | (xhi << (32 - r))) >>> 0;
    }
  }

  /** next_double: the top 53 bits of the next output, scaled into [0, 1). */
  nextDouble(): number {
    this.next();
    return ((this.lo >>> 11) + this.hi * 2 ** 21) * 2 ** -53;
  }
}

// numpy's ziggurat_nor_r and its inverse (3.6541528853610087963519472518..., to double precision)
const ZIGGURAT_NOR_R = 3.654152885361009;
const ZIGGURAT_NOR_INV_R = 0.2736612373297583;

/** The subset of numpy.random.Generator that dspbench's synth.py uses. */
export class NumpyGenerator {
  private readonly bits: Pcg64;

  constructor(seed: number) {
    this.bits = new Pcg64(seed);
  }

  random(): number {
    return this.bits.nextDouble();
  }

  uniform(low: number, high: number): number {
    return low + (high - low) * this.bits.nextDouble();
  }

  standardNormal(): number {
    const g = this.bits;
    for (;;) {
      g.next();
      const lo = g.lo;
      const idx = lo & 0xff;
      const negative = ((lo >>> 8) & 1) === 1;
      // bits 9..60 of the output: 23 from the low word, 29 from the high word
      const rabs = (lo >>> 9) + (g.hi & 0x1fffffff) * 2 ** 23;
      let x = rabs * WI[idx];
      if (negative) x = -x;
      if (rabs < KI[idx]) return x;
      if (idx === 0) {
        for (;;) {
          const xx = -ZIGGURAT_NOR_INV_R * Math.log1p(-g.nextDouble());
          const yy = -Math.log1p(-g.nextDouble());
          if (yy + yy > xx * xx) {
            const tailNegative = Math.floor(rabs / 256) % 2 === 1;
            return tailNegative ? -(ZIGGURAT_NOR_R + xx) : ZIGGURAT_NOR_R + xx;
          }
        }
      }
      if ((FI[idx - 1] - FI[idx]) * g.nextDouble() + FI[idx] < Math.exp(-0.5 * x * x)) {
        return x;
      }
    }
  }

  standardNormals(n: number): Float64Array {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = this.standardNormal();
    return out;
  }
}
