/** Peak of a block in dBFS; silence reads as -Infinity. */
export function peakDbfs(samples: Float32Array): number {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  return 20 * Math.log10(peak);
}

export function formatDbfs(db: number): string {
  return Number.isFinite(db) ? `${db.toFixed(1)} dBFS` : "-∞ dBFS";
}
