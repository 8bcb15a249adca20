import { whiteNoise } from "./noise.ts";

// Synthetic music for the beat tracker with exact ground truth: beats come from a tempo curve
// (drift, rubato), instruments are placed in beats (so swing and syncopation are positions
// between beats) and rendered to mono PCM. Every piece is deterministic.

export const MUSIC_RATE = 22_050;

export interface Piece {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
  /** The beats a listener taps, in seconds. */
  readonly beats: number[];
  /** The beats that start bars. */
  readonly downbeats: number[];
  readonly beatsPerBar: number;
}

/**
 * Beat times of `count` beats: the tempo (BPM) at beat k is `bpm(k)`, so drift and rubato are
 * curves over beats.
 */
export function beatTimes(count: number, bpm: (beat: number) => number, start = 0.3): number[] {
  const times = [start];
  for (let k = 1; k < count; k++) times.push(times[k - 1] + 60 / bpm(k - 0.5));
  return times;
}

/** Seconds at a fractional beat position, linear between beats and extended past the last. */
export function timeAt(beats: readonly number[], position: number): number {
  const k = Math.max(0, Math.min(beats.length - 2, Math.floor(position)));
  return beats[k] + (position - k) * (beats[k + 1] - beats[k]);
}

const noiseBank = whiteNoise(MUSIC_RATE, 29);

/**
 * A player's timing: each hit lands off the grid by up to about `jitter` seconds (uniform, the
 * same for every note of one chord), `lag` seconds late on average (a laid-back drummer, a bass
 * player ahead of the beat).
 */
export interface Feel {
  readonly jitter: number;
  readonly lag?: number;
}

/** Deterministic uniform value in [-1, 1) of a beat position and an instrument. */
function hashed(position: number, salt: number): number {
  let s = (Math.round(position * 960) * 2654435761 + salt * 40503) >>> 0;
  s = Math.imul(s ^ (s >>> 15), s | 1);
  s ^= s + Math.imul(s ^ (s >>> 7), s | 61);
  return ((s ^ (s >>> 14)) >>> 0) / 2 ** 31 - 1;
}

/** A mono buffer instruments add into at fractional beat positions. */
export class Score {
  readonly x: Float32Array;
  constructor(
    readonly beats: readonly number[],
    seconds: number,
    readonly feel: Feel = { jitter: 0 },
  ) {
    this.x = new Float32Array(Math.round(seconds * MUSIC_RATE));
  }

  /** Where a hit at `position` lands, in seconds: the grid moved by the player's feel. */
  private when(position: number, salt: number): number {
    const { jitter, lag = 0 } = this.feel;
    return timeAt(this.beats, position) + lag + jitter * hashed(position, salt);
  }

  private add(at: number, length: number, f: (i: number) => number): void {
    const start = Math.round(at * MUSIC_RATE);
    for (let i = 0; i < length && start + i < this.x.length; i++)
      if (start + i >= 0) this.x[start + i] += f(i);
  }

  /** A kick: a decaying 55 Hz sine with a falling pitch. */
  kick(position: number, gain = 0.6): void {
    const r = MUSIC_RATE;
    this.add(this.when(position, 1), 0.2 * r, (i) => {
      const phase = 2 * Math.PI * (50 * i + 40 * 0.01 * r * (1 - Math.exp(-i / (0.01 * r))));
      return gain * Math.sin(phase / r) * Math.exp(-i / (0.06 * r));
    });
  }

  /** A snare: a noise burst with a 190 Hz body. */
  snare(position: number, gain = 0.35): void {
    const r = MUSIC_RATE;
    const offset = Math.floor(position * 997) % (r / 2);
    this.add(this.when(position, 2), 0.15 * r, (i) => {
      const body = 0.5 * Math.sin((2 * Math.PI * 190 * i) / r) * Math.exp(-i / (0.02 * r));
      return gain * (noiseBank[offset + i] * Math.exp(-i / (0.04 * r)) + body);
    });
  }

  /** A closed hi-hat: a short burst of differenced (bright) noise. */
  hat(position: number, gain = 0.12): void {
    const r = MUSIC_RATE;
    const offset = Math.floor(position * 613) % (r / 2);
    this.add(this.when(position, 3), 0.04 * r, (i) => {
      const bright = noiseBank[offset + i + 1] - noiseBank[offset + i];
      return gain * bright * Math.exp(-i / (0.008 * r));
    });
  }

