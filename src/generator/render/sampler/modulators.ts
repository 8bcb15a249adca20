// A SoundFont zone's generators and modulators at one note's start, turned into what a sample
// voice needs (sample-voice.ts). The generator's songs set no controllers, so every modulator is
// evaluated once, at note-on, with the General MIDI defaults (volume 100, expression 127, pan
// centre, no modulation wheel, pitch wheel centred): velocity and key are the only sources that
// move. The low-frequency oscillators are not played (the parts have no vibrato of their own); the
// volume envelope, attenuation, pan, tuning, loop, the low-pass filter and the modulation
// envelope's sweep of it (a piano's brightness fading as the note rings) are.

import {
  GeneratorTypes as G,
  type Modulator,
  type ModulatorSource,
  type VoiceParameters,
} from "spessasynth_core";

/** A SoundFont envelope's stages in seconds, and its sustain level (0..1). */
export interface Envelope {
  readonly delay: number;
  readonly attack: number;
  readonly hold: number;
  readonly decay: number;
  readonly sustain: number;
  readonly release: number;
}

/** Everything a voice plays a zone's sample with, in plain units; its own fields the volume envelope (sustain as linear gain). */
export interface VoiceSetup extends Envelope {
  /** Sample frames, offsets applied: where playback starts, ends, and loops. */
  readonly start: number;
  readonly end: number;
  readonly loopStart: number;
  readonly loopEnd: number;
  /** 0 no loop, 1 loops, 3 loops until the release then plays on to the end. */
  readonly loopMode: number;
  /** The sample's own rate and the pitch it sounds at this key, as a playback rate at 1 Hz output. */
  readonly sampleRate: number;
  /** Semitones above the sample's recorded pitch (fractions from tuning). */
  readonly semitones: number;
  /** Linear gain from the zone's attenuation and the velocity. */
  readonly gain: number;
  /** -1 (left) .. 1 (right). */
  readonly pan: number;
  /** Low-pass cutoff in absolute cents (13500, about 20 kHz: open) and resonance as a filter Q. */
  readonly cutoffCents: number;
  readonly q: number;
  /** Cents the modulation envelope moves the cutoff at its peak, and that envelope (seconds, sustain 0..1). */
  readonly sweepCents: number;
  readonly sweep: Envelope;
  /** Voices of one exclusive class cut each other off (an open hi-hat choked by a closed one); 0 none. */
  readonly exclusiveClass: number;
}

/**
 * General MIDI's controller defaults, as the 7-bit values modulators read: volume 100, expression
 * full, reverb send 40, and the centred ones (balance, pan, the sound controllers for resonance,
 * release, attack, brightness, decay and vibrato) at 64, which a bipolar modulator reads as zero.
 */
const CONTROLLER_DEFAULTS: Readonly<Record<number, number>> = {
  7: 100,
  8: 64,
  10: 64,
  11: 127,
  71: 64,
  72: 64,
  73: 64,
  74: 64,
  75: 64,
  76: 64,
  77: 64,
  78: 64,
  91: 40,
};
const SOURCE_NONE = 0;
const SOURCE_VELOCITY = 2;
const SOURCE_KEY = 3;
const SOURCE_PITCH_WHEEL = 14;
const SOURCE_PITCH_WHEEL_RANGE = 16;
const CURVE_CONCAVE = 1;
const CURVE_CONVEX = 2;
const CURVE_SWITCH = 3;
const TRANSFORM_ABSOLUTE = 2;

/** A source's raw value as 0..1 at note-on. */
function rawValue(source: ModulatorSource, key: number, velocity: number): number {
  if (source.isCC) return (CONTROLLER_DEFAULTS[source.index] ?? 0) / 128;
  switch (source.index) {
    case SOURCE_NONE:
      return 1;
    case SOURCE_VELOCITY:
      return velocity / 128;
    case SOURCE_KEY:
      return key / 128;
    case SOURCE_PITCH_WHEEL:
      return 0.5;
    case SOURCE_PITCH_WHEEL_RANGE:
      return 2 / 128;
    default:
      return 0;
  }
}

/** The SoundFont curves over 0..1: concave and convex are the spec's 96 dB amplitude laws. */
function curve(type: number, x: number): number {
  const concave = (v: number) => (v >= 1 ? 1 : Math.min(1, (-40 / 96) * Math.log10(1 - v)));
  switch (type) {
    case CURVE_CONCAVE:
      return concave(x);
    case CURVE_CONVEX:
      return 1 - concave(1 - x);
    case CURVE_SWITCH:
      return x >= 0.5 ? 1 : 0;
    default:
      return x;
  }
}

/** A source's value after its direction, polarity and curve: 0..1 unipolar, -1..1 bipolar. */
export function sourceValue(source: ModulatorSource, key: number, velocity: number): number {
  if (!source.isCC && source.index === SOURCE_NONE) return 1;
  let x = rawValue(source, key, velocity);
  if (source.isNegative) x = 1 - x;
  if (!source.isBipolar) return curve(source.curveType, x);
  const centred = 2 * x - 1;
  return centred >= 0 ? curve(source.curveType, centred) : -curve(source.curveType, -centred);
}

