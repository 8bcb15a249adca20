// The few Python/numpy numeric conventions the dspbench port depends on, where JS differs:
// round-half-even rounding, numpy's pairwise summation, median/percentile, argmax and searchsorted.

/** Python's round(x) to an integer: ties go to the even neighbour. */
export function pyRoundInt(x: number): number {
  let r = Math.round(x);
  if (r - x === 0.5 && r % 2 !== 0) r -= 1;
  return r;
}

/**
 * Python's round(x, digits) for 1 <= digits <= 15: the nearest double to the decimal rounding of x's
 * exact value, ties to even. A double is an exact tie at d digits only when x * 2^(d+1) is an odd
 * integer (e.g. 0.125 at 2 digits), which is how ties are told apart from values merely near one.
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const scaled = x * 2 ** (digits + 1);
  if (Number.isInteger(scaled) && Math.abs(scaled) % 2 === 1) {
    const factor = 10 ** digits;
    const down = Math.floor(x * factor);
    const pick = down % 2 === 0 ? down : down + 1;
    return Number((pick / factor).toFixed(digits));
  }
  return Number(x.toFixed(digits));
}

/** numpy's pairwise sum of a[start, end) (the exact order its add.reduce uses for contiguous data). */
export function npSum(a: ArrayLike<number>, start = 0, end = a.length): number {
  const n = end - start;
  if (n < 8) {
    let res = 0;
    for (let i = start; i < end; i++) res += a[i];
    return res;
  }
  if (n <= 128) {
    let r0 = a[start];
    let r1 = a[start + 1];
    let r2 = a[start + 2];
    let r3 = a[start + 3];
    let r4 = a[start + 4];
    let r5 = a[start + 5];
    let r6 = a[start + 6];
    let r7 = a[start + 7];
    let i = start + 8;
    const last = start + (n - (n % 8));
    for (; i < last; i += 8) {
      r0 += a[i];
      r1 += a[i + 1];
      r2 += a[i + 2];
      r3 += a[i + 3];
      r4 += a[i + 4];
      r5 += a[i + 5];
      r6 += a[i + 6];
      r7 += a[i + 7];
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < end; i++) res += a[i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return npSum(a, start, start + n2) + npSum(a, start + n2, end);
}

export function npMean(a: ArrayLike<number>, start = 0, end = a.length): number {
  return npSum(a, start, end) / (end - start);
}

/** numpy.percentile with the default linear interpolation; NaN anywhere gives NaN, like numpy. */
export function percentile(values: ArrayLike<number>, q: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values);
  for (const v of sorted) if (Number.isNaN(v)) return Number.NaN;
  sorted.sort();
  const pos = (q / 100) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, n - 1);
  const frac = pos - lo;
  // numpy's _lerp: a + (b - a) * t, with the t >= 0.5 branch computed from b for monotonicity
  const a = sorted[lo];
  const b = sorted[hi];
  const diff = b - a;
  return frac >= 0.5 ? b - diff * (1 - frac) : a + diff * frac;
}

export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values);
  for (const v of sorted) if (Number.isNaN(v)) return Number.NaN;
  sorted.sort();
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Python's built-in max over numbers: a NaN first element sticks, a later NaN is skipped. */
export function pyMax(values: readonly number[]): number {
  let best = values[0];
  for (let i = 1; i < values.length; i++) if (values[i] > best) best = values[i];
  return best;
}

/** numpy.argmax over a[start, end): the first maximum; relative to start. */
export function argmax(a: ArrayLike<number>, start = 0, end = a.length): number {
  let best = start;
  for (let i = start + 1; i < end; i++) {
    // numpy treats NaN as the maximum and stops at the first one
    if (Number.isNaN(a[best])) break;
    if (a[i] > a[best] || Number.isNaN(a[i])) best = i;
  }
  return best - start;
}

/** numpy.searchsorted(sorted, v) with side='left'. */
export function searchsorted(sorted: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
