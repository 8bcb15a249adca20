// Four-lane f32 math for the stretcher's per-bin loops, where the scalar Math
// functions (f64, one lane) would cost more than the FFTs. Each is
// a static method of Lanes (a class, as AssemblyScript warns about v128 in
// exported functions), left to the optimiser to inline as before the split.

const HALF_PI: f32 = <f32>(Math.PI / 2);
const PI: f32 = <f32>Math.PI;
const TWO_PI: f32 = <f32>(2 * Math.PI);
const INV_TWO_PI: f32 = <f32>(0.5 / Math.PI);
const TWO_OVER_PI: f32 = <f32>(2 / Math.PI);
// pi/2 split so that q * PIO2_HI is exact for the quadrant counts phases reach.
const PIO2_HI: f32 = 1.5703125;
const PIO2_LO: f32 = 4.8382679e-4;
/** Sign bit of every lane. */
const SIGN: i32 = 0x80000000;

/** The lane-wise functions. */
// biome-ignore lint/complexity/noStaticOnlyClass: AssemblyScript warns (AS112) about exported functions that take v128; static methods it does not.
export class Lanes {
  /** The four lanes in reverse order (a mirrored spectrum's bins). */
  static reverse(v: v128): v128 {
    return f32x4.shuffle(v, v, 3, 2, 1, 0);
  }

