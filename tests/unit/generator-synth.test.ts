import { describe, expect, it } from "vitest";
import { renderStem } from "../../src/generator/render/render-stems.ts";
import { DRUM_IDS } from "../../src/generator/render/stem-layout.ts";
import {
  DRUM_KITS,
  DRUM_NOTES,
  type DrumKit,
  PATCH_NAMES,
  type PatchName,
  type Score,
} from "../../src/generator/score.ts";
import { beats } from "../../src/shared/time.ts";
import { newDsp } from "../dsp-wasm.ts";

const RATE = 48000;
const dsp = newDsp();

function scratch(frames: number): { ptr: number; read: () => Float32Array } {
  const ptr = dsp.alloc(frames * 4);
  return { ptr, read: () => new Float32Array(dsp.memory.buffer, ptr, frames).slice() };
}

/** Frequency from the upward zero crossings (linearly interpolated) over the signal. */
function crossingFrequency(x: Float32Array, rate: number): number {
  const times: number[] = [];
  for (let n = 1; n < x.length; n++) {
    if (x[n - 1] < 0 && x[n] >= 0) times.push(n - 1 + -x[n - 1] / (x[n] - x[n - 1]));
  }
  return ((times.length - 1) * rate) / (times[times.length - 1] - times[0]);
}

/** An effect's stereo output for a unit impulse at frame 0 (its input, on both sides, and outputs in wasm memory). */
function impulseResponse(
  frames: number,
  process: (input: number, left: number, right: number) => void,
): { l: Float32Array; r: Float32Array } {
  const input = scratch(frames);
  const left = scratch(frames);
  const right = scratch(frames);
  const x = new Float32Array(dsp.memory.buffer, input.ptr, frames);
  x.fill(0);
  x[0] = 1;
  new Float32Array(dsp.memory.buffer, left.ptr, frames).fill(0);
  new Float32Array(dsp.memory.buffer, right.ptr, frames).fill(0);
  process(input.ptr, left.ptr, right.ptr);
  return { l: left.read(), r: right.read() };
}

const cents = (measured: number, expected: number) => 1200 * Math.log2(measured / expected);

/** |X(f)|^2 by a direct DFT at one frequency. */
function power(x: Float32Array, frequency: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let n = 0; n < x.length; n++) {
    const w = (2 * Math.PI * frequency * n) / rate;
    re += x[n] * Math.cos(w);
    im -= x[n] * Math.sin(w);
  }
  return (re * re + im * im) / (x.length * x.length);
}

/** A score with one part (or the drums) and no effects, for hearing one instrument alone. */
function soloScore(options: {
  patch?: PatchName;
  notes?: { start: number; duration: number; pitch: number }[];
  kit?: DrumKit;
  hits?: { start: number; drum: "kick" | "snare" | "closedHat"; velocity?: number }[];
  lengthBeats: number;
}): Score {
  return {
    seed: 7,
    bpm: 120,
    beatsPerBar: 4,
    key: { tonic: "C", mode: "major" },
    genre: "test",
    lengthBeats: beats(options.lengthBeats),
    sections: [],
    drums: {
      kit: options.kit ?? "acoustic",
      hits: (options.hits ?? []).map((h) => ({
        start: beats(h.start),
        drum: h.drum,
        velocity: h.velocity ?? 1,
      })),
      gain: 1,
    },
    parts: options.patch
      ? [
          {
            stem: "chords",
            patch: options.patch,
            name: "Solo",
            notes: (options.notes ?? []).map((n) => ({
              start: beats(n.start),
              duration: beats(n.duration),
              pitch: n.pitch,
              velocity: 1,
            })),
            gain: 0.5,
            pan: 0,
          },
        ]
      : [],
    vocals: null,
    mix: { reverb: { size: 0.5, wet: 0 }, delay: { beats: 1, feedback: 0.3, wet: 0 }, sidechain: 0 },
  };
}

describe("the synth's ids", () => {
  it("agree between the score's names and the DSP core", () => {
    expect(dsp.synthPatchCount()).toBe(PATCH_NAMES.length);
    expect(dsp.synthKitCount()).toBe(DRUM_KITS.length);
    expect(dsp.synthDrumCount()).toBe(DRUM_IDS.length);
    expect([...DRUM_IDS].sort()).toEqual(Object.keys(DRUM_NOTES).sort());
  });
});

