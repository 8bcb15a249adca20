// Port of dspbench's synth.py: deterministic test material and exact ground truths for time-stretch,
// pitch-shift and beat tracking. Same events, envelopes, partials, drums, pans and gains, and the same
// numpy seeds (numpy-random.ts reproduces default_rng bit for bit), so the signals are dspbench's own
// up to float64 rounding: they agree with synth.py's WAVs to within one float32 step.
//
// Music: 4/4 at 120 BPM, C-Am-F-G chords + melody (ten slightly inharmonic partials each, exponential
// decays) + kick/snare/hi-hat. Events are in beats and a renderer maps beats to seconds, so the same
// music renders at any tempo (the stretch ground truth) or with every pitch scaled (the pitch-shift
// ground truth of the tonal part). The ideal stretch by r (output / input duration) scales note on/off
// times and tonal decay constants by r and keeps frequencies, attacks (4 ms), releases (40 ms) and the
// drum waveforms.

import { HAT_HIGHPASS, KICK_CLICK_LOWPASS, SNARE_BANDPASS, sosfilt } from "./iir.ts";
import { NumpyGenerator } from "./numpy-random.ts";
import { pyRound, pyRoundInt } from "./pycompat.ts";

export const SR = 48000;
/** Length of music, piano, drums120 and ramp, in seconds. */
export const DURATION_S = 30;
/** Length of the tones signal, in seconds. */
export const TONES_DURATION_S = 10;

/** Planar stereo, float32 like the WAVs synth.py writes. */
export type Stereo = Float32Array[];

const PROG = [
  [48, 60, 64, 67],
  [45, 57, 60, 64],
  [41, 57, 60, 65],
  [43, 55, 59, 62],
];
const MEL = [
  [72, 76, 79, 76, 74],
  [69, 72, 76, 72, 71],
  [69, 72, 77, 72, 74],
  [67, 71, 74, 71, 74],
];
const MEL_BEATS = [0, 1, 2, 3, 3.5];
const GAIN = 0.5;

export type EventKind = "note" | "kick" | "snare" | "hat";

export interface MusicEvent {
  readonly kind: EventKind;
  readonly beatOn: number;
  readonly beatLen: number;
  readonly midi: number;
  readonly pan: number;
  readonly vel: number;
}

function mtof(m: number): number {
  return 440.0 * 2 ** ((m - 69) / 12);
}

/** synth.events: per bar 8 chord notes, 5 melody notes, 3 kicks, 2 snares, 8 hats, in this order. */
export function events(nbars = 15): MusicEvent[] {
  const ev: MusicEvent[] = [];
  for (let b = 0; b < nbars; b++) {
    const ch = PROG[b % 4];
    for (const hb of [0, 2]) {
      ch.forEach((m, i) => {
        ev.push({ kind: "note", beatOn: 4 * b + hb, beatLen: 1.9, midi: m, pan: -0.4 + 0.25 * i, vel: 0.11 });
      });
    }
    MEL_BEATS.forEach((mb, j) => {
      const ln = mb === 3.5 ? 0.45 : mb === 3 ? 0.5 : 0.9;
      ev.push({ kind: "note", beatOn: 4 * b + mb, beatLen: ln, midi: MEL[b % 4][j], pan: 0.3, vel: 0.13 });
    });
    for (const kb of [0, 2, 2.5])
      ev.push({ kind: "kick", beatOn: 4 * b + kb, beatLen: 0, midi: 0, pan: 0, vel: 0.7 });
    for (const sb of [1, 3])
      ev.push({ kind: "snare", beatOn: 4 * b + sb, beatLen: 0, midi: 0, pan: 0.05, vel: 0.4 });
    for (let k = 0; k < 8; k++) {
      const hb = k * 0.5;
      ev.push({
        kind: "hat",
        beatOn: 4 * b + hb,
        beatLen: 0,
        midi: 0,
        pan: 0.35,
        vel: hb % 1 === 0 ? 0.13 : 0.08,
      });
    }
  }
  return ev;
}

// A drum's waveform depends only on its kind and event index (its seed), not on the tempo: render
// once, reuse in every signal.
const drumCache = new Map<string, Float64Array>();

