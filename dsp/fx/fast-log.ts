// log2 and exp2 from the f32 bit layout plus a short polynomial: within 1e-4 (about 0.0006 dB when
// used for levels), and cheap enough for a gain computer running every sample.

export function fastLog2(x: f32): f32 {
  const bits = reinterpret<i32>(x);
  const exponent = <f32>(((bits >> 23) & 0xff) - 127);
  const m = reinterpret<f32>((bits & 0x7fffff) | 0x3f800000);
  return exponent + (-1.7417939 + (2.8212026 + (-1.4699568 + (0.44717955 - 0.056570851 * m) * m) * m) * m);
}

/** 2^x for x in [-126, 127]. */
export function fastExp2(x: f32): f32 {
  const clamped = min<f32>(127, max<f32>(-126, x));
  const whole = Mathf.floor(clamped);
  const f = clamped - whole;
  const p: f32 = 1.0 + f * (0.69583356 + f * (0.22606716 + f * 0.078024521));
  return reinterpret<f32>(reinterpret<i32>(p) + ((<i32>whole) << 23));
}
