import type { Piece } from "./beat-music.ts";
import { whiteNoise } from "./noise.ts";

// What a recording adds to the notes: a room's reverberation (Schroeder's four parallel combs
// and two allpasses), which smears every attack's tail into the next onsets, and a noise floor
// (hiss, air, the audience) that the onset function sees as a steady rise and fall.

/** Comb delays in seconds (mutually prime at 22.05 kHz) and the allpasses after them. */
const COMBS = [0.0297, 0.0371, 0.0411, 0.0437];
const ALLPASSES = [0.005, 0.0017];
const ALLPASS_GAIN = 0.7;

/**
 * The piece as heard in a room: `wet` of its reverberation (decaying by 60 dB in `seconds`)
 * mixed in, and white noise `noiseDb` below full scale. The truth does not move.
 */
export function inRoom(piece: Piece, seconds = 1.2, wet = 0.3, noiseDb = -50): Piece {
  const dry = piece.channels[0];
  const rate = piece.sampleRate;
  const n = dry.length;
  const sum = new Float32Array(n);
  for (const delay of COMBS) {
    const d = Math.round(delay * rate);
    const feedback = 10 ** ((-3 * delay) / seconds);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) y[i] = dry[i] + (i >= d ? feedback * y[i - d] : 0);
    for (let i = 0; i < n; i++) sum[i] += y[i] / COMBS.length;
  }
  let x = sum;
  for (const delay of ALLPASSES) {
    const d = Math.round(delay * rate);
    const y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const delayed = i >= d ? x[i - d] : 0;
      const fed = i >= d ? y[i - d] : 0;
      y[i] = -ALLPASS_GAIN * x[i] + delayed + ALLPASS_GAIN * fed;
    }
    x = y;
  }
  const noise = whiteNoise(n, 97);
  const floor = 10 ** (noiseDb / 20);
  const out = dry.map((v, i) => (1 - wet) * v + wet * x[i] + floor * noise[i]);
  return { ...piece, channels: [out] };
}
