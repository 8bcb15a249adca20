// What the host sends the engine: small patches addressed by slot. The host
// owns slot assignment (so it knows where each track's meters are) and
// validates every patch before sending; the engine applies them as they come.
// All positions are timeline frames at the engine's sample rate.

export interface EqStagePatch {
  readonly enabled: boolean;
  readonly frequency: number;
  readonly q: number;
  /** dB; ignored by the high- and low-pass stages. */
  readonly gain: number;
}

export interface TrackPatch {
  readonly op: "track";
  readonly slot: number;
  readonly amplitude: number;
  readonly balance: number;
  readonly mute: boolean;
  readonly solo: boolean;
  readonly eq: {
    readonly enabled: boolean;
    /** In the engine's stage order: high-pass, band1..band4, low-pass (dsp/track-eq.ts). */
    readonly stages: readonly EqStagePatch[];
  };
}

/** How a clip sounds, in timeline frames: shared by the host's render plan and the clip patch. */
export interface ClipSound {
  readonly start: number;
  readonly end: number;
  /** Source frame heard at `start`. */
  readonly sourceStart: number;
  readonly amplitude: number;
  readonly mute: boolean;
  readonly fadeIn: number;
  readonly fadeOut: number;
  readonly loop: { readonly enabled: boolean; readonly start: number; readonly end: number };
  /** Semitones (-24..24); absent or 0: untransposed. */
  readonly transposition?: number;
  /** Keep the formants (spectral envelope) when transposing; absent: off. */
  readonly formant?: boolean;
  /**
   * The warp map: (timeline frame, source frame) pairs, interleaved, increasing
   * in both; past either end the nearest segment's slope continues. Source
   * frames run on through the clip loop (unrolled): the voice wraps them into
   * loop.start..loop.end, which are then source frames. Absent, null or empty:
   * unwarped (source frame = sourceStart + t - start). A warped or transposed
   * clip reads through a time-stretcher.
   */
  readonly warp?: Float64Array | null;
}

export interface ClipPatch extends ClipSound {
  readonly op: "clip";
  readonly slot: number;
  readonly track: number;
  readonly source: number;
}

/** A source's PCM at the engine's rate, one array per channel; `data` may be only the first part. */
export interface SourcePatch {
  readonly op: "source";
  readonly slot: number;
  readonly frames: number;
  readonly data: readonly Float32Array[];
}

/** More of a streaming source's PCM, from frame `offset`. */
export interface SourceAppendPatch {
  readonly op: "source-append";
  readonly slot: number;
  readonly offset: number;
  readonly data: readonly Float32Array[];
}

export interface MasterPatch {
  readonly op: "master";
  readonly amplitude: number;
  readonly songFadeInEnd: number;
  readonly songFadeOutStart: number;
  readonly songFadeOutEnd: number;
}

export interface LoopPatch {
  readonly op: "loop";
  readonly enabled: boolean;
  readonly start: number;
  readonly end: number;
}

export interface MetronomePatch {
  readonly op: "metronome";
  readonly enabled: boolean;
  readonly amplitude: number;
  readonly beatsPerBar: number;
  /** Timeline frames of beats 0, 1, 2, ... */
  readonly beats: Float64Array;
}

export type RemovePatch = {
  readonly op: "track-remove" | "clip-remove" | "source-release";
  readonly slot: number;
};

export type TransportCommand =
  | { readonly op: "play" }
  | { readonly op: "stop" }
  | { readonly op: "seek"; readonly frame: number };

export type EnginePatch =
  | TrackPatch
  | ClipPatch
  | SourcePatch
  | SourceAppendPatch
  | MasterPatch
  | LoopPatch
  | MetronomePatch
  | RemovePatch
  | TransportCommand;
