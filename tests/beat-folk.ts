import { compose, type Piece } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";

// Folk dances played by a small band, the way they fooled the tracker on real recordings: the
// beat a listener taps is slow (70 to 80 BPM) and the band fills every half beat, so the
// listeners' range holds twice the tempo too.

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
