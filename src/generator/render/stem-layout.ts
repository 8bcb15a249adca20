// ABI: mirrors dsp/synth/stem.ts and dsp/synth/patches.ts. Patch ids are indices into PATCH_NAMES
// and kit ids into DRUM_KITS (src/generator/score.ts); drum ids are indices into DRUM_IDS below.

import type { DrumName } from "../score.ts";

/** Bytes per note in the stem's note array: start frame i32, length i32, pitch f32, velocity f32, instrument i32. */
export const STEM_NOTE_BYTES = 20;
/** The most frames one stemRender call writes; renders call for exactly this many (but the last). */
export const STEM_MAX_FRAMES = 8192;
/** The most instruments (parts) one stem plays. */
export const STEM_MAX_INSTRUMENTS = 8;

export const DRUM_IDS: readonly DrumName[] = [
  "kick",
  "snare",
  "clap",
  "closedHat",
  "openHat",
  "lowTom",
  "highTom",
  "crash",
  "ride",
  "shaker",
];
