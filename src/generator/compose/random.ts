// The composer's only source of chance: a seeded PRNG (mulberry32), so a request and its seed
// always give the same score. Each musical decision draws from its own stream (`fork`), keyed by
// what it decides, so changing one part (an infill, a repeated chorus) never shifts the others.

/** FNV-1a over a string: stable keys for forked streams. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A new independent stream for one decision, named by `key`. */
  fork(key: string): Random {
    return new Random(hashString(key, this.state ^ 0x9e3779b9));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), this.state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  }

  /** Uniform in [low, high). */
  range(low: number, high: number): number {
    return low + (high - low) * this.next();
  }

  /** Integer in [low, high] inclusive. */
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("Random.pick needs at least one item");
    return items[Math.floor(this.next() * items.length)];
  }
}
