// The breath a singer takes before a phrase: a short, quiet burst of breathy noise (band-limited,
// swelling then falling) that ends just before the phrase's first consonant. A phrase starts where
// the line before it has been silent for at least PHRASE_GAP_SECONDS (or at the first note), so
// the vocals split where nothing is sung breathe as they do whole.
import { hashString, Random } from "../compose/random.ts";

/** A silence at least this long between two notes ends a phrase; shorter ones are sung through. */
export const PHRASE_GAP_SECONDS = 0.3;
/** The breath's length, and how long before the phrase it ends. */
export const BREATH_SECONDS = 0.2;
export const BREATH_LEAD_SECONDS = 0.04;
/** The breath's peak, against the voice's (the stem is normalised afterwards, both together). */
const BREATH_PEAK = 0.025;

/**
 * Adds the breath taken before a phrase starting at frame `phraseStart` to `out`; the noise is
 * keyed by the seed and the phrase's start, so it is the same whichever render sings the phrase.
 */
export function addBreath(out: Float32Array, phraseStart: number, sampleRate: number, seed: number): void {
  const length = Math.round(BREATH_SECONDS * sampleRate);
  const end = phraseStart - Math.round(BREATH_LEAD_SECONDS * sampleRate);
  const random = new Random(hashString(`breath:${phraseStart}`, seed));
  // Band-limited: a one-pole high-pass near 900 Hz, then a one-pole low-pass near 5 kHz.
  const hp = Math.exp((-2 * Math.PI * 900) / sampleRate);
  const lp = 1 - Math.exp((-2 * Math.PI * 5000) / sampleRate);
  let lastIn = 0;
  let high = 0;
  let low = 0;
  for (let i = 0; i < length; i++) {
    const white = random.next() * 2 - 1;
    high = hp * (high + white - lastIn);
    lastIn = white;
    low += lp * (high - low);
    const at = end - length + i;
    if (at < 0 || at >= out.length) continue;
    // Swells over the first 60 %, falls over the rest.
    const x = i / length;
    const envelope =
      x < 0.6 ? Math.sin((Math.PI / 2) * (x / 0.6)) : Math.cos((Math.PI / 2) * ((x - 0.6) / 0.4));
    out[at] += BREATH_PEAK * 2.5 * envelope * envelope * low;
  }
}
