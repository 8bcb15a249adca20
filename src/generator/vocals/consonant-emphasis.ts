// Consonants a listener can hear: eSpeak speaks them softly beside its vowels, and a sung vowel is
// held far longer than a spoken one, so the consonants of each spoken word are raised before it is
// sung (with short ramps, so no click), as a singer articulates them harder than in speech.
import type { SpokenWord } from "./speech-protocol.ts";
import { isVowelPhoneme } from "./syllable-split.ts";

/** About +4 dB on consonants. */
export const CONSONANT_GAIN = 1.6;
const RAMP_SECONDS = 0.005;

/** A copy of the word's samples (at `sampleRate`) with its consonants raised. */
export function emphasiseConsonants(
  word: SpokenWord,
  samples: Float32Array,
  sampleRate: number,
): Float32Array {
  const gains = new Float32Array(samples.length).fill(1);
  const ramp = Math.max(1, Math.round(RAMP_SECONDS * sampleRate));
  word.phonemes.forEach((phoneme, i) => {
    if (isVowelPhoneme(phoneme.name)) return;
    const from = Math.round(phoneme.start * sampleRate);
    const next = word.phonemes[i + 1];
    const to = Math.min(samples.length, Math.round((next ? next.start : word.end) * sampleRate));
    for (let n = Math.max(0, from - ramp); n < Math.min(samples.length, to + ramp); n++) {
      const edge = Math.min(1, (n - (from - ramp)) / ramp, (to + ramp - n) / ramp);
      gains[n] = Math.max(gains[n], 1 + (CONSONANT_GAIN - 1) * Math.max(0, edge));
    }
  });
  return samples.map((sample, n) => sample * gains[n]);
}
