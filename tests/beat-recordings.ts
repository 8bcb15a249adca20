import { compose, type Feel, type Piece } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";

// Pieces played the way recordings are: by people (timing off the grid by a few tens of ms,
// tempo drifting and breathing), in a room (reverberation, a noise floor), with the grooves that
// fooled the tracker on real recordings. Each has the beats a listener taps and the bar starts.

const bass = (chord: readonly number[]) => chord[0] - 24;
/** A drummer and band a little loose: hits within +-15 ms of the grid. */
const BAND: Feel = { jitter: 0.015 };

/**
 * Reggae's one drop at 76 BPM: no kick on 1, kick and rim together on 3, the guitar's skank on 2
 * and 4, shuffled hats, a bass line that rests on 1 and moves off the beat. The eighths' hats and
 * the skank repeat at twice the tempo, which lies in the listeners' range; the one drop on 3 is the
 * bar's anchor at the tapped level.
 */
export function oneDrop(seconds = 30): Piece {
  const tempo = (k: number) => 76 * (1 + 0.01 * Math.sin((2 * Math.PI * k) / 24));
  const piece = compose(
    seconds,
    tempo,
    78,
    4,
    (s, b, chord) => {
      s.kick(b + 2, 0.55);
      s.snare(b + 2, 0.22);
      for (let e = 0; e < 8; e++) s.hat(b + e / 2 + (e % 2 ? 1 / 6 : 0), e % 2 ? 0.07 : 0.1);
      s.chord(
        b + 1,
        chord.map((n) => n + 12),
        0.25,
        0.05,
        0.002,
        0.08,
      );
      s.chord(
        b + 3,
        chord.map((n) => n + 12),
        0.25,
        0.05,
        0.002,
        0.08,
      );
      s.tone(b + 0.5, bass(chord), 0.9, 0.16, 0.01, 0.5);
      s.tone(b + 1.5, bass(chord) + 7, 0.4, 0.12, 0.01, 0.3);
      s.tone(b + 2.5, bass(chord) + 5, 1.4, 0.14, 0.01, 0.5);
    },
    BAND,
  );
  return inRoom(piece);
}
/**
 * Funk at 98 BPM: kicks on 1, the "a" of 1 and the "and" of 3, the snare on 2 and 4 with ghost
 * notes on sixteenths around it, sixteenth-note hats with accents on the off-beats, a syncopated
 * bass and chord stabs on the "e" of 2 and the "and" of 4.
 */
export function syncopatedFunk(seconds = 30): Piece {
  const tempo = (k: number) => 98 + 0.05 * k;
  const piece = compose(
    seconds,
    tempo,
    100,
    4,
    (s, b, chord) => {
      for (const p of [0, 0.75, 2.5]) s.kick(b + p, 0.5);
      s.snare(b + 1, 0.35);
      s.snare(b + 3, 0.35);
      for (const p of [1.75, 2.25, 3.25, 3.75]) s.snare(b + p, 0.08);
      for (let q = 0; q < 16; q++) s.hat(b + q / 4, q % 4 === 2 ? 0.14 : 0.07);
      for (const [p, step] of [
        [0, 0],
        [0.75, 0],
        [1.5, 12],
        [2.5, 7],
        [3.25, 10],
      ] as const) {
        s.tone(b + p, bass(chord) + step, 0.2, 0.15, 0.003, 0.12);
      }
      s.chord(b + 1.25, chord, 0.15, 0.04, 0.002, 0.06);
      s.chord(b + 3.5, chord, 0.2, 0.04, 0.002, 0.06);
    },
    BAND,
  );
  return inRoom(piece, 0.8, 0.2);
}
/**
 * Rock at 132 BPM that drops into a half-time feel for eight bars (kick on 1, the snare on 3, hats
 * on the beats), then back. The beats a listener taps do not change with the feel.
 */
