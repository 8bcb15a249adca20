// Test material for the demo project, synthesised here so that nothing is
// downloaded: drums, bass, chords, lead, pad and a riser at 120 BPM in A minor,
// deterministic for a given sample rate.

/** The demo's tempo: 2 beats per second (120 BPM), four beats a bar. */
export const DEMO_BPS = 2;
const BEAT_SECONDS = 1 / DEMO_BPS;

export type DemoSourceId = "kick" | "snare" | "hats" | "bass" | "chords" | "lead" | "pad" | "riser";

/** Each source's PCM, one Float32Array per channel, at the requested rate. */
export type DemoMaterial = Record<DemoSourceId, Float32Array[]>;

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** A small LCG so noise is the same on every machine and in every engine path. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

function buffer(sampleRate: number, beats: number): Float32Array {
  return new Float32Array(Math.round(beats * BEAT_SECONDS * sampleRate));
}

/** Adds `voice(t)` for t in seconds from `at` for `seconds`. */
function add(
  out: Float32Array,
  sampleRate: number,
  at: number,
  seconds: number,
  voice: (t: number) => number,
) {
  const first = Math.round(at * sampleRate);
  const count = Math.min(out.length - first, Math.round(seconds * sampleRate));
  for (let i = 0; i < count; i++) out[first + i] += voice(i / sampleRate);
}

/** A gentle attack and release so that no note starts or ends with a step. */
const envelope = (t: number, length: number, attack: number, release: number) =>
  Math.min(1, t / attack, Math.max(0, (length - t) / release));

function kick(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 4);
  for (let beat = 0; beat < 4; beat++) {
    add(out, sampleRate, beat * BEAT_SECONDS, 0.4, (t) => {
      const phase = 2 * Math.PI * (50 * t + (100 / 30) * (1 - Math.exp(-30 * t)));
      return 0.9 * Math.sin(phase) * Math.exp(-7 * t) * envelope(t, 0.4, 0.002, 0.05);
    });
  }
  return out;
}

function snare(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 4);
  const random = noise(7);
  for (const beat of [1, 3]) {
    add(out, sampleRate, beat * BEAT_SECONDS, 0.25, (t) => {
      const body = 0.3 * Math.sin(2 * Math.PI * 190 * t) * Math.exp(-25 * t);
      return (body + 0.5 * random() * Math.exp(-18 * t)) * envelope(t, 0.25, 0.001, 0.03);
    });
  }
  return out;
}

function hats(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 4);
  const random = noise(11);
  for (let eighth = 0; eighth < 8; eighth++) {
    let previous = 0;
    add(out, sampleRate, (eighth * BEAT_SECONDS) / 2, 0.08, (t) => {
      // A first difference of white noise: most of its energy is high up, as a hi-hat's is.
      const white = random();
      const bright = white - previous;
      previous = white;
      return 0.25 * bright * Math.exp(-60 * t) * envelope(t, 0.08, 0.001, 0.02);
    });
  }
  return out;
}

const PROGRESSION = [
  [57, 60, 64], // Am
  [53, 57, 60], // F
  [48, 52, 55], // C
  [55, 59, 62], // G
];

function bass(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 16);
  PROGRESSION.forEach((chord, bar) => {
    const hz = midiHz(chord[0] - 24);
    for (let half = 0; half < 2; half++) {
      const length = 2 * BEAT_SECONDS - 0.02;
      add(out, sampleRate, (bar * 4 + half * 2) * BEAT_SECONDS, length, (t) => {
        let sample = 0;
        for (let h = 1; h <= 6; h++) sample += Math.sin(2 * Math.PI * hz * h * t) / (h * h);
        return 0.35 * sample * envelope(t, length, 0.005, 0.04) * (0.6 + 0.4 * Math.exp(-3 * t));
      });
    }
  });
  return out;
}

function chords(sampleRate: number): Float32Array[] {
  const left = buffer(sampleRate, 16);
  const right = buffer(sampleRate, 16);
  PROGRESSION.forEach((chord, bar) => {
    const length = 4 * BEAT_SECONDS;
    for (const note of chord) {
      const hz = midiHz(note);
      for (const [channel, detune] of [
        [left, 0.998],
        [right, 1.002],
      ] as const) {
        add(channel, sampleRate, bar * length, length, (t) => {
          const tone =
            Math.sin(2 * Math.PI * hz * detune * t) + 0.3 * Math.sin(4 * Math.PI * hz * detune * t);
          return 0.09 * tone * envelope(t, length, 0.08, 0.2);
        });
      }
    }
  });
  return [left, right];
}

function lead(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 8);
  const arpeggio = [69, 72, 76, 72, 65, 69, 72, 69, 64, 67, 72, 67, 67, 71, 74, 71];
  const length = BEAT_SECONDS / 2;
  arpeggio.forEach((note, step) => {
    const hz = midiHz(note);
    add(out, sampleRate, step * length, length, (t) => {
      const square =
        Math.sin(2 * Math.PI * hz * t) +
        Math.sin(6 * Math.PI * hz * t) / 3 +
        Math.sin(10 * Math.PI * hz * t) / 5;
      return 0.18 * square * Math.exp(-5 * t) * envelope(t, length, 0.003, 0.03);
    });
  });
  return out;
}

function pad(sampleRate: number): Float32Array[] {
  const left = buffer(sampleRate, 32);
  const right = buffer(sampleRate, 32);
  const length = left.length / sampleRate;
  for (const [channel, rate] of [
    [left, 0.25],
    [right, 0.31],
  ] as const) {
    for (const note of [45, 52, 57, 60, 64]) {
      const hz = midiHz(note);
      add(channel, sampleRate, 0, length, (t) => {
        const tremolo = 0.75 + 0.25 * Math.sin(2 * Math.PI * rate * t);
        return 0.05 * Math.sin(2 * Math.PI * hz * t) * tremolo * envelope(t, length, 1, 1);
      });
    }
  }
  return [left, right];
}

function riser(sampleRate: number): Float32Array {
  const out = buffer(sampleRate, 4);
  const random = noise(23);
  const length = out.length / sampleRate;
  let smoothed = 0;
  add(out, sampleRate, 0, length, (t) => {
    // A one-pole low-pass opening over the riser: the noise brightens as it rises.
    const openness = 0.02 + 0.6 * (t / length) ** 2;
    smoothed += openness * (random() - smoothed);
    return 0.5 * smoothed * (t / length) * envelope(t, length, 0.01, 0.01);
  });
  return out;
}

export function synthesizeDemoMaterial(sampleRate: number): DemoMaterial {
  return {
    kick: [kick(sampleRate)],
    snare: [snare(sampleRate)],
    hats: [hats(sampleRate)],
    bass: [bass(sampleRate)],
    chords: chords(sampleRate),
    lead: [lead(sampleRate)],
    pad: pad(sampleRate),
    riser: [riser(sampleRate)],
  };
}
