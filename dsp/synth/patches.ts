// ABI: the patch ids are the indices of PATCH_NAMES in src/generator/score.ts, the drum ids those of
// DRUM_IDS in src/generator/render/stem-layout.ts and the kit ids those of DRUM_KITS in score.ts;
// synthPatchCount(), synthDrumCount() and synthKitCount() let the host check the counts.

export const PATCH_PIANO_FM: i32 = 0;
export const PATCH_EPIANO_FM: i32 = 1;
export const PATCH_ORGAN: i32 = 2;
export const PATCH_PAD_SAW: i32 = 3;
export const PATCH_STRINGS_SAW: i32 = 4;
export const PATCH_PLUCK_KS: i32 = 5;
export const PATCH_GUITAR_KS: i32 = 6;
export const PATCH_BELL_FM: i32 = 7;
export const PATCH_LEAD_SQUARE: i32 = 8;
export const PATCH_LEAD_SAW: i32 = 9;
export const PATCH_BASS_SUB: i32 = 10;
export const PATCH_BASS_SAW: i32 = 11;
export const PATCH_BASS_FM: i32 = 12;
export const PATCH_BASS_KS: i32 = 13;
export const PATCH_COUNT: i32 = 14;

export const DRUM_KICK: i32 = 0;
export const DRUM_SNARE: i32 = 1;
export const DRUM_CLAP: i32 = 2;
export const DRUM_CLOSED_HAT: i32 = 3;
export const DRUM_OPEN_HAT: i32 = 4;
export const DRUM_LOW_TOM: i32 = 5;
export const DRUM_HIGH_TOM: i32 = 6;
export const DRUM_CRASH: i32 = 7;
export const DRUM_RIDE: i32 = 8;
export const DRUM_SHAKER: i32 = 9;
export const DRUM_COUNT: i32 = 10;

export const KIT_ACOUSTIC: i32 = 0;
export const KIT_ELECTRONIC: i32 = 1;
export const KIT_808: i32 = 2;
export const KIT_LOFI: i32 = 3;
export const KIT_COUNT: i32 = 4;

/** How a pitched patch makes its sound. */
export const ENGINE_SUBTRACTIVE: i32 = 0;
export const ENGINE_FM: i32 = 1;
export const ENGINE_STRING: i32 = 2;
export const ENGINE_ORGAN: i32 = 3;

export const WAVE_SAW: i32 = 0;
export const WAVE_SQUARE: i32 = 1;
export const WAVE_SINE: i32 = 2;

/** A pitched patch's settings: times in seconds, levels linear. */
@unmanaged
export class Patch {
  engine: i32 = ENGINE_SUBTRACTIVE;
  /** Output level, so that patches at the same velocity sound about equally loud. */
  level: f32 = 1;
  attack: f64 = 0.005;
  decay: f64 = 1;
  sustain: f64 = 1;
  release: f64 = 0.2;
  /** Decay (and release) shorten by this factor per octave above middle C, as real strings and bars do. */
  decayPerOctave: f64 = 1;
  // Subtractive.
  wave: i32 = WAVE_SAW;
  /** Second oscillator's detune in cents (0: one oscillator). */
  detune: f64 = 0;
  /** Sub oscillator (a square an octave down) level. */
  sub: f32 = 0;
  cutoff: f64 = 20000;
  /** Filter cutoff follows the pitch by this share (1: cutoff in harmonics). */
  keyTrack: f64 = 0;
  resonance: f64 = Math.SQRT1_2;
  /** Filter envelope: octaves added at the note start, decaying with this time constant. */
  filterOctaves: f64 = 0;
  filterDecay: f64 = 0.3;
  vibratoCents: f64 = 0;
  vibratoRate: f64 = 5.5;
  vibratoDelay: f64 = 0.3;
  // FM: carrier at ratio 1; modulator at modRatio with index decaying from modIndex to modSustain.
  modRatio: f64 = 1;
  modIndex: f64 = 0;
  modSustain: f64 = 0;
  modDecay: f64 = 0.5;
  /** A second, short modulator (the "tine"): ratio and index, decaying in tineDecay. */
  tineRatio: f64 = 0;
  tineIndex: f64 = 0;
  tineDecay: f64 = 0.05;
  // String.
  stringDecay: f64 = 2;
  brightness: f64 = 0.5;
  pick: f64 = 0;
  // Organ: drawbar levels for ratios 0.5, 1, 1.5, 2, 3, 4 (harmonics 1, 2, 3, 4, 6, 8 of the sub-octave).
  bar16: f32 = 0;
  bar8: f32 = 0;
  bar513: f32 = 0;
  bar4: f32 = 0;
  bar223: f32 = 0;
  bar2: f32 = 0;
}

