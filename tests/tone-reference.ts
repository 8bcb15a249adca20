/** The analytic sine the tone must match: gain * sin(2 pi f n / sr). */
export function referenceTone(
  frames: number,
  sampleRate: number,
  frequencyHz: number,
  gain: number,
): Float64Array {
  const out = new Float64Array(frames);
  for (let n = 0; n < frames; n++) out[n] = gain * Math.sin((2 * Math.PI * frequencyHz * n) / sampleRate);
  return out;
}

export function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}
