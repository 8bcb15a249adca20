// The seam between the generation API and whatever makes the music: the built-in procedural
// generator (default) or an external model server (src/server/generation/ace-step-adapter.ts).

import type { Score, StemName } from "./score.ts";
import type { PcmAudio, SongRequest } from "./song-request.ts";

export interface AlignedWord {
  readonly word: string;
  readonly start_s: number;
  readonly end_s: number;
}

export interface GeneratedSong {
  /** The clip's audio: mastered stereo at GENERATOR_SAMPLE_RATE. */
  readonly mix: PcmAudio;
  /** Unmastered stems that sum to the mix before mastering; empty for an external model. */
  readonly stems: readonly { readonly name: StemName; readonly audio: PcmAudio }[];
  /** A Standard MIDI File with one track per instrument (and GM drums on channel 10); null when unknown. */
  readonly midi: Uint8Array | null;
  readonly alignedWords: readonly AlignedWord[];
  readonly avgBpm: number;
  /** [seconds, beat number in bar (1-based)] pairs, as the downbeats endpoint serves them. */
  readonly downbeats: readonly (readonly [number, number])[];
  readonly durationSeconds: number;
  /** Cover art (PNG) made from the seed and the style. */
  readonly image: Uint8Array;
  /** The lyrics actually sung (with section tags) and the styles used. */
  readonly lyrics: string;
  readonly tags: string;
  readonly title: string;
  /** Kept with the clip so extend, cover, infill and persona can build on it; null from external models. */
  readonly score: Score | null;
}

export interface GenerationProgress {
  /** Mastered mix audio rendered so far, in order, from `atSeconds`: lets a clip stream while it renders. */
  readonly chunk: PcmAudio;
  readonly atSeconds: number;
}

export interface Generator {
  readonly name: string;
  generate(
    request: SongRequest,
    onProgress: (progress: GenerationProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSong>;
  /**
   * Why this generator cannot carry out a task, in words for the user, or null when it can: asked
   * before a job is taken (and charged), so nobody pays for a task that would only fail.
   */
  refusal?(task: SongRequest["task"]): string | null;
  /**
   * Audio likely to be a source soon (the studio's context render, stored while its form is filled
   * in): what does not depend on the request, such as its analysis, may start now.
   */
  prepare?(source: PcmAudio): void;
  /** Frees worker threads; the process can exit after it. */
  close(): Promise<void>;
}

export const GENERATOR_SAMPLE_RATE = 48000;
