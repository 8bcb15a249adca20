import { Fft } from "../stretch/fft";

// The stretcher's complex FFT for hosts in JavaScript: the generator's key estimation takes
// chroma from it, so analysis shares the one well-tested transform instead of a second one.

const MIN_SIZE: i32 = 16;
const MAX_SIZE: i32 = 1 << 20;

/** Setup only (allocates): a transform of `size` points, or 0 unless size is a power of two in 16..2^20. */
export function fftCreate(size: i32): usize {
  if (size < MIN_SIZE || size > MAX_SIZE || (size & (size - 1)) != 0) return 0;
  return changetype<usize>(new Fft(size));
}

/** In place on split arrays of `size` f32 each: the unnormalised forward transform, e^(-i). */
export function fftForward(fft: usize, re: usize, im: usize): void {
  changetype<Fft>(fft).forward(re, im);
}

export function fftDestroy(fft: usize): void {
  changetype<Fft>(fft).destroy();
}
