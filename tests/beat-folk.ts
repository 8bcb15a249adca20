import { compose, type Piece } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";

// Folk dances played by a small band, the way they fooled the tracker on real recordings: the
// beat a listener taps is slow (70 to 80 BPM) and the band fills every half beat, so the
// listeners' range holds twice the tempo too. And the pop groove that the bass cue settling that
// ambiguity must leave alone.

/**
 * A two-step folk dance at 74 BPM in 2/4 ("oom-pah"): the bass on every beat (root, then fifth),
 * a strummed chord on every "and", a frame drum on the beats, a fiddle moving
 * in eighths. The envelope repeats as well at the half beat; the bass says which
 * pulse is the beat.
 */
export function oomPah(seconds = 30): Piece {
  const tempo = (k: number) => 74 * (1 + 0.015 * Math.sin((2 * Math.PI * k) / 20));
  const tune = [7, 9, 7, 5, 4, 5, 7, 12];
  const piece = compose(
    seconds,
    tempo,
    76,
    2,
    (s, b, chord, bar) => {
      s.tone(b, chord[0] - 24, 0.5, 0.2, 0.004, 0.25);
      s.tone(b + 1, chord[0] - 17, 0.5, 0.18, 0.004, 0.25);
      for (const p of [0.5, 1.5]) s.chord(b + p, chord, 0.4, 0.05, 0.003, 0.15);
      for (const p of [0, 1]) s.kick(b + p, 0.25);
      for (let e = 0; e < 4; e++) s.tone(b + e / 2, 72 + tune[(e + 4 * bar) % 8], 0.5, 0.05, 0.01, 0.3);
    },
    { jitter: 0.015 },
  );
  return inRoom(piece, 1, 0.25);
}

/**
 * Pop at 100 BPM whose bass plays every eighth (the way generated pop sections do): kick on 1 and
 * 3, snare on 2 and 4, open hats on the off-beats, a chord a bar. The bass repeats as well at 200 BPM as
 * at 100, so a bass-on-the-beat cue that could speed the tempo up would double it.
 */
export function eighthBassPop(seconds = 24): Piece {
  const bpm = 100;
  return compose(
    seconds,
    () => bpm,
    bpm,
    4,
    (s, b, chord) => {
      s.kick(b, 0.5);
      s.kick(b + 2, 0.5);
      s.snare(b + 1, 0.3);
      s.snare(b + 3, 0.3);
      for (let e = 0; e < 8; e++) {
        if (e % 2 === 1) s.hat(b + e / 2, 0.16);
        s.tone(b + e / 2, chord[0] - 24, 0.45, 0.14, 0.003, 0.2);
      }
      s.chord(b, chord, 4, 0.04, 0.01, 1.5);
    },
  );
}
