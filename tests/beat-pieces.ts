import { compose, MUSIC_RATE, type Piece, PROGRESSION, Voice } from "./beat-music.ts";
import { whiteNoise } from "./noise.ts";

// The pieces the beat tracker is held to, one per way real recordings fooled it: each with the
// beats a listener taps and the bar starts.

const bass = (chord: readonly number[]) => chord[0] - 24;

/**
 * A slow rock ballad at 68 BPM: kick on 1 and 3, the snare's backbeat on 2 and 4, hats on every
 * eighth and sixteenth pairs, a chord a bar. The eighths repeat more than the beats, so the
 * strongest periodicity is twice the tempo a listener taps; the backbeat tells.
 */
export function slowBackbeat(seconds = 30): Piece {
  const bpm = 68;
  return compose(
    seconds,
    () => bpm,
    bpm,
    4,
    (s, b, chord) => {
      s.kick(b);
      s.kick(b + 2);
      s.kick(b + 2.5, 0.45);
      s.snare(b + 1);
      s.snare(b + 3);
      for (let e = 0; e < 8; e++) s.hat(b + e / 2, e % 2 === 0 ? 0.14 : 0.12);
      s.chord(b, chord, 4, 0.04, 0.01, 1.5);
      s.tone(b, bass(chord), 2, 0.12);
      s.tone(b + 2, bass(chord), 2, 0.1);
    },
  );
}

/**
 * Disco at 124 BPM: four-on-the-floor kicks, open hats on the off-beats, claps on 2 and 4, an
 * octave bass on the eighths. Half the tempo (a bar of two "beats") is the trap.
 */
export function disco(seconds = 30): Piece {
  const bpm = 124;
  return compose(
    seconds,
    () => bpm,
    bpm,
    4,
    (s, b, chord) => {
      for (let k = 0; k < 4; k++) {
        s.kick(b + k, 0.5);
        s.hat(b + k + 0.5, 0.2);
        if (k % 2 === 1) s.snare(b + k, 0.3);
        s.tone(b + k, bass(chord), 0.45, 0.1, 0.003, 0.15);
        s.tone(b + k + 0.5, bass(chord) + 12, 0.45, 0.08, 0.003, 0.15);
      }
      s.chord(b + 1.5, chord, 0.4, 0.04, 0.003, 0.2);
      s.chord(b + 3.5, chord, 0.4, 0.04, 0.003, 0.2);
    },
  );
}

/**
 * A rock groove whose drummer stops for two bars (only a held chord) and comes back a little
 * faster and on a syncopated fill: the tracker must find the new beats at once.
 */
export function breakAndReturn(seconds = 32): Piece {
  const tempo = (k: number) => (k < 40 ? 112 : 116);
  return compose(seconds, tempo, 120, 4, (s, b, chord, bar) => {
    const resting = bar === 8 || bar === 9;
    if (resting) {
      s.chord(b, chord, 4, 0.05, 0.3, 4);
      return;
    }
    if (bar === 10) {
      // The fill: hits on the "and"s before the groove resumes.
      for (const p of [0, 0.75, 1.5, 2.5, 3, 3.5]) s.snare(b + p, 0.3);
    } else {
      s.kick(b);
      s.kick(b + 1.5, 0.4);
      s.kick(b + 2);
      s.snare(b + 1);
      s.snare(b + 3);
      for (let e = 0; e < 8; e++) s.hat(b + e / 2);
    }
    s.chord(b, chord, 4, 0.04, 0.01, 1.2);
    s.tone(b, bass(chord), 4, 0.12, 0.005, 1);
  });
}

/**
 * Swing at about 150 BPM drifting to 158: a ride's "ding, ding-a ding" with the "a" at two
 * thirds of the beat, the hi-hat on 2 and 4, a walking bass on every beat, comping chords
 * pushed to the swung off-beat of 2 and 4.
 */
export function swing(seconds = 30): Piece {
  const tempo = (k: number) => 150 + (8 * k) / 75;
  const walk = [0, 4, 7, 9];
  return compose(seconds, tempo, 160, 4, (s, b, chord) => {
    for (let k = 0; k < 4; k++) {
      s.hat(b + k, 0.1);
      if (k % 2 === 1) {
        s.hat(b + k + 2 / 3, 0.1);
        s.hat(b + k, 0.14);
      }
      s.tone(b + k, bass(chord) + walk[k], 0.9, 0.12, 0.01, 0.4);
    }
    s.chord(b + 1 + 2 / 3, chord, 0.6, 0.035, 0.005, 0.3);
    s.chord(b + 3 + 2 / 3, chord, 0.6, 0.035, 0.005, 0.3);
  });
}

/** A waltz at 150 BPM: the bass on 1, chords on 2 and 3 ("oom-pah-pah"), a chord a bar. */
export function waltz(seconds = 30): Piece {
  const bpm = 150;
  return compose(
    seconds,
    () => bpm,
    bpm,
    3,
    (s, b, chord) => {
      s.tone(b, bass(chord), 1, 0.25, 0.005, 0.5);
      s.chord(b + 1, chord, 0.8, 0.05, 0.005, 0.3);
      s.chord(b + 2, chord, 0.8, 0.05, 0.005, 0.3);
      s.tone(b, chord[2] + 12, 2.5, 0.06, 0.01, 1);
    },
  );
}

/**
 * A 6/8 groove: twelve eighths a bar of two dotted-quarter beats (a listener taps 66 per minute),
 * the kick on 1, the snare on 4, hats on every eighth, a bass note on each beat.
 */
