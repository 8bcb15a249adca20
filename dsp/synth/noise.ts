// Seeded integer noise (xorshift32): the generator must give the same bytes on every run and machine,
// so nothing here may depend on a clock or on Math.random.

@unmanaged
export class Noise {
  state: u32;

  constructor(seed: u32) {
    this.state = 1;
    this.seed(seed);
  }

  /** Zero would lock xorshift at zero: it is mapped to a fixed odd constant. */
  seed(seed: u32): void {
    this.state = seed == 0 ? 0x9e3779b9 : seed;
  }

  /** Uniform in [-1, 1). */
  @inline
  next(): f32 {
    let x = this.state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    this.state = x;
    return <f32>(<i32>x) * (1.0 / 2147483648.0);
  }
}

/** Mixes a seed with an index (note number, voice slot) into a well-spread new seed (murmur3's finaliser). */
export function mixSeed(seed: u32, index: u32): u32 {
  let h = seed ^ (index * 0x9e3779b9);
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;
  return h;
}
