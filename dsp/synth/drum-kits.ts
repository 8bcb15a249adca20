import {
  DRUM_CLAP,
  DRUM_CLOSED_HAT,
  DRUM_COUNT,
  DRUM_CRASH,
  DRUM_HIGH_TOM,
  DRUM_KICK,
  DRUM_LOW_TOM,
  DRUM_OPEN_HAT,
  DRUM_RIDE,
  DRUM_SHAKER,
  DRUM_SNARE,
  KIT_808,
  KIT_ACOUSTIC,
  KIT_COUNT,
  KIT_ELECTRONIC,
  KIT_LOFI,
} from "./patches";
import { SVF_BAND_PASS, SVF_HIGH_PASS, SVF_LOW_PASS } from "./svf";

// Every drum is one model with four parts, each kit and drum setting their own levels and times:
//   tone   a sine swept from toneStart down to toneEnd (time constant toneSweep), plus an optional
//          second partial at tone2Ratio times the pitch, decaying with toneDecay (kick, snare body, toms)
//   noise  seeded white noise, in bursts (claps), through a state-variable filter
//   metal  six square waves at the inharmonic ratios of the TR-808's cymbal, through the same filter
//   click  a sub-millisecond noise tick (the beater)
// Decays are time constants in seconds: the amplitude falls by e in each.

@unmanaged
export class DrumSound {
  level: f32 = 1;
  pan: f32 = 0;
  toneLevel: f32 = 0;
  toneStart: f64 = 100;
  toneEnd: f64 = 100;
  toneSweep: f64 = 0.03;
  toneDecay: f64 = 0.1;
  tone2Level: f32 = 0;
  tone2Ratio: f64 = 1.6;
  noiseLevel: f32 = 0;
  noiseAttack: f64 = 0;
  noiseDecay: f64 = 0.1;
  bursts: i32 = 1;
  burstSpacing: f64 = 0.011;
  burstDecay: f64 = 0.004;
  metalLevel: f32 = 0;
  metalBase: f64 = 400;
  metalDecay: f64 = 0.1;
  filterMode: i32 = SVF_HIGH_PASS;
  filterHz: f64 = 5000;
  filterQ: f64 = 0.7;
  clickLevel: f32 = 0;
  /** Soft-clip drive (1: none). */
  drive: f32 = 1;
}

const sounds: StaticArray<usize> = buildKits();

export function drumSound(kit: i32, drum: i32): DrumSound {
  const k = kit < 0 || kit >= KIT_COUNT ? 0 : kit;
  const d = drum < 0 || drum >= DRUM_COUNT ? 0 : drum;
  return changetype<DrumSound>(unchecked(sounds[k * DRUM_COUNT + d]));
}

function buildKits(): StaticArray<usize> {
  const table = new StaticArray<usize>(KIT_COUNT * DRUM_COUNT);
  for (let kit = 0; kit < KIT_COUNT; kit++) {
    for (let drum = 0; drum < DRUM_COUNT; drum++) {
      const s = new DrumSound();
      unchecked((table[kit * DRUM_COUNT + drum] = changetype<usize>(s)));
      voiceDrum(s, kit, drum);
    }
  }
  return table;
}

