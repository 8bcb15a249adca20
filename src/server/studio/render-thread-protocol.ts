import type { StudioProjectState } from "../../shared/project/index.ts";

/** A source of the state: a stored audio file (any format the server decodes), or demo material. */
export type RenderSource =
  | { readonly id: string; readonly kind: "stored"; readonly bytes: Uint8Array }
  | { readonly id: string; readonly kind: "demo" };

export interface RenderThreadRequest {
  /** Validated and normalised by the caller. */
  readonly state: StudioProjectState;
  readonly sources: readonly RenderSource[];
  readonly sampleRate: number;
  /** mix: the range (beats; the whole song when null) as one stereo mix; tracks: each track alone, whole song. */
  readonly mode:
    | {
        readonly kind: "mix";
        readonly range: { readonly startBeats: number; readonly endBeats: number } | null;
      }
    | { readonly kind: "tracks" };
  readonly maxSeconds: number;
}

export interface RenderedStereo {
  readonly left: Float32Array;
  readonly right: Float32Array;
}

export type RenderThreadResponse =
  | { readonly type: "mix"; readonly audio: RenderedStereo }
  | {
      readonly type: "tracks";
      readonly tracks: readonly { readonly name: string; readonly audio: RenderedStereo }[];
    }
  /** A render the user can act on (too long, unreadable audio): its text is the 4xx detail. */
  | { readonly type: "refused"; readonly detail: string }
  | { readonly type: "error"; readonly error: string };