/** synth.drum(kind, seed): the waveform of one drum hit, before velocity and gain. */
export function drum(kind: Exclude<EventKind, "note">, seed: number): Float64Array {
  const key = `${kind}:${seed}`;
  const cached = drumCache.get(key);
  if (cached) return cached;
  const rng = new NumpyGenerator(1000 + seed);
  let x: Float64Array;
  if (kind === "kick") {
    const n = Math.trunc(0.35 * SR);
    const click = rng.standardNormals(n);
    x = new Float64Array(n);
    let cum = 0;
    for (let j = 0; j < n; j++) {
      const t = j / SR;
      cum += 50 + 110 * Math.exp(-t / 0.03);
      const ph = (2 * Math.PI * cum) / SR;
      x[j] = Math.sin(ph) * Math.exp(-t / 0.18);
      click[j] = click[j] * Math.exp(-t / 0.002) * 0.5;
    }
    const filtered = sosfilt(KICK_CLICK_LOWPASS, click);
    for (let j = 0; j < n; j++) x[j] += filtered[j];
  } else if (kind === "snare") {
    const n = Math.trunc(0.3 * SR);
    const nz = sosfilt(SNARE_BANDPASS, rng.standardNormals(n));
    x = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const t = j / SR;
      const tone = Math.sin(2 * Math.PI * 190 * t) * Math.exp(-t / 0.06) * 0.6;
      x[j] = tone + nz[j] * Math.exp(-t / 0.09) * 0.9;
    }
  } else {
    const n = Math.trunc(0.12 * SR);
    const nz = sosfilt(HAT_HIGHPASS, rng.standardNormals(n));
    x = new Float64Array(n);
    for (let j = 0; j < n; j++) x[j] = nz[j] * Math.exp(-j / SR / 0.025);
  }
  // 0.5 ms anti-click ramp
  const rampLen = 0.0005 * SR;
  for (let j = 0; j < x.length; j++) x[j] *= Math.min(1, j / rampLen);
  drumCache.set(key, x);
  return x;
}

// The partials are rendered as damped complex rotations, re-anchored to synth.py's closed form
// (a sin(2 pi f t + phase) exp(-t / tau)) every RESYNC samples: ~10x faster than a sin and an exp per
// sample, and the recurrence's drift (~1e-13 relative) stays far below the float32 step of the output.
const RESYNC = 512;

/** synth.note: ten inharmonic partials (B = 2e-4) with 4 ms attack and 40 ms release. */
export function note(
  f0In: number,
  durOn: number,
  decayScale: number,
  total: number,
  seed: number,
  semis = 0,
): Float64Array {
  const rng = new NumpyGenerator(seed);
  const f0 = f0In * 2 ** (semis / 12);
  const nOn = pyRoundInt(durOn * SR);
  const n = Math.min(total, nOn + Math.trunc(0.3 * SR));
  if (n <= 0) return new Float64Array(0);
  const tau0 = 1.2 * (220 / (f0 / 2 ** (semis / 12))) ** 0.35 * decayScale;
  const x = new Float64Array(n);
  const B = 2e-4;
  // per partial: amplitude, decay constant, phase, angular frequency and the one-sample rotation
  const partials: { a: number; tau: number; phase: number; omega: number; qr: number; qi: number }[] = [];
  for (let k = 1; k <= 10; k++) {
    const fk = k * f0 * Math.sqrt(1 + B * k * k);
    if (fk > 16000) break;
    const tau = tau0 / (1 + 0.25 * (k - 1));
    const a = k ** -1.3;
    const phase = rng.uniform(0, 2 * Math.PI);
    const omega = 2 * Math.PI * fk;
    const decay = Math.exp(-1 / (SR * tau));
    partials.push({
      a,
      tau,
      phase,
      omega,
      qr: decay * Math.cos(omega / SR),
      qi: decay * Math.sin(omega / SR),
    });
  }
  // Two partials per pass: two independent recurrences hide each other's latency, and x[j] still
  // gets the partials added one at a time in synth.py's order.
  for (let p = 0; p < partials.length; p += 2) {
    const u = partials[p];
    const v = partials[p + 1];
    for (let start = 0; start < n; start += RESYNC) {
      const t = start / SR;
      const ampU = u.a * Math.exp(-t / u.tau);
      let ur = ampU * Math.cos(u.omega * t + u.phase);
      let ui = ampU * Math.sin(u.omega * t + u.phase);
      const end = Math.min(n, start + RESYNC);
      if (!v) {
        for (let j = start; j < end; j++) {
          x[j] += ui;
          const nr = ur * u.qr - ui * u.qi;
          ui = ur * u.qi + ui * u.qr;
          ur = nr;
        }
        continue;
      }
      const ampV = v.a * Math.exp(-t / v.tau);
      let vr = ampV * Math.cos(v.omega * t + v.phase);
      let vi = ampV * Math.sin(v.omega * t + v.phase);
      const uqr = u.qr;
      const uqi = u.qi;
      const vqr = v.qr;
      const vqi = v.qi;
      for (let j = start; j < end; j++) {
        x[j] = x[j] + ui + vi;
        const nur = ur * uqr - ui * uqi;
        ui = ur * uqi + ui * uqr;
        ur = nur;
        const nvr = vr * vqr - vi * vqi;
        vi = vr * vqi + vi * vqr;
        vr = nvr;
      }
    }
  }
  // x * att * rel; where both are exactly 1 (between the 4 ms attack and the note off) the product
  // is x itself, so those samples are left alone
  const tOn = nOn / SR;
  const attackEnd = Math.min(n, nOn, Math.ceil(0.004 * SR));
  for (let j = 0; j < attackEnd; j++) x[j] = x[j] * Math.min(1, j / SR / 0.004);
  for (let j = Math.max(nOn, 0); j < n; j++) {
    const t = j / SR;
    x[j] = x[j] * Math.min(1, t / 0.004) * Math.exp(-(t - tOn) / 0.04);
  }
  return x;
}

