import { FEATURE, type FeatureFrames } from "./features.ts";

// Bowed strings, a soft piano under a pedal, voices: their notes start with attacks of 50 to
// 200 ms in a room's reverberation, which the onset strength (the spectrum's rise over 20 ms)
// barely sees. Their pulse is in the note changes: the chroma's rise over LAG_FRAMES (80 ms) is
// a clear peak at each new note however slowly it comes in, and a held or swelling chord gives
// none (the rise floor keeps the frame-to-frame flicker of a steady tone out).

/** Frames over which a note's rise is measured: a slow attack reaches most of its level. */
const LAG_FRAMES = 8;
/** log(1 + COMPRESSION * magnitude): as the onset strength's, logarithmic over the notes' range. */
const COMPRESSION = 100;
/** Rises under this (in log magnitude) are a steady tone's flicker, not a new note. */
const RISE_FLOOR = 0.05;

/**
 * Each frame's note-change strength in standard deviations over the frames: the summed rise of the
 * log chroma over the LAG_FRAMES after it (credited to the frame the rise starts from, where the
 * note begins, not to the frame it ends on). Null when it does not vary.
 */
export function noteChanges(features: FeatureFrames): Float32Array | null {
  const { count, data, stride } = features;
  const out = new Float32Array(count);
  const logs = new Float32Array(count * 12);
  for (let t = 0; t < count; t++) {
    for (let c = 0; c < 12; c++)
      logs[t * 12 + c] = Math.log(1 + COMPRESSION * data[t * stride + FEATURE.chroma + c]);
  }
  let mean = 0;
  for (let t = LAG_FRAMES; t < count; t++) {
    let rise = 0;
    for (let c = 0; c < 12; c++)
      rise += Math.max(0, logs[t * 12 + c] - logs[(t - LAG_FRAMES) * 12 + c] - RISE_FLOOR);
    out[t - LAG_FRAMES] = rise;
    mean += rise / count;
  }
  let variance = 0;
  for (let t = 0; t < count; t++) variance += (out[t] - mean) ** 2 / count;
  const sd = Math.sqrt(variance);
  if (!(sd > 0)) return null;
  for (let t = 0; t < count; t++) out[t] /= sd;
  return out;
}