  /** A ride cymbal: bright noise with a long decay and a bell's inharmonic partials. */
  ride(position: number, gain = 0.08): void {
    const r = MUSIC_RATE;
    const offset = Math.floor(position * 389) % (r / 2);
    this.add(this.when(position, 5), 0.3 * r, (i) => {
      const bright = noiseBank[offset + i + 1] - noiseBank[offset + i];
      const bell = Math.sin((2 * Math.PI * 3150 * i) / r) + 0.7 * Math.sin((2 * Math.PI * 4720 * i) / r);
      return gain * (bright + 0.3 * bell) * Math.exp(-i / (0.12 * r));
    });
  }

  /**
   * A tone of harmonics (1/h amplitudes) at MIDI `note`, `beatsLong` beats long, with an attack of
   * `attack` seconds and an exponential decay `decay` seconds long.
   */
  tone(position: number, note: number, beatsLong: number, gain: number, attack = 0.005, decay = 0.6): void {
    const r = MUSIC_RATE;
    const at = this.when(position, 4);
    const seconds = timeAt(this.beats, position + beatsLong) - at;
    const f = 440 * 2 ** ((note - 69) / 12);
    const harmonics = Math.max(1, Math.min(6, Math.floor(5000 / f)));
    const length = Math.round(seconds * r);
    const release = 0.03 * r;
    this.add(at, length, (i) => {
      let v = 0;
      for (let h = 1; h <= harmonics; h++) v += Math.sin((2 * Math.PI * f * h * i) / r) / h;
      const envelope =
        Math.min(1, i / (attack * r)) * Math.exp(-i / (decay * r)) * Math.min(1, (length - i) / release);
      return gain * v * envelope;
    });
  }

  /** A chord of MIDI notes. */
  chord(
    position: number,
    notes: readonly number[],
    beatsLong: number,
    gain: number,
    attack = 0.005,
    decay = 0.8,
  ): void {
    for (const n of notes) this.tone(position, n, beatsLong, gain, attack, decay);
  }
}

/** I-vi-IV-V in C, one chord a bar: triads and their roots two octaves down. */
export const PROGRESSION = [
  [60, 64, 67],
  [57, 60, 64],
  [53, 57, 60],
  [55, 59, 62],
];

/** A finished piece: the truth is the beats inside the audio, bar starts every `beatsPerBar`. */
export function piece(score: Score, beatsPerBar: number, firstBarBeat = 0): Piece {
  const seconds = score.x.length / MUSIC_RATE;
  const inside = (t: number) => t < seconds - 0.1;
  const beats = score.beats.filter(inside);
  const downbeats = beats.filter((_, k) => (k - firstBarBeat) % beatsPerBar === 0 && k >= firstBarBeat);
  return { channels: [score.x], sampleRate: MUSIC_RATE, beats, downbeats, beatsPerBar };
}

/**
 * A piece of bars over a tempo curve (BPM at each beat; `fastest` bounds it, so enough beats are
 * made): `play` writes each bar from its first beat, with the progression's chord for it.
 */
export function compose(
  seconds: number,
  tempo: (beat: number) => number,
  fastest: number,
  beatsPerBar: number,
  play: (score: Score, first: number, chord: readonly number[], bar: number) => void,
  feel?: Feel,
): Piece {
  const score = new Score(beatTimes(Math.ceil((seconds * fastest) / 60) + 2, tempo), seconds, feel);
  for (let bar = 0; bar * beatsPerBar < score.beats.length; bar++) {
    play(score, beatsPerBar * bar, PROGRESSION[bar % 4], bar);
  }
  return piece(score, beatsPerBar);
}

/**
 * A speaking voice writing syllables into `x`: pitched voicing (a fundamental and its octave) mixed
 * with breath (white noise through a one-pole low-pass of coefficient `smoothing`).
 */
export class Voice {
  private lowpass = 0;
  constructor(
    readonly x: Float32Array,
    private readonly noise: Float32Array,
    private readonly smoothing: number,
  ) {}

  /**
   * A syllable of `n` samples from sample `start` at `f0` Hz: a half-sine envelope raised to
   * `sharpness` (2 gives quicker onsets), `breath` of it noise and the rest voice.
   */
  syllable(start: number, n: number, f0: number, gain: number, breath: number, sharpness: number): void {
    const r = MUSIC_RATE;
    const { x, noise } = this;
    for (let i = 0; i < n && start + i < x.length; i++) {
      const envelope = Math.sin((Math.PI * i) / n) ** sharpness;
      this.lowpass += this.smoothing * (noise[start + i] - this.lowpass);
      const voice = Math.sin((2 * Math.PI * f0 * i) / r) + 0.5 * Math.sin((4 * Math.PI * f0 * i) / r);
      x[start + i] += gain * envelope * ((1 - breath) * voice + breath * this.lowpass);
    }
  }
}
