// Where a sample pack's loops and one-shots are cut from a stem: loops are whole bars at the
// song's tempo (four bars each, starting on a bar line, skipping near-silent ones); one-shots
// are single beats starting on a beat, the loudest distinct ones. File names carry the tempo and key.

import { safeTitle } from "../file-names.ts";

export const BEATS_PER_BAR = 4;
export const BARS_PER_LOOP = 4;
export const LOOPS_PER_STEM = 4;
export const ONE_SHOTS_PER_STEM = 4;
/** Below this RMS (about -50 dBFS) a loop or a hit is silence and is left out. */
export const SILENCE_RMS = 0.003;
/** One-shots are at most this long, a beat at slow tempos being long for a hit. */
export const ONE_SHOT_MAX_SECONDS = 1;

export interface Cut {
  readonly start: number;
  readonly frames: number;
}

export const beatFrames = (bpm: number, sampleRate: number) => (60 / bpm) * sampleRate;

function rms(channels: readonly Float32Array[], cut: Cut): number {
  let sum = 0;
  for (const channel of channels) {
    for (let i = cut.start; i < cut.start + cut.frames; i++) sum += channel[i] * channel[i];
  }
  return Math.sqrt(sum / (cut.frames * channels.length));
}

/** Cuts of `frames` frames every `step` frames from the first downbeat, to the end, the audible ones. */
function audibleCutsOnGrid(
  channels: readonly Float32Array[],
  start: number,
  step: number,
  frames: number,
): Cut[] {
  const length = channels[0]?.length ?? 0;
  const cuts: Cut[] = [];
  for (let k = 0; Math.round(start + k * step) + frames <= length; k++) {
    const cut = { start: Math.round(start + k * step), frames };
    if (rms(channels, cut) >= SILENCE_RMS) cuts.push(cut);
  }
  return cuts;
}

/** Four-bar loops on bar lines (the first downbeat at `firstDownbeat` seconds), the first audible ones. */
export function loopCuts(
  channels: readonly Float32Array[],
  sampleRate: number,
  bpm: number,
  firstDownbeat = 0,
): Cut[] {
  const loop = beatFrames(bpm, sampleRate) * BEATS_PER_BAR * BARS_PER_LOOP;
  return audibleCutsOnGrid(channels, firstDownbeat * sampleRate, loop, Math.round(loop)).slice(
    0,
    LOOPS_PER_STEM,
  );
}

/** Peak of a cut's first few milliseconds: what makes a beat a hit. */
function attack(channels: readonly Float32Array[], start: number, frames: number): number {
  let peak = 0;
  for (const channel of channels) {
    for (let i = start; i < start + frames; i++) peak = Math.max(peak, Math.abs(channel[i]));
  }
  return peak;
}

/** The loudest-attacking beats (one beat long, at most a second), in time order, with distinct levels. */
export function oneShotCuts(
  channels: readonly Float32Array[],
  sampleRate: number,
  bpm: number,
  firstDownbeat = 0,
): Cut[] {
  const beat = beatFrames(bpm, sampleRate);
  const frames = Math.round(Math.min(beat, ONE_SHOT_MAX_SECONDS * sampleRate));
  const attackFrames = Math.round(0.02 * sampleRate);
  const beats = audibleCutsOnGrid(channels, firstDownbeat * sampleRate, beat, frames).map((cut) => ({
    cut,
    level: attack(channels, cut.start, attackFrames),
  }));
  // Hits of the same level (within 1 dB) are taken as repeats of one sound: one of each.
  const chosen: { cut: Cut; level: number }[] = [];
  for (const candidate of [...beats].sort((a, b) => b.level - a.level)) {
    if (chosen.length === ONE_SHOTS_PER_STEM) break;
    if (chosen.some((c) => Math.abs(20 * Math.log10(c.level / candidate.level)) < 1)) continue;
    chosen.push(candidate);
  }
  return chosen.map((c) => c.cut).sort((a, b) => a.start - b.start);
}

/** "A minor" from a score's key; "C major" stays as is. */
export const keyName = (key: { readonly tonic: string; readonly mode: string }) => `${key.tonic} ${key.mode}`;

/** A file's name in the pack: the song, the part, the tempo (whole BPM) and the key when there is one. */
export function samplePackFileName(title: string, part: string, bpm: number, key: string | null): string {
  return `${safeTitle(title)} - ${part} - ${Math.round(bpm)} BPM${key ? ` - ${key}` : ""}.wav`;
}
