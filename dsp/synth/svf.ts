// State-variable filter, trapezoidal (Andrew Simper / Cytomic, "Linear trajectory SVF"): stable under
// fast cutoff modulation, and with the cutoff prewarped by tan() its low pass is exactly the bilinear
// transform of the analog prototype, so at Q = 1/sqrt(2) the response at the cutoff is -3.01 dB.

export const SVF_LOW_PASS: i32 = 0;
export const SVF_BAND_PASS: i32 = 1;
export const SVF_HIGH_PASS: i32 = 2;

const STATE_FLOOR: f32 = 1e-20;

@unmanaged
export class Svf {
  // Public so hot loops can hold the coefficients and state in locals (wasm keeps fields in memory).
  a1: f32 = 1;
  a2: f32 = 0;
  a3: f32 = 0;
  k: f32 = <f32>Math.SQRT2;
  ic1: f32 = 0;
  ic2: f32 = 0;

  /** cutoff is clamped below 0.49 of the rate, where tan() would blow up. */
  set(sampleRate: f64, cutoff: f64, q: f64): void {
    const g = Math.tan((Math.PI * min(max(cutoff, 1.0), sampleRate * 0.49)) / sampleRate);
    const k = 1.0 / max(q, 0.05);
    const a1 = 1.0 / (1.0 + g * (g + k));
    this.k = <f32>k;
    this.a1 = <f32>a1;
    this.a2 = <f32>(g * a1);
    this.a3 = <f32>(g * g * a1);
  }

  /** Takes another filter's coefficients, keeping this one's state. */
  copyDesign(other: Svf): void {
    this.a1 = other.a1;
    this.a2 = other.a2;
    this.a3 = other.a3;
    this.k = other.k;
  }

  reset(): void {
    this.ic1 = 0;
    this.ic2 = 0;
  }

  /** Flushes tiny and non-finite state: call once per block, not per sample. */
  @inline
  clean(): void {
    const a = abs(this.ic1);
    const b = abs(this.ic2);
    if (!(a >= STATE_FLOOR && a < 1e30)) this.ic1 = 0;
    if (!(b >= STATE_FLOOR && b < 1e30)) this.ic2 = 0;
  }

  @inline
  lowPass(x: f32): f32 {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v2;
  }
}