describe("patches", () => {
  it("every patch plays its notes, finite, at a similar loudness, and falls silent after them", () => {
    const levels: number[] = [];
    for (const patch of PATCH_NAMES) {
      const pitch = patch.startsWith("bass") ? 40 : 64;
      const notes = [0, 2].map((start) => ({ start, duration: 1.5, pitch }));
      const audio = renderStem(dsp, soloScore({ patch, notes, lengthBeats: 8 }), "chords", RATE);
      const [l, r] = audio.channels;
      expect(l.every(Number.isFinite) && r.every(Number.isFinite)).toBe(true);
      let sum = 0;
      for (let n = 0; n < 2 * RATE; n++) sum += l[n] * l[n] + r[n] * r[n];
      levels.push(10 * Math.log10(sum / (4 * RATE)));
      // The score ends at 4 s: two seconds later every voice has died away.
      expect(Math.max(...l.subarray(l.length - RATE / 4).map(Math.abs))).toBeLessThan(1e-3);
    }
    expect(Math.max(...levels) - Math.min(...levels)).toBeLessThan(12);
  });

  it("spread the detuned pair of a pad across the stereo field", () => {
    const audio = renderStem(
      dsp,
      soloScore({ patch: "pad-saw", notes: [{ start: 0, duration: 3, pitch: 60 }], lengthBeats: 4 }),
      "chords",
      RATE,
    );
    const [l, r] = audio.channels.map((c) => c.subarray(RATE / 2, RATE));
    let lr = 0;
    let ll = 0;
    let rr = 0;
    for (let n = 0; n < l.length; n++) {
      lr += l[n] * r[n];
      ll += l[n] * l[n];
      rr += r[n] * r[n];
    }
    expect(lr / Math.sqrt(ll * rr)).toBeLessThan(0.9);
  });
});

describe("polyBLEP oscillators", () => {
  it("play their frequency within 1 cent", () => {
    for (const [shape, frequency] of [
      [0, 440],
      [0, 1234.5],
      [1, 97.3],
      [1, 3000],
    ]) {
      const out = scratch(RATE);
      dsp.synthOscillator(shape, RATE, frequency, out.ptr, RATE);
      const x = out.read();
      expect(Math.abs(cents(crossingFrequency(x, RATE), frequency))).toBeLessThan(1);
      expect(Math.max(...x.map(Math.abs))).toBeLessThan(1.3);
    }
  });

  it("keep a 5 kHz saw's aliases low: under -60 dB below the fundamental, -45 dB below 12 kHz, -20 dB in all", () => {
    // At 48 kHz a 5 kHz saw repeats every 48 samples, so every component sits on a multiple of
    // 1 kHz: harmonics on multiples of 5 kHz, aliases on the others. 4800 samples hold whole periods.
    // The strongest aliases fold from just above Nyquist to just below it (23 and 18 kHz), where
    // two-sample polyBLEP is weakest; a naive saw's aliases sit at -14 to -24 dB everywhere.
    const frames = 4800;
    const out = scratch(frames);
    dsp.synthOscillator(0, RATE, 5000, out.ptr, frames);
    const blep = out.read();
    const naive = Float32Array.from({ length: frames }, (_, n) => 2 * (((n * 5000) / RATE) % 1) - 1);
    const aliases = (x: Float32Array) => {
      const fundamental = power(x, 5000, RATE);
      const db: { frequency: number; db: number }[] = [];
      for (let k = 1; k <= 23; k++) {
        if (k % 5 !== 0)
          db.push({ frequency: k * 1000, db: 10 * Math.log10(power(x, k * 1000, RATE) / fundamental) });
      }
      return db;
    };
    const total = (list: { db: number }[]) =>
      10 * Math.log10(list.reduce((sum, a) => sum + 10 ** (a.db / 10), 0));
    const ours = aliases(blep);
    for (const alias of ours) {
      if (alias.frequency < 5000) expect(alias.db).toBeLessThan(-60);
      if (alias.frequency < 12000) expect(alias.db).toBeLessThan(-45);
    }
    expect(total(ours)).toBeLessThan(-20);
    expect(total(ours)).toBeLessThan(total(aliases(naive)) - 12);
  });
});

