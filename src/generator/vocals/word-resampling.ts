// eSpeak's words brought to the song's rate through one converter for the whole song (setting
// one up per word costs more than converting it). The words go end to end with silence between
// them, each starting on a frame that falls on a whole frame at both rates, so each comes back
// out exactly as if converted alone: the silence is longer than the filter's reach.
import { convert, type DspExports } from "../../engine/node.ts";

/** Silence between words, in seconds: far beyond the converter's taps at any rate. */
const GAP_SECONDS = 0.02;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function resampleWords(
  dsp: DspExports,
  words: readonly Float32Array[],
  fromRate: number,
  toRate: number,
): Float32Array[] {
  if (fromRate === toRate || words.length === 0) return words.map((word) => word.slice());
  const common = gcd(fromRate, toRate);
  const inStep = fromRate / common;
  const outStep = toRate / common;
  const align = (frames: number) => Math.ceil(frames / inStep) * inStep;
  const gap = align(GAP_SECONDS * fromRate);
  const offsets: number[] = [];
  let total = gap;
  for (const word of words) {
    offsets.push(total);
    total += align(word.length) + gap;
  }
  const joined = new Float32Array(total);
  words.forEach((word, i) => {
    joined.set(word, offsets[i]);
  });
  const converted = convert(dsp, fromRate, toRate, joined);
  return words.map((word, i) => {
    const from = (offsets[i] / inStep) * outStep;
    return converted.slice(from, from + Math.round((word.length * toRate) / fromRate));
  });
}
