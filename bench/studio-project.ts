// The studio bench's project: 64 tracks and 1,000 clips of the demo's material (so every clip has
// audio and a waveform), with fades and loops, about five minutes long at the demo's tempo.

import { demoProject } from "../src/engine/demo/demo-project.ts";
import { newClip, newProjectState, newTrack, type StudioProjectState } from "../src/shared/project/index.ts";

export const BENCH_TRACKS = 64;
export const BENCH_CLIPS = 1000;

const SOURCES = [
  ["kick", 4],
  ["snare", 4],
  ["hats", 4],
  ["bass", 16],
  ["chords", 16],
  ["lead", 8],
  ["pad", 32],
  ["riser", 4],
] as const;

const COLORS = ["#ef5350", "#ff7043", "#ffca28", "#66bb6a", "#42a5f5", "#ab47bc", "#26c6da", "#8d6e63"];

/** Deterministic: the same project on every run. */
export function benchProject(): StudioProjectState {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const tracks = Array.from({ length: BENCH_TRACKS }, (_, t) => {
    const [source, sourceBeats] = SOURCES[t % SOURCES.length];
    // 1,000 clips over 64 tracks: 15 or 16 each.
    const count =
      Math.floor(((t + 1) * BENCH_CLIPS) / BENCH_TRACKS) - Math.floor((t * BENCH_CLIPS) / BENCH_TRACKS);
    let at = Math.floor(random() * 4);
    const clips = Array.from({ length: count }, (_, c) => {
      const length = 4 + Math.floor(random() * 4) * 2;
      const startBeats = at;
      at += length + (random() < 0.3 ? 2 : 0);
      return newClip({
        id: `bench-${t}-${c}`,
        clipId: `demo-${source}`,
        name: `${source} ${c + 1}`,
        startBeats,
        endBeats: startBeats + length,
        fadeInBeats: random() < 0.3 ? 1 : 0,
        fadeOutBeats: random() < 0.3 ? 1 : 0,
        loop: { enabled: length > sourceBeats, startBeats: 0, endBeats: sourceBeats },
      });
    });
    return newTrack({
      id: `bench-track-${t}`,
      name: `Track ${t + 1}`,
      color: COLORS[t % COLORS.length],
      clips,
      eq: { enabled: t % 3 === 0 },
    });
  });
  return newProjectState({ title: "Bench", timing: demoProject().timing, tracks, loop: { enabled: false } });
}