function voiceDrum(s: DrumSound, kit: i32, drum: i32): void {
  const acoustic = kit == KIT_ACOUSTIC;
  const electronic = kit == KIT_ELECTRONIC;
  const tr808 = kit == KIT_808;
  const lofi = kit == KIT_LOFI;
  if (drum == DRUM_KICK) {
    s.level = 1;
    s.toneLevel = 1;
    s.toneStart = acoustic ? 115 : electronic ? 165 : tr808 ? 95 : 120;
    s.toneEnd = acoustic ? 52 : electronic ? 48 : tr808 ? 43 : 50;
    s.toneSweep = tr808 ? 0.045 : 0.032;
    s.toneDecay = acoustic ? 0.16 : electronic ? 0.22 : tr808 ? 0.55 : 0.14;
    s.clickLevel = acoustic ? 0.5 : electronic ? 0.35 : tr808 ? 0.12 : 0.3;
    s.noiseLevel = acoustic ? 0.1 : 0;
    s.noiseDecay = 0.02;
    s.filterMode = SVF_LOW_PASS;
    s.filterHz = 2500;
    s.drive = electronic ? 1.6 : tr808 ? 2 : 1;
  } else if (drum == DRUM_SNARE) {
    s.level = 0.8;
    s.toneLevel = tr808 ? 0.6 : 0.5;
    s.toneStart = tr808 ? 250 : 215;
    s.toneEnd = tr808 ? 238 : acoustic ? 185 : 200;
    s.toneSweep = 0.012;
    s.toneDecay = acoustic ? 0.07 : 0.05;
    s.tone2Level = acoustic ? 0.25 : tr808 ? 0.35 : 0.15;
    s.tone2Ratio = tr808 ? 2 : 1.78;
    s.noiseLevel = tr808 ? 0.6 : 0.85;
    s.noiseDecay = acoustic ? 0.13 : tr808 ? 0.085 : 0.1;
    s.filterMode = lofi ? SVF_BAND_PASS : SVF_HIGH_PASS;
    s.filterHz = acoustic ? 1800 : electronic ? 2200 : tr808 ? 3000 : 2600;
    s.filterQ = lofi ? 0.8 : 0.7;
    s.clickLevel = acoustic ? 0.3 : 0.1;
  } else if (drum == DRUM_CLAP) {
    s.level = 0.75;
    s.noiseLevel = 1;
    s.bursts = 3;
    s.noiseDecay = tr808 ? 0.18 : 0.12;
    s.filterMode = SVF_BAND_PASS;
    s.filterHz = acoustic ? 1200 : electronic ? 1000 : tr808 ? 1100 : 1400;
    s.filterQ = 1.5;
  } else if (drum == DRUM_CLOSED_HAT || drum == DRUM_OPEN_HAT) {
    const open = drum == DRUM_OPEN_HAT;
    s.level = open ? 0.32 : 0.3;
    s.pan = 0.3;
    s.noiseLevel = acoustic ? 0.6 : lofi ? 0.8 : 0.3;
    s.metalLevel = acoustic ? 0.3 : lofi ? 0 : tr808 ? 0.8 : 0.6;
    s.metalBase = 410;
    const decay = open ? (acoustic ? 0.3 : 0.22) : acoustic ? 0.035 : 0.03;
    s.noiseDecay = decay;
    s.metalDecay = decay;
    s.filterMode = SVF_HIGH_PASS;
    s.filterHz = lofi ? 6000 : tr808 ? 7500 : 7000;
  } else if (drum == DRUM_LOW_TOM || drum == DRUM_HIGH_TOM) {
    const high = drum == DRUM_HIGH_TOM;
    s.level = 0.7;
    s.pan = high ? 0.25 : -0.35;
    s.toneLevel = 1;
    s.toneStart = (high ? 190 : 125) * (tr808 ? 0.85 : electronic ? 1.2 : 1);
    s.toneEnd = (high ? 150 : 96) * (tr808 ? 0.85 : 1);
    s.toneSweep = 0.06;
    s.toneDecay = tr808 ? 0.35 : 0.22;
    s.noiseLevel = acoustic ? 0.12 : 0.05;
    s.noiseDecay = 0.05;
    s.filterMode = SVF_LOW_PASS;
    s.filterHz = 2000;
    s.clickLevel = acoustic ? 0.15 : 0.05;
  } else if (drum == DRUM_CRASH) {
    s.level = 0.4;
    s.pan = -0.4;
    s.noiseLevel = acoustic ? 0.6 : 0.4;
    s.noiseDecay = lofi ? 0.5 : 0.8;
    s.metalLevel = tr808 ? 0.6 : 0.4;
    s.metalBase = 300;
    s.metalDecay = lofi ? 0.45 : 0.7;
    s.filterMode = SVF_HIGH_PASS;
    s.filterHz = 4500;
  } else if (drum == DRUM_RIDE) {
    s.level = 0.32;
    s.pan = 0.4;
    s.toneLevel = 0.15;
    s.toneStart = 3150;
    s.toneEnd = 3150;
    s.toneDecay = 0.3;
    s.noiseLevel = 0.15;
    s.noiseDecay = 0.3;
    s.metalLevel = 0.5;
    s.metalBase = 520;
    s.metalDecay = 0.45;
    s.filterMode = SVF_HIGH_PASS;
    s.filterHz = 5000;
  } else if (drum == DRUM_SHAKER) {
    s.level = 0.28;
    s.pan = 0.2;
    s.noiseLevel = 1;
    s.noiseAttack = 0.008;
    s.noiseDecay = 0.05;
    s.filterMode = SVF_BAND_PASS;
    s.filterHz = 6000;
    s.filterQ = 1;
  }
}