export type BeatToTime = (beat: number) => number;
export type Part = "piano" | "drums";

/** synth.render: every event placed at beat_to_time(beat), equal-power panned, summed in float64. */
export function render(
  beatToTime: BeatToTime,
  durS: number,
  options: { semis?: number; parts?: readonly Part[]; decayScale?: number; nbars?: number } = {},
): Stereo {
  const { semis = 0, parts = ["piano", "drums"], decayScale = 1, nbars = 15 } = options;
  const total = pyRoundInt(durS * SR);
  const left = new Float64Array(total);
  const right = new Float64Array(total);
  events(nbars).forEach((e, i) => {
    if (e.kind === "note" && !parts.includes("piano")) return;
    if (e.kind !== "note" && !parts.includes("drums")) return;
    const t0 = beatToTime(e.beatOn);
    const s0 = pyRoundInt(t0 * SR);
    if (s0 >= total) return;
    let x: Float64Array;
    if (e.kind === "note") {
      const t1 = beatToTime(e.beatOn + e.beatLen);
      x = note(mtof(e.midi), t1 - t0, decayScale, total - s0, i, semis);
    } else {
      x = drum(e.kind, i);
    }
    const len = Math.min(x.length, total - s0);
    const gl = Math.cos(((e.pan + 1) * Math.PI) / 4);
    const gr = Math.sin(((e.pan + 1) * Math.PI) / 4);
    const vel = e.vel;
    for (let j = 0; j < len; j++) {
      const v = x[j] * vel * GAIN;
      left[s0 + j] += gl * v;
      right[s0 + j] += gr * v;
    }
  });
  return [Float32Array.from(left), Float32Array.from(right)];
}

export function constTempo(bpm: number): BeatToTime {
  return (b) => (b * 60.0) / bpm;
}

/** bpm(t) = b0 + (b1 - b0) t / T, so beats(t) = (b0 t + (b1 - b0) t^2 / 2T) / 60, inverted. */
export function rampTempo(b0: number, b1: number, T: number): BeatToTime {
  const a = (b1 - b0) / (2 * T) / 60;
  const bb = b0 / 60;
  return (beat) => (-bb + Math.sqrt(bb * bb + 4 * a * beat)) / (2 * a);
}

export const TONES_FREQS = [...Array.from({ length: 8 }, (_, k) => 220.0 * (k + 1)), 1000.0, 3100.0];
export const TONES_AMPS = [...Array.from({ length: 8 }, (_, k) => 0.3 / (k + 1)), 0.15, 0.1];

/**
 * synth.tones: sustained known partials (a harmonic tone on 220 Hz with 8 partials, 1000 Hz and
 * 3100 Hz sines), all scaled by 2^(semis/12), gated on at 0.5 s and off at dur - 0.5 s with 10 ms
 * ramps; right channel = 0.8 x left.
 */
export function tones(
  semis = 0,
  dur = TONES_DURATION_S,
): { signal: Stereo; freqs: number[]; amps: number[] } {
  const n = Math.trunc(dur * SR);
  const sc = 2 ** (semis / 12);
  const x = new Float64Array(n);
  TONES_FREQS.forEach((f, i) => {
    const a = TONES_AMPS[i];
    const w = 2 * Math.PI * f * sc;
    const phase = 0.7 * i;
    for (let j = 0; j < n; j++) x[j] += a * Math.sin(w * (j / SR) + phase);
  });
  const right = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const t = j / SR;
    const g = Math.min(1, Math.max(0, Math.min((t - 0.5) / 0.01, (dur - 0.5 - t) / 0.01)));
    x[j] *= g;
    right[j] = x[j] * 0.8;
  }
  return {
    signal: [Float32Array.from(x), Float32Array.from(right)],
    freqs: TONES_FREQS.map((f) => f * sc),
    amps: [...TONES_AMPS],
  };
}