export function halfTimeSection(seconds = 32): Piece {
  const piece = compose(
    seconds,
    () => 132,
    132,
    4,
    (s, b, chord, bar) => {
      const half = bar >= 4 && bar < 12;
      if (half) {
        s.kick(b);
        s.snare(b + 2, 0.4);
        for (let k = 0; k < 4; k++) s.hat(b + k, 0.1);
      } else {
        s.kick(b);
        s.kick(b + 2);
        s.snare(b + 1);
        s.snare(b + 3);
        for (let e = 0; e < 8; e++) s.hat(b + e / 2);
      }
      s.chord(b, chord, 4, 0.035, 0.01, 1.5);
      for (let e = 0; e < 8; e++) s.tone(b + e / 2, bass(chord), 0.45, 0.1, 0.004, 0.2);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.2);
}
/**
 * A band at 118 BPM, drifting up 3% over the song, stops for four bars (a pad alone, no pulse in
 * it) and comes back in at 124 BPM with the new bar's downbeat half a beat later than the old grid.
 */
export function fourBarBreak(seconds = 32): Piece {
  const tempo = (k: number) => (k < 32 ? 118 + 0.06 * k : k < 34 ? 120 : 124);
  const piece = compose(
    seconds,
    tempo,
    126,
    4,
    (s, b, chord, bar) => {
      if (bar >= 8 && bar < 12) {
        if (bar === 8) s.chord(b, chord, 16, 0.05, 0.8, 8);
        return;
      }
      s.kick(b);
      s.kick(b + 2.5, 0.4);
      s.snare(b + 1);
      s.snare(b + 3);
      for (let e = 0; e < 8; e++) s.hat(b + e / 2, e % 2 ? 0.08 : 0.12);
      s.chord(b, chord, 4, 0.04, 0.01, 1.2);
      s.tone(b, bass(chord), 2, 0.12, 0.005, 1);
      s.tone(b + 2, bass(chord), 2, 0.1, 0.005, 1);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.2);
}
/**
 * A jazz trio at medium swing, 116 BPM wandering +-3%: the ride's "ding, ding-a ding" (the "a" at
 * two thirds of the beat), the hi-hat on 2 and 4, a laid-back walking bass, comping chords on the
 * swung "and"s wherever they fall, snare comping on off-beats.
 */
export function jazzTrio(seconds = 30): Piece {
  const tempo = (k: number) => 116 * (1 + 0.03 * Math.sin((2 * Math.PI * k) / 40));
  const walk = [0, 4, 7, 9, 12, 9, 7, 4];
  const piece = compose(
    seconds,
    tempo,
    120,
    4,
    (s, b, chord, bar) => {
      for (let k = 0; k < 4; k++) {
        s.ride(b + k, 0.07);
        if (k % 2 === 1) {
          s.ride(b + k + 2 / 3, 0.05);
          s.hat(b + k, 0.1);
        }
        s.tone(b + k, bass(chord) + walk[(k + 4 * bar) % 8], 0.95, 0.14, 0.015, 0.5);
      }
      const comp = bar % 2 === 0 ? [0.67, 2.67] : [1.67, 3];
      for (const p of comp) s.chord(b + p, chord, 0.5, 0.035, 0.005, 0.25);
      s.snare(b + (bar % 3 === 0 ? 1.67 : 3.67), 0.1);
    },
    { jitter: 0.02, lag: 0.01 },
  );
  return inRoom(piece, 1.4, 0.3);
}
/**
 * A string quartet played legato at about 72 BPM with a rubato of +-8%: bowed notes with slow
 * attacks (120 ms), the melody moving on every beat, inner voices and the cello changing with the
 * harmony twice a bar, growing and fading every four bars. No percussion; the pulse is in the
 * note changes.
 */
export function strings(seconds = 32): Piece {
  const tempo = (k: number) => 72 * (1 + 0.08 * Math.sin((2 * Math.PI * k) / 12));
  const melody = [7, 9, 11, 12, 11, 9, 7, 4];
  const piece = compose(
    seconds,
    tempo,
    80,
    4,
    (s, b, chord, bar) => {
      const swell = 0.7 + 0.3 * Math.sin((Math.PI * (bar % 4)) / 3);
      for (let k = 0; k < 4; k++) {
        s.tone(b + k, 72 + melody[(k + 4 * bar) % 8], 1, 0.014 * swell, 0.12, 2);
      }
      s.chord(b, chord, 2, 0.008 * swell, 0.15, 3);
      s.chord(
        b + 2,
        chord.map((n) => n + (bar % 2 ? 2 : 0)),
        2,
        0.008 * swell,
        0.15,
        3,
      );
      s.tone(b, bass(chord) + 12, 2, 0.02 * swell, 0.15, 3);
      s.tone(b + 2, bass(chord) + 19, 2, 0.018 * swell, 0.15, 3);
    },
    { jitter: 0.02 },
  );
  return inRoom(piece, 2, 0.35, -60);
}

/**
 * A band at 104 BPM stops for four bars (a pad alone, the count going on through it) and comes
 * back 8% faster on a syncopated fill, its kick pattern pushed: the beats after the break must be
 * found at once.
 */
export function breakToFaster(seconds = 34): Piece {
  const tempo = (k: number) => (k < 48 ? 104 : 112);
  const piece = compose(
    seconds,
    tempo,
    122,
    4,
    (s, b, chord, bar) => {
      if (bar >= 8 && bar < 12) {
        if (bar === 8) s.chord(b, chord, 16, 0.05, 0.8, 8);
        return;
      }
      if (bar === 12) {
        for (const p of [0, 0.75, 1.5, 2.5, 3, 3.5]) s.snare(b + p, 0.3);
        return;
      }
      s.kick(b);
      s.kick(b + 1.75, 0.4);
      s.kick(b + 2.5, 0.45);
      s.snare(b + 1);
      s.snare(b + 3);
      for (let e = 0; e < 8; e++) s.hat(b + e / 2, e % 2 ? 0.1 : 0.08);
      s.chord(b + 0.5, chord, 0.4, 0.04, 0.01, 0.2);
      s.chord(b + 2.5, chord, 0.4, 0.04, 0.01, 0.2);
      s.tone(b, bass(chord), 1.5, 0.12, 0.005, 1);
      s.tone(b + 1.5, bass(chord), 2.5, 0.1, 0.005, 1);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.2);
}