/** The patch table, built once at start-up. */
const patches: StaticArray<usize> = buildPatches();

export function patchOf(id: i32): Patch {
  return changetype<Patch>(unchecked(patches[id < 0 || id >= PATCH_COUNT ? 0 : id]));
}

function buildPatches(): StaticArray<usize> {
  const table = new StaticArray<usize>(PATCH_COUNT);
  for (let i = 0; i < PATCH_COUNT; i++) unchecked((table[i] = changetype<usize>(new Patch())));
  let p: Patch;

  p = changetype<Patch>(table[PATCH_PIANO_FM]);
  p.engine = ENGINE_FM;
  p.level = 0.95;
  p.attack = 0.002;
  p.decay = 3.5;
  p.sustain = 0;
  p.release = 0.35;
  p.decayPerOctave = 1.6;
  p.modRatio = 1;
  p.modIndex = 1.9;
  p.modSustain = 0.25;
  p.modDecay = 0.6;
  p.tineRatio = 4;
  p.tineIndex = 0.6;
  p.tineDecay = 0.04;

  p = changetype<Patch>(table[PATCH_EPIANO_FM]);
  p.engine = ENGINE_FM;
  p.level = 0.9;
  p.attack = 0.002;
  p.decay = 4;
  p.sustain = 0;
  p.release = 0.3;
  p.decayPerOctave = 1.4;
  p.modRatio = 1;
  p.modIndex = 1.2;
  p.modSustain = 0.15;
  p.modDecay = 0.35;
  p.tineRatio = 14;
  p.tineIndex = 0.9;
  p.tineDecay = 0.03;

  p = changetype<Patch>(table[PATCH_ORGAN]);
  p.engine = ENGINE_ORGAN;
  p.level = 0.36;
  p.attack = 0.006;
  p.decay = 1;
  p.sustain = 1;
  p.release = 0.06;
  p.bar16 = 0.6;
  p.bar8 = 1;
  p.bar513 = 0.5;
  p.bar4 = 0.55;
  p.bar223 = 0.15;
  p.bar2 = 0.25;
  p.vibratoCents = 6;
  p.vibratoRate = 6.7;
  p.vibratoDelay = 0;

  p = changetype<Patch>(table[PATCH_PAD_SAW]);
  p.level = 0.84;
  p.attack = 0.35;
  p.decay = 2;
  p.sustain = 0.8;
  p.release = 1.2;
  p.detune = 9;
  p.cutoff = 1300;
  p.keyTrack = 0.3;
  p.resonance = 0.8;
  p.filterOctaves = 0.8;
  p.filterDecay = 1.2;

  p = changetype<Patch>(table[PATCH_STRINGS_SAW]);
  p.level = 0.9;
  p.attack = 0.18;
  p.decay = 1.5;
  p.sustain = 0.85;
  p.release = 0.6;
  p.detune = 12;
  p.cutoff = 2600;
  p.keyTrack = 0.4;
  p.resonance = 0.6;
  p.filterOctaves = 0.5;
  p.filterDecay = 0.6;
  p.vibratoCents = 12;
  p.vibratoRate = 5.2;
  p.vibratoDelay = 0.35;

  p = changetype<Patch>(table[PATCH_PLUCK_KS]);
  p.engine = ENGINE_STRING;
  p.level = 1.75;
  p.attack = 0.001;
  p.decay = 1;
  p.sustain = 1;
  p.release = 0.15;
  p.stringDecay = 1.2;
  p.decayPerOctave = 1.3;
  p.brightness = 0.75;
  p.pick = 0;

  p = changetype<Patch>(table[PATCH_GUITAR_KS]);
  p.engine = ENGINE_STRING;
  p.level = 1.4;
  p.attack = 0.001;
  p.decay = 1;
  p.sustain = 1;
  p.release = 0.12;
  p.stringDecay = 3;
  p.decayPerOctave = 1.3;
  p.brightness = 0.55;
  p.pick = 0.18;

  p = changetype<Patch>(table[PATCH_BELL_FM]);
  p.engine = ENGINE_FM;
  p.level = 0.7;
  p.attack = 0.001;
  p.decay = 5;
  p.sustain = 0;
  p.release = 1.2;
  p.decayPerOctave = 1.3;
  p.modRatio = 3.5;
  p.modIndex = 2.2;
  p.modSustain = 0.4;
  p.modDecay = 1.2;

  p = changetype<Patch>(table[PATCH_LEAD_SQUARE]);
  p.level = 0.45;
  p.attack = 0.01;
  p.decay = 0.4;
  p.sustain = 0.75;
  p.release = 0.12;
  p.wave = WAVE_SQUARE;
  p.cutoff = 2400;
  p.keyTrack = 0.5;
  p.resonance = 1.1;
  p.filterOctaves = 1.2;
  p.filterDecay = 0.18;
  p.vibratoCents = 18;
  p.vibratoRate = 5.5;
  p.vibratoDelay = 0.25;

  p = changetype<Patch>(table[PATCH_LEAD_SAW]);
  p.level = 1.07;
  p.attack = 0.008;
  p.decay = 0.5;
  p.sustain = 0.7;
  p.release = 0.15;
  p.detune = 7;
  p.cutoff = 2800;
  p.keyTrack = 0.5;
  p.resonance = 1.0;
  p.filterOctaves = 1.5;
  p.filterDecay = 0.2;
  p.vibratoCents = 15;
  p.vibratoRate = 5.8;
  p.vibratoDelay = 0.3;

  p = changetype<Patch>(table[PATCH_BASS_SUB]);
  p.level = 0.57;
  p.attack = 0.004;
  p.decay = 1.5;
  p.sustain = 0.85;
  p.release = 0.08;
  p.wave = WAVE_SINE;

  p = changetype<Patch>(table[PATCH_BASS_SAW]);
  p.level = 0.6;
  p.attack = 0.003;
  p.decay = 0.6;
  p.sustain = 0.7;
  p.release = 0.08;
  p.sub = 0.5;
  p.cutoff = 260;
  p.keyTrack = 0.6;
  p.resonance = 1.3;
  p.filterOctaves = 2.2;
  p.filterDecay = 0.12;

  p = changetype<Patch>(table[PATCH_BASS_FM]);
  p.engine = ENGINE_FM;
  p.level = 0.75;
  p.attack = 0.002;
  p.decay = 1.2;
  p.sustain = 0.6;
  p.release = 0.08;
  p.modRatio = 1;
  p.modIndex = 2.6;
  p.modSustain = 0.7;
  p.modDecay = 0.15;

  p = changetype<Patch>(table[PATCH_BASS_KS]);
  p.engine = ENGINE_STRING;
  p.level = 1.6;
  p.attack = 0.001;
  p.decay = 1;
  p.sustain = 1;
  p.release = 0.08;
  p.stringDecay = 2.5;
  p.decayPerOctave = 1;
  p.brightness = 0.35;
  p.pick = 0.12;
  return table;
}
