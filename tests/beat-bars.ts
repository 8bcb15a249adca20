import { compose, type Feel, type Piece, PROGRESSION } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";

// Pieces in three and in compound time, played as recordings are (see beat-recordings.ts): waltzes
// with and without drums, one whose harmony anticipates the bar, and a jig in 6/8.

const bass = (chord: readonly number[]) => chord[0] - 24;
/** A band a little loose: hits within +-15 ms of the grid. */
const BAND: Feel = { jitter: 0.015 };

/**
 * A jazz waltz at 138 BPM: the bass on 1 (and a pickup on 3), brushes on every beat, the ride's
 * "ding ding-a" over the bar, comping on 2 and on the "and" of 3.
 */
export function jazzWaltz(seconds = 30): Piece {
  const piece = compose(
    seconds,
    () => 138,
    138,
    3,
    (s, b, chord) => {
      for (let k = 0; k < 3; k++) s.ride(b + k, k === 0 ? 0.07 : 0.05);
      s.ride(b + 1 + 2 / 3, 0.04);
      s.hat(b + 1, 0.06);
      s.hat(b + 2, 0.06);
      s.tone(b, bass(chord), 1.9, 0.16, 0.01, 0.8);
      s.tone(b + 2, bass(chord) + 7, 0.9, 0.1, 0.01, 0.4);
      s.chord(b + 1, chord, 0.5, 0.035, 0.005, 0.25);
      s.chord(b + 2 + 2 / 3, chord, 0.3, 0.03, 0.005, 0.2);
    },
    BAND,
  );
  return inRoom(piece, 1.2, 0.25);
}
/**
 * A jig in 6/8 at 104 dotted beats a minute: a fiddle-like melody on every eighth (accents on the
 * first of each three), a bodhran's low hit on the dotted beats, the chord changing each bar.
 */
export function jig(seconds = 30): Piece {
  const tune = [0, 4, 7, 12, 7, 4];
  const piece = compose(
    seconds,
    () => 104,
    104,
    2,
    (s, b, chord) => {
      for (let e = 0; e < 6; e++) {
        const accent = e % 3 === 0 ? 0.05 : 0.03;
        s.tone(b + e / 3, chord[0] + 12 + tune[e], 1 / 3, accent, 0.01, 0.2);
      }
      s.kick(b, 0.35);
      s.kick(b + 1, 0.25);
      s.tone(b, bass(chord), 1, 0.1, 0.01, 0.6);
      s.tone(b + 1, bass(chord) + 7, 1, 0.08, 0.01, 0.6);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.25);
}
/**
 * A slow piano waltz at 84 BPM with a rubato of +-6%: the bass on 1, soft chords on 2 and 3, a
 * melody in eighths over it. The eighths are the strongest periodicity; the bars are three beats.
 */
export function pianoWaltz(seconds = 32): Piece {
  const tempo = (k: number) => 84 * (1 + 0.06 * Math.sin((2 * Math.PI * k) / 12));
  const tune = [12, 11, 9, 7, 9, 11];
  const piece = compose(
    seconds,
    tempo,
    90,
    3,
    (s, b, chord, bar) => {
      s.tone(b, bass(chord) + 12, 1, 0.1, 0.008, 0.8);
      s.chord(b + 1, chord, 0.9, 0.025, 0.008, 0.4);
      s.chord(b + 2, chord, 0.9, 0.025, 0.008, 0.4);
      for (let e = 0; e < 6; e++) {
        s.tone(b + e / 2, chord[0] + 12 + tune[(e + bar) % 6], 0.5, e === 0 ? 0.05 : 0.035, 0.006, 0.3);
      }
    },
    { jitter: 0.015 },
  );
  return inRoom(piece, 1.6, 0.3, -60);
}
/**
 * A country waltz at 112 BPM: boom-chick-chick (the kick and bass on 1, snare and chord on 2 and
 * 3), the harmony changing every two bars, a fiddle's pickup on 3 leading into each bar.
 */
export function countryWaltz(seconds = 30): Piece {
  const piece = compose(
    seconds,
    (k) => 112 + 0.04 * k,
    116,
    3,
    (s, b, _chord, bar) => {
      const chord = PROGRESSION[(bar >> 1) % 4];
      s.kick(b, 0.4);
      s.tone(b, bass(chord) + (bar % 2 ? 7 : 0), 1, 0.14, 0.008, 0.5);
      s.snare(b + 1, 0.25);
      s.snare(b + 2, 0.25);
      s.chord(b + 1, chord, 0.5, 0.03, 0.004, 0.2);
      s.chord(b + 2, chord, 0.5, 0.03, 0.004, 0.2);
      s.tone(b + 2, chord[2] + 12, 0.5, 0.06, 0.01, 0.3);
      s.tone(b + 2.5, chord[1] + 12, 0.5, 0.06, 0.01, 0.3);
      s.tone(b + 3, chord[0] + 12, 1.5, 0.05, 0.01, 0.8);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.2);
}

/**
 * A minuet for strings at 100 BPM with a little rubato: the cello on 1, soft bowed chords (60 ms
 * attacks) on 2 and 3, a melody of quarters and halves, the harmony changing each bar.
 */
export function minuet(seconds = 30): Piece {
  const tempo = (k: number) => 100 * (1 + 0.04 * Math.sin((2 * Math.PI * k) / 9));
  const tune = [
    [0, 1],
    [4, 1],
    [7, 1],
    [9, 2],
    [7, 1],
  ] as const;
  const piece = compose(
    seconds,
    tempo,
    105,
    3,
    (s, b, chord, bar) => {
      s.tone(b, bass(chord) + 12, 1, 0.03, 0.05, 1);
      s.chord(b + 1, chord, 0.9, 0.01, 0.06, 1);
      s.chord(b + 2, chord, 0.9, 0.01, 0.06, 1);
      const [step, beats] = tune[bar % tune.length];
      s.tone(b, chord[0] + 12 + step, beats, 0.025, 0.06, 1.5);
      if (beats === 1) s.tone(b + 1, chord[1] + 12, 2, 0.022, 0.06, 1.5);
      else s.tone(b + 2, chord[2] + 12, 1, 0.022, 0.06, 1.5);
    },
    { jitter: 0.015 },
  );
  return inRoom(piece, 1.8, 0.35, -60);
}
/**
 * A 3/4 ballad at 96 BPM whose harmony anticipates the bar: each new chord comes in on the "and"
 * of 3, half a beat before the downbeat that the kick and the bass mark; the snare on 3, hats on
 * the eighths.
 */
export function anticipatedWaltz(seconds = 30): Piece {
  const piece = compose(
    seconds,
    () => 96,
    96,
    3,
    (s, b, chord, bar) => {
      s.kick(b);
      s.snare(b + 2, 0.3);
      for (let e = 0; e < 6; e++) s.hat(b + e / 2, 0.08);
      s.chord(b + 2.5, PROGRESSION[(bar + 1) % 4], 3, 0.04, 0.01, 1.5);
      s.tone(b, bass(chord), 3, 0.12, 0.005, 1);
    },
    BAND,
  );
  return inRoom(piece, 1, 0.2);
}