describe("ADSR envelope", () => {
  it("is exact at every sample: linear attack, 60 dB-per-time decay and release", () => {
    const [a, d, s, r, gate] = [480, 4800, 0.5, 2400, 9600];
    const frames = gate + r + 500;
    const out = scratch(frames);
    dsp.synthEnvelope(a, d, s, r, gate, out.ptr, frames);
    const env = out.read();
    let worst = 0;
    const check = (n: number, expected: number) => {
      worst = Math.max(worst, Math.abs(env[n] - expected));
    };
    for (let n = 0; n <= a; n++) check(n, n / a);
    for (let m = 0; a + m < gate; m++) check(a + m, s + (1 - s) * 10 ** ((-3 * m) / d));
    const atGate = s + (1 - s) * 10 ** ((-3 * (gate - a)) / d);
    for (let m = 0; m < r; m++) check(gate + m, atGate * 10 ** ((-3 * m) / r));
    for (let n = gate + r; n < frames; n++) check(n, 0);
    expect(worst).toBeLessThan(1e-6);
  });

  it("releases from the level reached when the gate closes during the attack", () => {
    const out = scratch(2000);
    dsp.synthEnvelope(1000, 100, 0.5, 500, 400, out.ptr, 2000);
    const env = out.read();
    expect(env[400]).toBeCloseTo(0.4, 6);
    expect(env[650]).toBeCloseTo(0.4 * 10 ** (-3 * (250 / 500)), 6);
    expect(env[900]).toBe(0);
  });
});

describe("state-variable low pass", () => {
  it("matches the bilinear Butterworth response: -3.01 dB at the cutoff", () => {
    const cutoff = 1000;
    const q = Math.SQRT1_2;
    for (const frequency of [250, 1000, 4000]) {
      const frames = RATE / 2;
      const buffer = scratch(frames);
      new Float32Array(dsp.memory.buffer, buffer.ptr, frames).set(
        Float32Array.from({ length: frames }, (_, n) => Math.sin((2 * Math.PI * frequency * n) / RATE)),
      );
      dsp.synthLowPass(RATE, cutoff, q, buffer.ptr, frames);
      const y = buffer.read().subarray(frames / 2);
      const rms = Math.sqrt(y.reduce((sum, v) => sum + v * v, 0) / y.length);
      const measuredDb = 20 * Math.log10(rms * Math.SQRT2);
      const ratio = Math.tan((Math.PI * frequency) / RATE) / Math.tan((Math.PI * cutoff) / RATE);
      const expectedDb = -10 * Math.log10(1 + ratio ** 4);
      expect(Math.abs(measuredDb - expectedDb)).toBeLessThan(0.02);
      if (frequency === cutoff) expect(measuredDb).toBeCloseTo(-3.0103, 1);
    }
  });
});

describe("Karplus-Strong strings", () => {
  it("pluck in tune within 3 cents", () => {
    for (const patch of ["pluck-ks", "guitar-ks", "bass-ks"] as const) {
      const pitches = patch === "bass-ks" ? [28, 40, 52] : [45, 57, 69, 81];
      const notes = pitches.map((pitch, i) => ({ start: i * 4, duration: 3, pitch }));
      const audio = renderStem(
        dsp,
        soloScore({ patch, notes, lengthBeats: pitches.length * 4 }),
        "chords",
        RATE,
      );
      pitches.forEach((pitch, i) => {
        const start = i * RATE * 2 + Math.round(0.05 * RATE);
        const x = audio.channels[0].subarray(start, start + Math.round(0.4 * RATE));
        const expected = 440 * 2 ** ((pitch - 69) / 12);
        expect(Math.abs(cents(autocorrelationFrequency(x, expected), expected))).toBeLessThan(3);
      });
    }
  });
});

