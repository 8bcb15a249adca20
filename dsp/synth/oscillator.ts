// Band-limited oscillators by polyBLEP (Valimaki and Huovilainen, 2007): a naive saw or square with
// a two-sample polynomial residual smoothing each jump, which pushes the aliases of the steps far
// down at a few operations per sample. Phases are in cycles, [0, 1); four samples are made at once,
// in f32x4 lanes.

/** Next phase: t + dt wrapped into [0, 1) (dt < 1). */
export function advancePhase(t: f64, dt: f64): f64 {
  const next = t + dt;
  return next >= 1.0 ? next - 1.0 : next;
}

/**
 * Writes (or, with accumulate, adds) gain times a saw (or a square) to `frames` f32 at out, from
 * `phase` on at `step` cycles per sample; returns the phase after them. out must have room for
 * `frames` rounded up to a multiple of 4.
 */
export function fillOscillator(
  out: usize,
  frames: i32,
  phase: f64,
  step: f64,
  square: bool,
  gain: f32,
  accumulate: bool,
): f64 {
  const dt = f32x4.splat(<f32>step);
  const lanes = f32x4.mul(f32x4(0, 1, 2, 3), dt);
  const g = f32x4.splat(gain);
  let p = phase;
  for (let i = 0; i < frames; i += 4) {
    const t = fraction4(f32x4.add(f32x4.splat(<f32>p), lanes));
    let x = f32x4.mul(oscillator4(t, dt, square), g);
    const at = out + ((<usize>i) << 2);
    if (accumulate) x = f32x4.add(v128.load(at), x);
    v128.store(at, x);
    // A last partial group advances by the frames it covers only.
    const next = p + <f64>min(4, frames - i) * step;
    p = next - Math.floor(next);
  }
  return p;
}

function fraction4(p: v128): v128 {
  return f32x4.sub(p, f32x4.floor(p));
}

/** The polyBLEP residual on four phases in [0, 1) at increment dt. */
function polyBlep4(t: v128, dt: v128): v128 {
  const one = f32x4.splat(1);
  const early = f32x4.div(t, dt);
  const late = f32x4.div(f32x4.sub(t, one), dt);
  // 2x - x^2 - 1 just after the step, x^2 + 2x + 1 just before it, 0 elsewhere.
  const after = f32x4.sub(f32x4.sub(f32x4.add(early, early), f32x4.mul(early, early)), one);
  const before = f32x4.add(f32x4.add(f32x4.mul(late, late), f32x4.add(late, late)), one);
  const isAfter = f32x4.lt(t, dt);
  const isBefore = f32x4.gt(t, f32x4.sub(one, dt));
  return v128.bitselect(after, v128.and(before, isBefore), isAfter);
}

/** A rising saw in [-1, 1] (jumping down as the phase wraps), or a square, at four phases. */
function oscillator4(t: v128, dt: v128, square: bool): v128 {
  const one = f32x4.splat(1);
  if (!square) return f32x4.sub(f32x4.sub(f32x4.add(t, t), one), polyBlep4(t, dt));
  const half = fraction4(f32x4.add(t, f32x4.splat(0.5)));
  const naive = v128.bitselect(one, f32x4.splat(-1), f32x4.lt(t, f32x4.splat(0.5)));
  return f32x4.sub(f32x4.add(naive, polyBlep4(t, dt)), polyBlep4(half, dt));
}
