import { MUSIC_RATE, PROGRESSION, Voice } from "./beat-music.ts";
import { inRoom } from "./beat-room.ts";
import { whiteNoise } from "./noise.ts";

// Sound with no pulse to tap, as recorded in a room: a swelling pad, someone talking, wind chimes.

/**
 * Someone talking in a room: syllables at a lively, fairly even rate (about five a second),
 * every second or third one stressed, in phrases of varying length with breaths between.
 */
export function talk(seconds = 30): Float32Array {
  const r = MUSIC_RATE;
  const x = new Float32Array(seconds * r);
  const voice = new Voice(x, whiteNoise(seconds * r, 51), 0.25);
  const rand = whiteNoise(8192, 53);
  let at = 0.3;
  let phrase = 0;
  for (let k = 0; at < seconds - 0.5; k++) {
    const length = 0.1 + 0.05 * (rand[3 * k] + 1);
    const stressed = k % (2 + (k % 3 === 0 ? 1 : 0)) === 0;
    const f0 = (stressed ? 150 : 125) + 20 * rand[3 * k + 1];
    voice.syllable(Math.round(at * r), Math.round(length * r), f0, stressed ? 0.25 : 0.15, 0.3, 2);
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