/** The frequency near `guess` whose period maximises the autocorrelation (parabolic peak). */
function autocorrelationFrequency(x: Float32Array, guess: number): number {
  const period = RATE / guess;
  const lags = [Math.floor(period * 0.9), Math.ceil(period * 1.1)];
  const r = (lag: number) => {
    let sum = 0;
    for (let n = 0; n + lag < x.length; n++) sum += x[n] * x[n + lag];
    return sum / (x.length - lag);
  };
  let best = lags[0];
  for (let lag = lags[0]; lag <= lags[1]; lag++) if (r(lag) > r(best)) best = lag;
  const [a, b, c] = [r(best - 1), r(best), r(best + 1)];
  return RATE / (best + (0.5 * (a - c)) / (a - 2 * b + c));
}

describe("synthesized drums", () => {
  it("sweep the kick's pitch down exponentially and decay it exponentially", () => {
    // Softly, so the drum bus compressor and the kick's drive stay out of the way of the decay.
    const audio = renderStem(
      dsp,
      soloScore({ kit: "808", hits: [{ start: 0, drum: "kick", velocity: 0.3 }], lengthBeats: 4 }),
      "drums",
      RATE,
    );
    const x = audio.channels[0].subarray(0, RATE);
    // Half-periods between zero crossings give the instantaneous pitch; the peaks between them the level.
    const crossings: number[] = [];
    for (let n = 1; n < x.length; n++) {
      if (Math.sign(x[n]) !== Math.sign(x[n - 1]) && x[n] !== 0)
        crossings.push(n - 1 + x[n - 1] / (x[n - 1] - x[n]));
    }
    const pitch: { t: number; f: number }[] = [];
    const level: { t: number; a: number }[] = [];
    for (let k = 1; k < crossings.length; k++) {
      const from = Math.ceil(crossings[k - 1]);
      const to = Math.floor(crossings[k]);
      let peak = 0;
      for (let n = from; n <= to; n++) peak = Math.max(peak, Math.abs(x[n]));
      const t = (crossings[k - 1] + crossings[k]) / 2 / RATE;
      pitch.push({ t, f: RATE / (2 * (crossings[k] - crossings[k - 1])) });
      level.push({ t, a: peak });
    }
    const late = pitch.filter((p) => p.t > 0.45);
    const end = late.reduce((s, p) => s + p.f, 0) / late.length;
    const start = pitch.find((p) => p.t > 0.003)?.f ?? 0;
    expect(start).toBeGreaterThan(1.8 * end);
    expect(end).toBeGreaterThan(30);
    expect(end).toBeLessThan(70);
    // f(t) - f_end = (f_0 - f_end) e^(-t / tau): its log is a straight line in t.
    const sweep = pitch
      .filter((p) => p.t > 0.005 && p.t < 0.12)
      .map((p) => ({ x: p.t, y: Math.log(p.f - end) }));
    const sweepFit = lineFit(sweep);
    expect(sweepFit.slope).toBeLessThan(0);
    expect(sweepFit.r2).toBeGreaterThan(0.98);
    const decay = level.filter((p) => p.t > 0.25 && p.t < 0.9).map((p) => ({ x: p.t, y: Math.log(p.a) }));
    const decayFit = lineFit(decay);
    expect(decayFit.slope).toBeLessThan(0);
    expect(decayFit.r2).toBeGreaterThan(0.98);
  });

  it("voice every drum of every kit, finite and decaying", () => {
    for (const kit of ["acoustic", "electronic", "808", "lofi"] as const) {
      const hits = (["kick", "snare", "closedHat"] as const).map((drum, i) => ({ start: i, drum }));
      // Long enough after the last hit for its reverb to die away: the render's own tail is now only
      // as long as the room's reverb needs, so the score itself must leave the time.
      const audio = renderStem(dsp, soloScore({ kit, hits, lengthBeats: 16 }), "drums", RATE);
      for (const channel of audio.channels) {
        expect(channel.every(Number.isFinite)).toBe(true);
        const hit = channel.subarray(0, RATE / 2);
        const tail = channel.subarray(channel.length - RATE / 2);
        expect(Math.max(...hit.map(Math.abs))).toBeGreaterThan(0.05);
        expect(Math.max(...tail.map(Math.abs))).toBeLessThan(1e-3);
      }
    }
  });
});

