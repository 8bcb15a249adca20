// Separation quality, as the bench and the tests measure it.
import type { PlanarAudio } from "../../shared/audio/wav.ts";

/**
 * Signal-to-distortion ratio in dB of an estimate against its reference, over every channel:
 * 10 log10(|s|^2 / |s - estimate|^2). The plain definition (no allowed filtering of the
 * reference, unlike BSS Eval's): a gain or delay error counts fully as distortion.
 * Answers -Infinity for a silent reference, Infinity for an exact estimate.
 */
export function sdrDb(reference: PlanarAudio, estimate: PlanarAudio): number {
  let signal = 0;
  let error = 0;
  reference.channels.forEach((channel, c) => {
    const other = estimate.channels[Math.min(c, estimate.channels.length - 1)];
    for (let i = 0; i < channel.length; i++) {
      const s = channel[i];
      const e = s - (other[i] ?? 0);
      signal += s * s;
      error += e * e;
    }
  });
  if (signal === 0) return Number.NEGATIVE_INFINITY;
  return 10 * Math.log10(signal / error);
}

/** Energy (sum of squares) over every channel. */
export function energy(audio: PlanarAudio): number {
  let sum = 0;
  for (const channel of audio.channels) for (const s of channel) sum += s * s;
  return sum;
}
