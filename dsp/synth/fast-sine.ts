// sin(2 pi p) for a phase p in cycles, by an odd Taylor polynomial on [-1/4, 1/4] after folding:
// at most 4e-6 from the true sine, several times cheaper than Math.sin in wasm, and the oscillators
// call it once or more per sample per voice.

export const TWO_PI: f32 = <f32>(2 * Math.PI);

export function sinCycles(p: f32): f32 {
  let x = p - Mathf.floor(p + 0.5);
  x = x > 0.25 ? 0.5 - x : x < -0.25 ? -0.5 - x : x;
  const t = x * TWO_PI;
  const t2 = t * t;
  return t * (1.0 + t2 * (-1.0 / 6.0 + t2 * (1.0 / 120.0 + t2 * (-1.0 / 5040.0 + t2 * (1.0 / 362880.0)))));
}
