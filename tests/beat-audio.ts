import { whiteNoise } from "./noise.ts";

const noise = whiteNoise;

/**
 * A drum pattern in 4/4 with exact truth: a kick (a decaying 60 Hz sine) on beats 1 and 3, a snare
 * (a longer noise burst) on 2 and 4, and a hi-hat click (a short noise burst) on every beat.
 */
export function drumPattern(rate: number, bpm: number, seconds: number) {
  const x = new Float32Array(Math.round(seconds * rate));
  const hat = noise(Math.round(0.03 * rate), 7);
  const snare = noise(Math.round(0.12 * rate), 11);
  const downbeats: number[] = [];
  const add = (start: number, length: number, f: (i: number) => number) => {
    for (let i = 0; i < length && start + i < x.length; i++) x[start + i] += f(i);
  };
  for (let k = 0; (60 * k) / bpm < seconds - 0.05; k++) {
    const t = (60 * k) / bpm;
    const start = Math.round(t * rate);
    const position = k % 4;
    if (position === 0) downbeats.push(t);
    add(start, hat.length, (i) => 0.25 * hat[i] * Math.exp(-i / (0.005 * rate)));
    if (position === 0 || position === 2) {
      const gain = position === 0 ? 0.6 : 0.4;
      add(
        start,
        0.15 * rate,
        (i) => gain * Math.sin((2 * Math.PI * 60 * i) / rate) * Math.exp(-i / (0.05 * rate)),
      );
    } else {
      add(start, snare.length, (i) => 0.2 * snare[i] * Math.exp(-i / (0.03 * rate)));
    }
  }
  return { channels: [x], sampleRate: rate, downbeats };
}