export type SignalName =
  | "music"
  | "piano"
  | "drums120"
  | "ramp"
  | "tones"
  | "gt_music_x0.8"
  | "gt_music_x1.25"
  | "gt_piano_p7"
  | "gt_piano_p-5"
  | "gt_tones_p7"
  | "gt_tones_p-5";

export const SIGNAL_NAMES: readonly SignalName[] = [
  "music",
  "piano",
  "drums120",
  "ramp",
  "tones",
  "gt_music_x0.8",
  "gt_music_x1.25",
  "gt_piano_p7",
  "gt_piano_p-5",
  "gt_tones_p7",
  "gt_tones_p-5",
];

const RAMP_BARS = 17;
const rampBeatToTime = rampTempo(100, 140, DURATION_S);

function synthesize(name: SignalName): Stereo {
  const D = DURATION_S;
  switch (name) {
    case "music":
      return render(constTempo(120), D);
    case "piano":
      return render(constTempo(120), D, { parts: ["piano"] });
    case "drums120":
      return render(constTempo(120), D, { parts: ["drums"] });
    case "ramp":
      return render(rampBeatToTime, D, { nbars: RAMP_BARS });
    case "tones":
      return tones(0).signal;
    case "gt_music_x0.8":
      return render(constTempo(120 / 0.8), D * 0.8, { decayScale: 0.8 });
    case "gt_music_x1.25":
      return render(constTempo(120 / 1.25), D * 1.25, { decayScale: 1.25 });
    case "gt_piano_p7":
      return render(constTempo(120), D, { semis: 7, parts: ["piano"] });
    case "gt_piano_p-5":
      return render(constTempo(120), D, { semis: -5, parts: ["piano"] });
    case "gt_tones_p7":
      return tones(7).signal;
    case "gt_tones_p-5":
      return tones(-5).signal;
  }
}

const signalCache = new Map<SignalName, Stereo>();

/**
 * One of dspbench's data/*.wav signals, synthesized on first use and cached for the process. The
 * arrays are shared: copy before mutating.
 */
export function signal(name: SignalName): Stereo {
  let s = signalCache.get(name);
  if (!s) {
    s = synthesize(name);
    signalCache.set(name, s);
  }
  return s;
}

export interface BeatTruth {
  readonly beats: number[];
  readonly downbeats: number[];
}

/** synth.py's truth.json. */
export interface Truth {
  readonly music: BeatTruth & { readonly bpm: number };
  readonly drums120: BeatTruth & { readonly bpm: number };
  readonly ramp: BeatTruth & {
    readonly bpm_start: number;
    readonly bpm_end: number;
    readonly bpm_mean_over_time: number;
  };
  readonly tones_freqs: number[];
  readonly tones_amps: number[];
  /** Drum (kick, snare, hat) onset times in seconds, per stretch factor "1.0", "0.8", "1.25". */
  readonly drum_onsets: Record<string, number[]>;
  readonly kick_snare_onsets: Record<string, number[]>;
}

function onsetTimes(kinds: readonly EventKind[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [key, r] of [
    ["1.0", 1.0],
    ["0.8", 0.8],
    ["1.25", 1.25],
  ] as const) {
    const toTime = constTempo(120 / r);
    const set = new Set<number>();
    for (const e of events()) {
      if (kinds.includes(e.kind) && toTime(e.beatOn) < DURATION_S * r) set.add(pyRound(toTime(e.beatOn), 6));
    }
    out[key] = [...set].sort((p, q) => p - q);
  }
  return out;
}

let truthCache: Truth | undefined;

export function truth(): Truth {
  if (truthCache) return truthCache;
  const grid = {
    beats: Array.from({ length: 60 }, (_, k) => k * 0.5),
    downbeats: Array.from({ length: 15 }, (_, k) => k * 2.0),
    bpm: 120,
  };
  const rampBeats: number[] = [];
  for (let k = 0; k < 4 * RAMP_BARS; k++) {
    if (rampBeatToTime(k) < DURATION_S) rampBeats.push(rampBeatToTime(k));
  }
  truthCache = {
    music: grid,
    drums120: grid,
    ramp: {
      beats: rampBeats,
      downbeats: rampBeats.filter((_, i) => i % 4 === 0),
      bpm_start: 100,
      bpm_end: 140,
      bpm_mean_over_time: 120,
    },
    tones_freqs: [...TONES_FREQS],
    tones_amps: [...TONES_AMPS],
    drum_onsets: onsetTimes(["kick", "snare", "hat"]),
    kick_snare_onsets: onsetTimes(["kick", "snare"]),
  };
  return truthCache;
}