  /** atan2(y, x) lane-wise, within 1e-5 rad; atan2(0, 0) is 0. */
  static atan2v(y: v128, x: v128): v128 {
    const ax = f32x4.abs(x);
    const ay = f32x4.abs(y);
    const hi = f32x4.max(ax, ay);
    const lo = f32x4.min(ax, ay);
    // lo / hi in [0, 1]; the tiny floor makes 0/0 a harmless 0.
    const a = f32x4.div(lo, f32x4.add(hi, f32x4.splat(1e-30)));
    const s = f32x4.mul(a, a);
    let p = f32x4.splat(0.0208351);
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-0.085133));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(0.180141));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-0.3302995));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(0.999866));
    let r = f32x4.mul(p, a);
    r = v128.bitselect(f32x4.sub(f32x4.splat(HALF_PI), r), r, f32x4.gt(ay, ax));
    const negX = i32x4.lt_s(x, i32x4.splat(0));
    r = v128.bitselect(f32x4.sub(f32x4.splat(PI), r), r, negX);
    // The sign of y (also of -0) carries over.
    return v128.or(r, v128.and(y, i32x4.splat(SIGN)));
  }

  /** x wrapped into [-pi, pi]. */
  static wrapv(x: v128): v128 {
    return f32x4.sub(x, f32x4.mul(f32x4.nearest(f32x4.mul(x, f32x4.splat(INV_TWO_PI))), f32x4.splat(TWO_PI)));
  }

  /** The quadrant count of x (nearest multiple of pi/2) and x reduced by it into [-pi/4, pi/4]. */
  private static reduce(x: v128): v128 {
    const q = f32x4.nearest(f32x4.mul(x, f32x4.splat(TWO_OVER_PI)));
    return f32x4.sub(f32x4.sub(x, f32x4.mul(q, f32x4.splat(PIO2_HI))), f32x4.mul(q, f32x4.splat(PIO2_LO)));
  }

  private static quadrant(x: v128): v128 {
    return i32x4.trunc_sat_f32x4_s(f32x4.nearest(f32x4.mul(x, f32x4.splat(TWO_OVER_PI))));
  }

  /** sin on [-pi/4, pi/4] (Taylor to r^9: error under 1e-8). */
  private static sinPoly(r: v128): v128 {
    const s = f32x4.mul(r, r);
    let p = f32x4.splat(2.7557319e-6);
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-1.984127e-4));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(8.333333e-3));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-0.16666667));
    return f32x4.add(r, f32x4.mul(f32x4.mul(p, s), r));
  }

  /** cos on [-pi/4, pi/4] (Taylor to r^10). */
  private static cosPoly(r: v128): v128 {
    const s = f32x4.mul(r, r);
    let p = f32x4.splat(-2.7557319e-7);
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(2.4801587e-5));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-1.3888889e-3));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(0.041666667));
    p = f32x4.add(f32x4.mul(p, s), f32x4.splat(-0.5));
    return f32x4.add(f32x4.splat(1.0), f32x4.mul(p, s));
  }

  /** cos(x) lane-wise for |x| up to about 1e4 (phases are kept wrapped, so far less). */
  static cosv(x: v128): v128 {
    const r = Lanes.reduce(x);
    const q = Lanes.quadrant(x);
    const s = Lanes.sinPoly(r);
    const c = Lanes.cosPoly(r);
    // cos(r + q pi/2): q = 0 cos, 1 -sin, 2 -cos, 3 sin.
    const odd = i32x4.ne(v128.and(q, i32x4.splat(1)), i32x4.splat(0));
    const v = v128.bitselect(s, c, odd);
    const flip = i32x4.shl(v128.and(i32x4.add(q, i32x4.splat(1)), i32x4.splat(2)), 30);
    return v128.xor(v, flip);
  }

  /** sin(x) lane-wise, as cosv. */
  static sinv(x: v128): v128 {
    const r = Lanes.reduce(x);
    const q = Lanes.quadrant(x);
    const s = Lanes.sinPoly(r);
    const c = Lanes.cosPoly(r);
    // sin(r + q pi/2): q = 0 sin, 1 cos, 2 -sin, 3 -cos.
    const odd = i32x4.ne(v128.and(q, i32x4.splat(1)), i32x4.splat(0));
    const v = v128.bitselect(c, s, odd);
    const flip = i32x4.shl(v128.and(q, i32x4.splat(2)), 30);
    return v128.xor(v, flip);
  }

  /** log2(x) lane-wise for x > 0 (within 1e-5): exponent bits plus a polynomial in the mantissa. */
  static log2v(x: v128): v128 {
    const bits = x;
    const e = f32x4.convert_i32x4_s(i32x4.sub(i32x4.shr_u(bits, 23), i32x4.splat(127)));
    // Mantissa in [1, 2).
    const m = v128.or(v128.and(bits, i32x4.splat(0x007fffff)), i32x4.splat(0x3f800000));
    const t = f32x4.sub(m, f32x4.splat(1.0));
    let p = f32x4.splat(-0.0260663);
    p = f32x4.add(f32x4.mul(p, t), f32x4.splat(0.12191414));
    p = f32x4.add(f32x4.mul(p, t), f32x4.splat(-0.27736505));
    p = f32x4.add(f32x4.mul(p, t), f32x4.splat(0.45689417));
    p = f32x4.add(f32x4.mul(p, t), f32x4.splat(-0.71789838));
    p = f32x4.add(f32x4.mul(p, t), f32x4.splat(1.44251703));
    return f32x4.add(e, f32x4.mul(p, t));
  }

  /** 2^x lane-wise for |x| < 126 (within 1e-6 relative). */
  static exp2v(x: v128): v128 {
    const c = f32x4.min(f32x4.max(x, f32x4.splat(-126.0)), f32x4.splat(126.0));
    const n = f32x4.floor(c);
    const f = f32x4.sub(c, n);
    let p = f32x4.splat(0.00189438);
    p = f32x4.add(f32x4.mul(p, f), f32x4.splat(0.00894058));
    p = f32x4.add(f32x4.mul(p, f), f32x4.splat(0.05587656));
    p = f32x4.add(f32x4.mul(p, f), f32x4.splat(0.24013169));
    p = f32x4.add(f32x4.mul(p, f), f32x4.splat(0.69315678));
    p = f32x4.add(f32x4.mul(p, f), f32x4.splat(0.99999977));
    const scale = i32x4.shl(i32x4.add(i32x4.trunc_sat_f32x4_s(n), i32x4.splat(127)), 23);
    return f32x4.mul(p, scale);
  }

  /**
   * Per lane, the sign bit where left - right is stronger than left + right
   * (xor it into right to take the side instead of the mid), else 0:
   * |l - r|^2 > |l + r|^2 exactly when Re(l conj r) < 0.
   */
  static sideWins(lr: v128, li: v128, rr: v128, ri: v128): v128 {
    const dot = f32x4.add(f32x4.mul(lr, rr), f32x4.mul(li, ri));
    return v128.and(f32x4.lt(dot, f32x4.splat(0)), i32x4.splat(SIGN));
  }
}
