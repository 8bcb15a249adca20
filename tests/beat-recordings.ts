import { compose, type Feel, MUSIC_RATE, type Piece, PROGRESSION } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";
import { whiteNoise } from "./noise.ts";

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

/** A sustained pad that swells and fades at irregular times, slowly detuned: nothing to tap. */
export function swellingPad(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const rand = whiteNoise(64, 17);
  let at = 0;
  for (let c = 0; at < seconds; c++) {
    const length = 2.5 + 3 * (rand[c] + 1);
    for (const note of PROGRESSION[c % 4]) {
      const f = 440 * 2 ** ((note - 69) / 12);
      const start = Math.round(at * r);
      const n = Math.round((length + 2) * r);
      let phase = 0;
      for (let i = 0; i < n && start + i < x.length; i++) {
        const rise = Math.min(1, i / (2 * r), (n - i) / (2 * r));
        const swell = 1 + 0.3 * Math.sin((2 * Math.PI * 0.23 * i) / r + c);
        phase += (2 * Math.PI * f * (1 + 0.003 * Math.sin((2 * Math.PI * 5.5 * i) / r))) / r;
        x[start + i] += 0.04 * rise * swell * (Math.sin(phase) + 0.4 * Math.sin(2 * phase));
      }
    }
    at += length;
  }
  return inRoom({ channels: [x], sampleRate: r, beats: [], downbeats: [], beatsPerBar: 4 }, 2, 0.4, -60)
    .channels[0];
}

/**
 * A band at 104 BPM stops for four bars (a pad alone) and comes back at 120 BPM with a
 * syncopated fill, the new downbeat a third of a beat off the old grid.
 */
export function breakToFaster(seconds = 34): Piece {
  const tempo = (k: number) => (k < 32 ? 104 : k < 48 ? 100 : 120);
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
 * Someone talking in a room: syllables at a lively, fairly even rate (about five a second),
 * every second or third one stressed, in phrases of varying length with breaths between.
 */
export function talk(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const noise = whiteNoise(seconds * r, 51);
  const rand = whiteNoise(8192, 53);
  let at = 0.3;
  let lowpass = 0;
  let phrase = 0;
  for (let k = 0; at < seconds - 0.5; k++) {
    const length = 0.1 + 0.05 * (rand[3 * k] + 1);
    const stressed = k % (2 + (k % 3 === 0 ? 1 : 0)) === 0;
    const f0 = (stressed ? 150 : 125) + 20 * rand[3 * k + 1];
    const start = Math.round(at * r);
    const n = Math.round(length * r);
    for (let i = 0; i < n && start + i < x.length; i++) {
      const envelope = Math.sin((Math.PI * i) / n) ** 2;
      lowpass += 0.25 * (noise[start + i] - lowpass);
      const voice = Math.sin((2 * Math.PI * f0 * i) / r) + 0.5 * Math.sin((4 * Math.PI * f0 * i) / r);
      x[start + i] += (stressed ? 0.25 : 0.15) * envelope * (0.7 * voice + 0.3 * lowpass);
    }
    at += length + 0.05 + 0.04 * (rand[3 * k + 2] + 1);
    phrase++;
    if (phrase > 6 + 5 * (rand[k + 5000] + 1)) {
      at += 0.35 + 0.3 * (rand[k + 6000] + 1);
      phrase = 0;
    }
  }
  return inRoom({ channels: [x], sampleRate: r, beats: [], downbeats: [], beatsPerBar: 4 }, 0.6, 0.2, -60)
    .channels[0];
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

/** Wind chimes: struck bells at random times (two or three a second), ringing on. */
export function chimes(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const rand = whiteNoise(4096, 61);
  let at = 0.2;
  for (let k = 0; at < seconds; k++) {
    const f = 880 * 2 ** (Math.floor(5 * (rand[2 * k] + 1)) / 5);
    const start = Math.round(at * r);
    for (let i = 0; i < 2 * r && start + i < x.length; i++) {
      x[start + i] += 0.08 * Math.sin((2 * Math.PI * f * i) / r) * Math.exp(-i / (0.6 * r));
    }
    at += -0.4 * Math.log(0.5 * (rand[2 * k + 1] + 1) + 1e-3);
  }
  return x;
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
