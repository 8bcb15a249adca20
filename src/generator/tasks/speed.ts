// Adjust Speed: a clip played faster or slower, either keeping its pitch (the wasm stretcher)
// or like a tape or turntable, the pitch moving with the speed (a sample-rate conversion).
import { type DspExports, resamplePcm, stretchAudio } from "../../engine/node.ts";
import type { PcmAudio } from "../song-request.ts";

/** The converter's rates (dsp/resampler.ts): whole Hz from 8 to 192 kHz. */
const MIN_RATE = 8000;
const MAX_RATE = 192000;

/** The multipliers a resample reaches at this rate (0.25..4 at 48 kHz and below). */
function speedRange(sampleRate: number): { min: number; max: number } {
  return { min: Math.max(0.25, MIN_RATE / sampleRate), max: Math.min(4, MAX_RATE / sampleRate) };
}

/** The audio `multiplier` times as fast: its duration divided by the multiplier. */
export function changeSpeed(
  dsp: DspExports,
  audio: PcmAudio,
  multiplier: number,
  keepPitch: boolean,
): PcmAudio {
  const { min, max } = speedRange(audio.sampleRate);
  if (!(multiplier >= min && multiplier <= max)) {
    throw new RangeError(`The speed multiplier must be between ${min} and ${max}, not ${multiplier}`);
  }
  if (multiplier === 1)
    return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice()) };
  if (keepPitch) {
    return {
      sampleRate: audio.sampleRate,
      channels: stretchAudio(dsp, audio.channels, audio.sampleRate, { stretch: 1 / multiplier }),
    };
  }
  // Read as if recorded at rate * multiplier, converted back to the rate: every frequency and
  // the tempo scale together. The rate is rounded to whole Hz, a speed error under 1e-5.
  const playedAt = Math.round(audio.sampleRate * multiplier);
  return {
    sampleRate: audio.sampleRate,
    channels: resamplePcm(dsp, audio.channels, playedAt, audio.sampleRate),
  };
}
