// The mix engineer's part of a stem: its tone (the DSP core's track EQ: high-pass on everything but
// the low instruments, the bass's sub held back so kick and bass do not mask each other, presence
// and air shelves so the top octave is heard), its place in the stereo field (pans by role, the
// chords double-tracked wide), applied to the stem's output block by block after its sends and ducking.

import type { DspExports } from "../../engine/node.ts";
import type { InstrumentStemName } from "./render-stems.ts";
import { STEM_MAX_FRAMES } from "./stem-layout.ts";

/** Track EQ stage ids (dsp/track-eq.ts): high-pass, low shelf, two peaks, high shelf. */
const HIGH_PASS = 0;
const LOW_SHELF = 1;
const LOW_PEAK = 2;
const HIGH_PEAK = 3;
const HIGH_SHELF = 4;

interface EqStage {
  readonly stage: number;
  readonly hz: number;
  readonly q: number;
  readonly db: number;
}

/**
 * Each stem's EQ. Drums keep the kick's fundamental (50-60 Hz) and a little presence, but no air
 * shelf: the synthesized snare and cymbals carry far more above 7 kHz than the SoundFont kits'
 * samples, so a shelf there would move the sampled kits 3-5 dB off the balance they are levelled to
 * (kit-balance.ts). The bass gives the kick the sub octave (low shelf down) and speaks in the low mids
 * instead; chords and lead are high-passed out of the kick and bass's range, their low mids cleared
 * and their top lifted: the air of the mix comes from them (and the vocals' consonants).
 */
export const STEM_EQ: Record<InstrumentStemName, readonly EqStage[]> = {
  drums: [
    { stage: HIGH_PASS, hz: 30, q: Math.SQRT1_2, db: 0 },
    { stage: LOW_SHELF, hz: 70, q: Math.SQRT1_2, db: -5 },
    { stage: HIGH_PEAK, hz: 3500, q: 0.8, db: 1.5 },
  ],
  bass: [
    { stage: HIGH_PASS, hz: 32, q: Math.SQRT1_2, db: 0 },
    { stage: LOW_SHELF, hz: 90, q: Math.SQRT1_2, db: -7 },
    { stage: LOW_PEAK, hz: 800, q: 0.9, db: 3 },
  ],
  chords: [
    { stage: HIGH_PASS, hz: 150, q: Math.SQRT1_2, db: 0 },
    { stage: LOW_PEAK, hz: 350, q: 1, db: -2 },
    { stage: HIGH_PEAK, hz: 3000, q: 0.8, db: 1.5 },
    { stage: HIGH_SHELF, hz: 6000, q: Math.SQRT1_2, db: 8 },
  ],
  lead: [
    { stage: HIGH_PASS, hz: 200, q: Math.SQRT1_2, db: 0 },
    { stage: HIGH_PEAK, hz: 3000, q: 0.8, db: 2 },
    { stage: HIGH_SHELF, hz: 8000, q: Math.SQRT1_2, db: 5 },
  ],
};

/** How far each stem's parts are spread from the centre they were composed at (pans stay within +-1). */
const PAN_SPREAD: Record<InstrumentStemName, number> = { drums: 1, bass: 0, chords: 2.5, lead: 1.4 };

/** The pan a part of the stem plays at: bass in the middle, chords spread wide, lead off-centre. */
export function placedPan(stem: InstrumentStemName, composedPan: number): number {
  return Math.max(-0.8, Math.min(0.8, composedPan * PAN_SPREAD[stem]));
}

/**
 * The chords' double: the part heard again this much later, added to the left and taken from the
 * right (a side signal), as a second take reaches the ears; long enough to decorrelate the sides,
 * short enough to fuse into one sound. In the mono sum the double cancels exactly, so the chords'
 * pitch content (and a mono listener) hears no comb filter.
 */
export const DOUBLE_TRACK_SECONDS = 0.014;
/**
 * The double's level against the part's mid signal: the chords' own left/right correlation about 0.2
 * ((1 - g^2) / (1 + g^2)), which brings band mixes (centred kick, bass and lead) to about 0.6-0.8.
 */
export const DOUBLE_TRACK_LEVEL = 0.8;

const eqs = new WeakMap<DspExports, Map<string, number>>();

/**
 * The stem's EQ, set and cleared for a new render. EQs are made once per instance, stem and rate
 * (the core keeps every EQ it makes) and reused from render to render.
 */
function stemEq(dsp: DspExports, stem: InstrumentStemName, sampleRate: number): number {
  let byKey = eqs.get(dsp);
  if (!byKey) {
    byKey = new Map();
    eqs.set(dsp, byKey);
  }
  const key = `${stem}@${sampleRate}`;
  let eq = byKey.get(key);
  if (eq === undefined) {
    eq = dsp.eqCreate(sampleRate);
    byKey.set(key, eq);
  }
  for (let stage = 0; stage < 6; stage++) dsp.eqSetStage(eq, stage, 0, 1000, 1, 0);
  for (const s of STEM_EQ[stem]) dsp.eqSetStage(eq, s.stage, 1, s.hz, s.q, s.db);
  dsp.eqReset(eq);
  return eq;
}

/** A stem's EQ and widening, run in place on each block the stem renders (no allocation per block). */
export class StemMix {
  private readonly eq: number;
  /** The mid signal's last `delay` frames, then room for a block: the double's delay line. */
  private readonly delayed: Float32Array | null;
  private readonly delay: number;

  constructor(
    private readonly dsp: DspExports,
    stem: InstrumentStemName,
    sampleRate: number,
  ) {
    this.eq = stemEq(dsp, stem, sampleRate);
    this.delay = stem === "chords" ? Math.round(DOUBLE_TRACK_SECONDS * sampleRate) : 0;
    this.delayed = this.delay > 0 ? new Float32Array(this.delay + STEM_MAX_FRAMES) : null;
  }

  /** EQ, then the double as a side signal, on `frames` frames of the stem's output in wasm memory. */
  process(left: number, right: number, frames: number): void {
    this.dsp.eqProcess(this.eq, left, right, frames);
    const delayed = this.delayed;
    if (!delayed) return;
    const l = new Float32Array(this.dsp.memory.buffer, left, frames);
    const r = new Float32Array(this.dsp.memory.buffer, right, frames);
    const delay = this.delay;
    for (let i = 0; i < frames; i++) delayed[delay + i] = 0.5 * (l[i] + r[i]);
    for (let i = 0; i < frames; i++) {
      const side = DOUBLE_TRACK_LEVEL * delayed[i];
      l[i] += side;
      r[i] -= side;
    }
    delayed.copyWithin(0, frames, frames + delay);
  }
}