function lineFit(points: { x: number; y: number }[]): { slope: number; r2: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
  }
  return { slope: sxy / sxx, r2: (sxy * sxy) / (sxx * syy) };
}

describe("effects", () => {
  it("reverb decays at its RT60 (T20 of the Schroeder curve, below 200 Hz), stays finite, and dies out", () => {
    for (const size of [0.2, 0.7]) {
      const rt60 = dsp.reverbRt60(size);
      const frames = Math.ceil((rt60 * 2.5 + 0.2) * RATE);
      const reverb = dsp.reverbCreate(RATE, size);
      const { l, r } = impulseResponse(frames, (input, left, right) =>
        dsp.reverbProcess(reverb, input, input, left, right, frames, 1),
      );
      dsp.reverbDestroy(reverb);
      expect(l.every(Number.isFinite) && r.every(Number.isFinite)).toBe(true);
      // The set RT60 is the low end's: the loop's damping makes the highs die sooner, as in a room.
      const pole = Math.exp((-2 * Math.PI * 200) / RATE);
      let lowL = 0;
      let lowR = 0;
      const energy = Float64Array.from(l, (v, n) => {
        lowL = pole * lowL + (1 - pole) * v;
        lowR = pole * lowR + (1 - pole) * r[n];
        return lowL * lowL + lowR * lowR;
      });
      const schroeder = new Float64Array(frames);
      let sum = 0;
      for (let n = frames - 1; n >= 0; n--) {
        sum += energy[n];
        schroeder[n] = sum;
      }
      const db = (n: number) => 10 * Math.log10(schroeder[n] / schroeder[0]);
      const at = (level: number) => {
        let n = 0;
        while (db(n) > level) n++;
        return n / RATE;
      };
      const t20 = at(-25) - at(-5);
      expect(3 * t20).toBeGreaterThan(rt60 * 0.9);
      expect(3 * t20).toBeLessThan(rt60 * 1.1);
      // Two RT60s after the impulse the tail is more than 100 dB down.
      const late = Math.round((2 * rt60 + 0.1) * RATE);
      expect(Math.max(...l.subarray(late).map(Math.abs))).toBeLessThan(1e-5);
    }
  });

  it("delay echoes land exactly on the tempo-synced frame, ping-ponging left then right", () => {
    const spacing = 18000; // a dotted eighth at 120 bpm... any whole frame count
    const feedback = 0.5;
    const frames = spacing * 3 + 10;
    const delay = dsp.delayCreate(spacing, feedback);
    const { l, r } = impulseResponse(frames, (input, left, right) =>
      dsp.delayProcess(delay, input, input, left, right, frames, 0.5),
    );
    dsp.delayDestroy(delay);
    expect(l[spacing]).toBeCloseTo(0.5, 6);
    expect(l.subarray(0, spacing).every((v) => v === 0)).toBe(true);
    expect(r.subarray(0, 2 * spacing).every((v) => v === 0)).toBe(true);
    expect(r[2 * spacing]).toBeGreaterThan(0.05);
    const peak = r.reduce((best, v, n) => (Math.abs(v) > Math.abs(r[best]) ? n : best), 0);
    expect(peak).toBeGreaterThanOrEqual(2 * spacing);
    expect(peak).toBeLessThan(2 * spacing + 3);
  });

  it("a stem's delay is synced to the score's tempo", () => {
    // 0.75 beats at 120 bpm: 0.375 s = 18000 frames.
    const score = soloScore({
      patch: "pluck-ks",
      notes: [{ start: 0, duration: 0.05, pitch: 60 }],
      lengthBeats: 4,
    });
    const dry = renderStem(dsp, score, "chords", RATE);
    const wet = renderStem(
      dsp,
      { ...score, mix: { ...score.mix, delay: { beats: 0.75, feedback: 0, wet: 0.5 } } },
      "chords",
      RATE,
    );
    const echo = wet.channels[0].map((v, n) => v - dry.channels[0][n]);
    expect(echo.subarray(0, 18000).every((v) => v === 0)).toBe(true);
    expect(Math.max(...echo.subarray(18000, 18000 + 4800).map(Math.abs))).toBeGreaterThan(0.01);
  });
});
