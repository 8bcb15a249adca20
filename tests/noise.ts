/** Deterministic uniform noise in [-1, 1) (mulberry32): the same on every machine and run. */
export function whiteNoise(frames: number, seed: number): Float32Array {
  const x = new Float32Array(frames);
  let s = seed >>> 0;
  for (let n = 0; n < frames; n++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    x[n] = ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  }
  return x;
}