/** What one modulator adds to its destination generator at note-on. */
export function modulatorAmount(modulator: Modulator, key: number, velocity: number): number {
  const value =
    sourceValue(modulator.primarySource, key, velocity) *
    sourceValue(modulator.secondarySource, key, velocity) *
    modulator.transformAmount;
  return modulator.transformType === TRANSFORM_ABSOLUTE ? Math.abs(value) : value;
}

/** The modulation envelope's level (0..1, linear segments) while held, `at` seconds into the note. */
function heldSweep(sweep: Envelope, at: number): number {
  let x = at - sweep.delay;
  if (x < 0) return 0;
  if (x < sweep.attack) return x / sweep.attack;
  x -= sweep.attack;
  if (x < sweep.hold) return 1;
  x -= sweep.hold;
  if (x < sweep.decay) return 1 - (1 - sweep.sustain) * (x / sweep.decay);
  return sweep.sustain;
}

/** The modulation envelope's level (0..1) `t` seconds into a note let go at `releasedAt` (or not yet: null). */
export function sweepLevel(sweep: Envelope, t: number, releasedAt: number | null): number {
  if (releasedAt === null || t < releasedAt) return heldSweep(sweep, t);
  const from = heldSweep(sweep, releasedAt);
  return sweep.release > 0 ? Math.max(0, from * (1 - (t - releasedAt) / sweep.release)) : 0;
}

function clampFrame(length: number, frame: number): number {
  return Math.min(length - 1, Math.max(0, Math.round(frame)));
}

const seconds = (timecents: number) => (timecents <= -12000 ? 0 : 2 ** (timecents / 1200));

/** A zone of a note, its generators summed with its modulators at this key and velocity (1-127). */
export function voiceSetup(voice: VoiceParameters, key: number, velocity: number): VoiceSetup {
  const g = Array.from(voice.generators);
  for (const modulator of voice.modulators) {
    if (modulator.destination >= 0) g[modulator.destination] += modulatorAmount(modulator, key, velocity);
  }
  const sample = voice.sample;
  const length = sample.getAudioData().length;
  const coarse = 32768;
  const start = clampFrame(length, g[G.startAddrsOffset] + coarse * g[G.startAddrsCoarseOffset]);
  const end = Math.max(
    start + 1,
    clampFrame(length, length - 1 + g[G.endAddrOffset] + coarse * g[G.endAddrsCoarseOffset]),
  );
  const loopStart = clampFrame(
    length,
    sample.loopStart + g[G.startloopAddrsOffset] + coarse * g[G.startloopAddrsCoarseOffset],
  );
  const loopEnd = clampFrame(
    length,
    sample.loopEnd + g[G.endloopAddrsOffset] + coarse * g[G.endloopAddrsCoarseOffset],
  );
  const root = g[G.overridingRootKey] >= 0 ? g[G.overridingRootKey] : sample.originalKey;
  const playedKey = g[G.keyNum] >= 0 ? g[G.keyNum] : key;
  const semitones =
    ((playedKey - root) * g[G.scaleTuning]) / 100 +
    g[G.coarseTune] +
    (g[G.fineTune] + sample.pitchCorrection) / 100;
  // Key scaling of the envelope: a higher note holds and decays sooner, as a real string does.
  const keyShift = 60 - key;
  const attenuationDb = Math.max(0, g[G.initialAttenuation]) / 10;
  const sustainDb = Math.min(144, Math.max(0, g[G.sustainVolEnv]) / 10);
  const filterQDb = Math.max(0, g[G.initialFilterQ]) / 10;
  return {
    start,
    end,
    loopStart,
    loopEnd: loopEnd > loopStart ? loopEnd : end,
    loopMode: loopEnd > loopStart ? g[G.sampleModes] & 3 : 0,
    sampleRate: sample.sampleRate,
    semitones,
    gain: 10 ** (-attenuationDb / 20),
    pan: Math.min(1, Math.max(-1, g[G.pan] / 500)),
    cutoffCents: Math.min(13500, Math.max(1500, g[G.initialFilterFc])),
    sweepCents: g[G.modEnvToFilterFc],
    sweep: {
      delay: seconds(g[G.delayModEnv]),
      attack: seconds(g[G.attackModEnv]),
      hold: seconds(g[G.holdModEnv] + keyShift * g[G.keyNumToModEnvHold]),
      decay: seconds(g[G.decayModEnv] + keyShift * g[G.keyNumToModEnvDecay]),
      sustain: 1 - Math.min(1000, Math.max(0, g[G.sustainModEnv])) / 1000,
      release: seconds(g[G.releaseModEnv]),
    },
    q: Math.max(Math.SQRT1_2, 10 ** ((filterQDb - 3.01) / 20)),
    delay: seconds(g[G.delayVolEnv]),
    attack: seconds(g[G.attackVolEnv]),
    hold: seconds(g[G.holdVolEnv] + keyShift * g[G.keyNumToVolEnvHold]),
    decay: seconds(g[G.decayVolEnv] + keyShift * g[G.keyNumToVolEnvDecay]),
    sustain: 10 ** (-sustainDb / 20),
    release: seconds(g[G.releaseVolEnv]),
    exclusiveClass: g[G.exclusiveClass],
  };
}
