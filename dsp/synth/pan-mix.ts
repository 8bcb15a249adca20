// Mixing a mono signal into the stem's planar stereo pair at a pan's two gains: the one
// multiply-add per channel every voice and drum ends with (the f32x4 form the same per lane).

/** Adds y * gainL and y * gainR into the frame at byte offset `at` of left and right. */
export function addPanned(left: usize, right: usize, at: usize, y: f32, gainL: f32, gainR: f32): void {
  store<f32>(left + at, load<f32>(left + at) + y * gainL);
  store<f32>(right + at, load<f32>(right + at) + y * gainR);
}

/** The same for four frames: y, gainL and gainR are f32x4. */
// biome-ignore lint/complexity/noStaticOnlyClass: asc warns (AS112) on an exported function taking v128, not on a static.
export class Panned4 {
  @inline static add(left: usize, right: usize, at: usize, y: v128, gainL: v128, gainR: v128): void {
    v128.store(left + at, f32x4.add(v128.load(left + at), f32x4.mul(y, gainL)));
    v128.store(right + at, f32x4.add(v128.load(right + at), f32x4.mul(y, gainR)));
  }
}
