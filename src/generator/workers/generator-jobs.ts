// What the generator asks of its worker threads, and what they answer: plain data (a Score is
// structured-cloneable), PCM moved rather than copied.
import type { SourceAnalysis } from "../analysis/analyse-source.ts";
import type { AlignedWord } from "../generator.ts";
import type { InstrumentStemName } from "../render/render-stems.ts";
import type { Score } from "../score.ts";
import type { PcmAudio, SongRequest } from "../song-request.ts";

export type GeneratorJob =
  /** Instrument stems rendered front to back, a chunk of each stem at a time (see StemChunk). */
  | {
      readonly kind: "stems";
      readonly score: Score;
      readonly stems: readonly InstrumentStemName[];
      readonly sampleRate: number;
      /** Frames per chunk: a multiple of the renderer's block, so chunks equal a whole render. */
      readonly chunkFrames: number;
    }
  /** Instrument stems of a (short) score rendered whole and summed: a loudness probe. */
  | {
      readonly kind: "probe";
      readonly score: Score;
      readonly stems: readonly InstrumentStemName[];
      readonly sampleRate: number;
    }
  | { readonly kind: "vocals"; readonly score: Score; readonly sampleRate: number }
  | {
      readonly kind: "master";
      readonly premaster: PcmAudio;
      readonly remaster: SongRequest["remaster"];
    }
  | {
      readonly kind: "speed";
      readonly audio: PcmAudio;
      readonly multiplier: number;
      readonly keepPitch: boolean;
    }
  | { readonly kind: "analyse"; readonly audio: PcmAudio };

/** Progress of a "stems" job: frames [from, from + length) of one stem. */
export interface StemChunk {
  readonly stem: InstrumentStemName;
  readonly from: number;
  readonly audio: PcmAudio;
}

export type GeneratorJobResult =
  | { readonly kind: "stems"; readonly frames: number }
  | { readonly kind: "probe"; readonly audio: PcmAudio }
  | { readonly kind: "vocals"; readonly audio: PcmAudio; readonly alignedWords: AlignedWord[] }
  | { readonly kind: "master"; readonly mix: PcmAudio }
  | { readonly kind: "speed"; readonly audio: PcmAudio }
  | { readonly kind: "analyse"; readonly analysis: SourceAnalysis };

/** The buffers of PCM the sender owns whole, to move with a message (each once). */
export function buffersOf(...audio: PcmAudio[]): ArrayBuffer[] {
  return [...new Set(audio.flatMap((a) => a.channels.map((channel) => channel.buffer as ArrayBuffer)))];
}