export function compound(seconds = 30): Piece {
  const dotted = 66;
  return compose(
    seconds,
    () => dotted,
    dotted,
    2,
    (s, b, chord) => {
      s.kick(b);
      s.snare(b + 1);
      for (let e = 0; e < 6; e++) s.hat(b + e / 3, e % 3 === 0 ? 0.14 : 0.1);
      s.tone(b, bass(chord), 1, 0.12, 0.005, 0.6);
      s.tone(b + 1, bass(chord) + 7, 1, 0.1, 0.005, 0.6);
      s.chord(b, chord, 2, 0.04, 0.01, 1.5);
    },
  );
}

/**
 * Soft classical-like playing at -30 dBFS: a slow-attack (40 ms) melody on every beat over a
 * held chord a bar, with a rubato that breathes +-6% around 84 BPM. No drums.
 */
export function softPulse(seconds = 30): Piece {
  const tempo = (k: number) => 84 * (1 + 0.06 * Math.sin((2 * Math.PI * k) / 16));
  const line = [0, 2, 4, 2];
  return compose(seconds, tempo, 90, 4, (s, b, chord) => {
    s.chord(b, chord, 4, 0.006, 0.08, 3);
    s.tone(b, bass(chord) + 12, 4, 0.01, 0.05, 3);
    for (let k = 0; k < 4; k++) s.tone(b + k, chord[2] + 12 + line[k], 1, 0.012, 0.04, 0.5);
  });
}

/** A sustained pad: chords fading into each other at irregular times, no onsets to tap. */
export function pad(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const noise = whiteNoise(64, 3);
  let at = 0;
  for (let c = 0; at < seconds; c++) {
    const length = 3 + 2.5 * (noise[c] + 1);
    const chord = PROGRESSION[c % 4];
    for (const note of chord) {
      const f = 440 * 2 ** ((note - 69) / 12);
      const start = Math.round(at * r);
      const n = Math.round((length + 1.5) * r);
      for (let i = 0; i < n && start + i < x.length; i++) {
        const envelope = Math.min(1, i / (1.5 * r), (n - i) / (1.5 * r));
        x[start + i] +=
          0.05 * envelope * (Math.sin((2 * Math.PI * f * i) / r) + 0.3 * Math.sin((4 * Math.PI * f * i) / r));
      }
    }
    at += length;
  }
  return x;
}

/**
 * Speech-like noise: syllables of filtered noise 80 to 300 ms long with pitched voicing, in
 * phrases with pauses, at irregular times.
 */
export function speechLike(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const voice = new Voice(x, whiteNoise(seconds * r, 41), 0.3);
  const rand = whiteNoise(4096, 43);
  let at = 0.2;
  for (let k = 0; at < seconds - 0.5; k++) {
    const length = 0.08 + 0.11 * (rand[2 * k] + 1);
    const f0 = 110 + 30 * rand[2 * k + 1];
    voice.syllable(Math.round(at * r), Math.round(length * r), f0, 0.2, 0.4, 1);
    // Gaps between syllables vary; every few syllables a phrase pause.
    at += length + 0.03 + 0.09 * (rand[2 * k + 2000] + 1) + (k % 7 === 6 ? 0.4 + 0.3 * rand[k + 3000] : 0);
  }
  return x;
}

/**
 * A rock groove at 150 BPM with a stretch of pushes in the middle: for bars 6 to 11 the kick,
 * snare and chords all land on the "and"s (an eighth early), hats keep the eighths; the beats go on.
 */
export function pushedSection(seconds = 30): Piece {
  const bpm = 150;
  return compose(
    seconds,
    () => bpm,
    bpm,
    4,
    (s, b, chord, bar) => {
      const push = bar >= 6 && bar < 12 ? 0.5 : 0;
      for (let e = 0; e < 8; e++) s.hat(b + e / 2, 0.08);
      for (let k = 0; k < 4; k++) {
        const at = b + k + (k === 0 ? 0 : -push);
        if (k % 2 === 0) s.kick(at);
        else s.snare(at);
        s.chord(at, chord, 0.4, 0.04, 0.003, 0.2);
        s.tone(at, bass(chord), 0.45, 0.12, 0.003, 0.2);
      }
    },
  );
}

/**
 * A band that breaks for three bars (a held chord, its tempo gone) and comes back after a
 * ritardando: the second half is a quarter beat later and 6% slower than the first half's grid.
 */
export function breakAndShift(seconds = 30): Piece {
  const tempo = (k: number) => (k < 28 ? 128 : k < 40 ? 128 - (k - 28) * 0.7 : 120);
  return compose(seconds, tempo, 130, 4, (s, b, chord, bar) => {
    if (bar >= 7 && bar < 10) {
      if (bar === 7) s.chord(b, chord, 12, 0.05, 0.2, 6);
      return;
    }
    s.kick(b);
    s.kick(b + 2.5, 0.4);
    s.snare(b + 1);
    s.snare(b + 3);
    for (let e = 0; e < 8; e++) s.hat(b + e / 2);
    s.chord(b, chord, 4, 0.04, 0.01, 1.2);
    s.tone(b, bass(chord), 4, 0.12, 0.005, 1);
  });
}

/**
 * Piano-like playing with a strong rubato: the tempo swings +-10% around 96 BPM every two bars,
 * a note on every beat and a chord a bar.
 */
export function rubato(seconds = 30): Piece {
  const tempo = (k: number) => 96 * (1 + 0.1 * Math.sin((2 * Math.PI * k) / 8));
  const line = [0, 4, 2, 4];
  return compose(seconds, tempo, 110, 4, (s, b, chord) => {
    s.chord(b, chord, 4, 0.03, 0.005, 1.5);
    s.tone(b, bass(chord), 4, 0.06, 0.005, 1.5);
    for (let k = 0; k < 4; k++) s.tone(b + k, chord[2] + 12 + line[k], 1, 0.05, 0.005, 0.4);
  });
}
