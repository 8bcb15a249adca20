// What the generator is asked for: the generation API's wire body reduced to what shapes the
// music. The server derives it (task, references resolved to their audio and stored plans).

import type { GenerationTask as ReferenceTask } from "../shared/create/task-derivation.ts";
import type { Score } from "./score.ts";

/** Every task value, a plain creation, the library's (remaster, speed, concat) and edit mode's actions. */
export type GenerationTask =
  | ReferenceTask
  | "create"
  | "upsample"
  | "speed"
  | "concat"
  | "edit_crop"
  | "edit_fade"
  | "edit_speed";

/** Decoded audio at the generator's rate: planar channels (1 or 2). */
export interface PcmAudio {
  readonly sampleRate: number;
  readonly channels: readonly Float32Array[];
}

/** A clip the request refers to: its audio, and its score when our generator made it. */
export interface ReferenceClip {
  readonly clipId: string;
  readonly audio: PcmAudio;
  readonly score: Score | null;
  readonly tags: string;
  readonly lyrics: string;
}

export interface SongRequest {
  /** uint32: with the rest of the request, fixes every byte of the output. */
  readonly seed: number;
  readonly task: GenerationTask;
  /** Generator version from the model key (chirp-v3-0 -> 3, ... chirp-crow -> 5): older versions are plainer. */
  readonly version: 3 | 3.5 | 4 | 4.5 | 5;
  readonly title: string;
  /** Styles as typed (comma- or space-separated tags or a description). */
  readonly tags: string;
  readonly negativeTags: string;
  /** Lyrics with section tags; "" with instrumental. */
  readonly lyrics: string;
  readonly instrumental: boolean;
  /** 120..480 when the user set it, else null (the form or the lyrics decide). */
  readonly durationSeconds: number | null;
  readonly vocalGender: "m" | "f" | null;
  /** 0..1; 0.5 when not sent. */
  readonly weirdness: number;
  /** 0..1; 0.5 when not sent. */
  readonly styleWeight: number;
  /** 0..1; 0.5 when not sent (how closely references are followed). */
  readonly audioWeight: number;
  /** cover / extend / infill / overpaint / underpaint / persona root / speed / remaster source. */
  readonly source: ReferenceClip | null;
  /** Playlist, inspiration and sample clips: style drawn from them. */
  readonly inspirations: readonly ReferenceClip[];
  /** extend: where the new part joins, in the source's seconds. */
  readonly continueAt: number | null;
  /**
   * infill: the range replaced, in the source's seconds, and the context window the new material is
   * made from (infill_context_start_s..infill_context_end_s, or include_history_s / include_future_s
   * around the range; end null: to the source's end). Without one the whole source is the context.
   */
  readonly infill: {
    readonly start: number;
    readonly end: number;
    readonly context?: { readonly start: number; readonly end: number | null };
  } | null;
  /** speed: the multiplier and whether the pitch is kept. */
  readonly speed: { readonly multiplier: number; readonly keepPitch: boolean } | null;
  /**
   * edit_crop, edit_speed: the range of the source edited, in its seconds (null: the whole song);
   * edit_crop keeps it, or with `remove` cuts it out; any edit then fades out its last
   * fadeOutSeconds (0: no fade-out). edit_speed takes its factor from `speed`.
   */
  readonly edit?: {
    readonly range: { readonly start: number; readonly end: number } | null;
    readonly remove: boolean;
    readonly fadeOutSeconds: number;
  } | null;
  /** concat: the clips joined, oldest first, each with where it continues the one before. */
  readonly history: readonly { readonly clip: ReferenceClip; readonly continueAt: number | null }[];
  /** upsample (remaster): its sliders, each 0..1 (defaults: freedom 0, the others 0.5). */
  readonly remaster: {
    readonly freedom: number;
    readonly tone: number;
    readonly clarity: number;
    readonly strength: number;
    readonly stereoWidth: number;
  } | null;
  /** persona: the part of the root clip (seconds) whose voice and style are taken (artist_start_s..artist_end_s). */
  readonly artistRange?: { readonly start: number; readonly end: number } | null;
  /** Stem to generate for gen_stem / stem_condition. */
  readonly stem: string | null;
  /** An uploaded source's analysed tempo, key and beats ([seconds, beat number]), so covers and extends match it. */
  readonly analysis?: {
    readonly bpm: number;
    readonly key: { readonly tonic: string; readonly mode: string } | null;
    readonly downbeats: readonly (readonly [number, number])[];
  };
}
