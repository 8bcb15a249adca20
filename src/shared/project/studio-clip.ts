import { z } from "zod";
import { beatsLength, beatsPosition } from "./bounded-numbers.ts";
import {
  DEFAULT_AMPLITUDE,
  DEFAULT_CLIP_LENGTH_BEATS,
  DEFAULT_CLIP_NAME,
  DEFAULT_SPEED,
  FADER_MAX,
  FADER_MIN,
  TRANSPOSITION_MAX,
  TRANSPOSITION_MIN,
  WARP_SPEED_MAX,
  WARP_SPEED_MIN,
} from "./constants.ts";
import { loopRegionSchema } from "./loop-region.ts";
import { clipWarpMarkersSchema } from "./warp-marker.ts";

export const clipWarpSchema = z.object({
  enabled: z.boolean().default(false),
  markers: clipWarpMarkersSchema.default(() => []),
  speed: z.number().min(WARP_SPEED_MIN).max(WARP_SPEED_MAX).default(DEFAULT_SPEED),
  /** Set while downbeats are still being analysed; markers grow as they arrive. */
  awaitingAnalysis: z.boolean().default(false),
});

export type ClipWarp = z.infer<typeof clipWarpSchema>;

/**
 * A clip on a track's timeline; fields this version does not know are kept. Overlaps, order,
 * duplicate ids and near-zero lengths are not refused here: normalisation on load repairs them, so a
 * state holding them still parses.
 */
export const studioClipSchema = z.looseObject({
  id: z.string().min(1),
  /** The song clip the audio comes from; null until an upload or recording has been given one. */
  clipId: z.string().min(1).nullable().default(null),
  uploadId: z.string().min(1).nullable().default(null),
  name: z.string().default(DEFAULT_CLIP_NAME),
  /** A CSS colour; null shows the track's colour. */
  color: z.string().nullable().default(null),
  mute: z.boolean().default(false),
  streaming: z.boolean().default(false),
  startBeats: beatsPosition(),
  endBeats: beatsPosition(),
  /** Where in the clip's content, in beats, playback starts (moves when the clip's start is trimmed). */
  readStartBeats: beatsPosition().default(0),
  fadeInBeats: beatsLength().default(0),
  fadeOutBeats: beatsLength().default(0),
  /** Semitones. */
  transposition: z.int().min(TRANSPOSITION_MIN).max(TRANSPOSITION_MAX).default(0),
  /** Ours: keep the voice's formants in place while transposing (for vocals). */
  preserveFormants: z.boolean().default(false),
  amplitude: z.number().min(FADER_MIN).max(FADER_MAX).default(DEFAULT_AMPLITUDE),
  loop: loopRegionSchema.prefault({}),
  warp: clipWarpSchema.prefault({}),
  /**
   * Whether the song clip has reached streaming or complete. True by default: a clip is only placed
   * once resolved (pending generations are clip creation intents), and load drops unresolved clips.
   */
  resolved: z.boolean().default(true),
  awaitingContentAlignment: z.boolean().default(false),
});

export type StudioClip = z.infer<typeof studioClipSchema>;
export type StudioClipInit = Partial<z.input<typeof studioClipSchema>>;

/**
 * A clip with a fresh id; without an end it spans the default clip length from its start, as a clip
 * whose audio duration is not known yet does.
 */
export function newClip(init: StudioClipInit = {}): StudioClip {
  const startBeats = init.startBeats ?? 0;
  return studioClipSchema.parse({
    ...init,
    id: init.id ?? crypto.randomUUID(),
    startBeats,
    endBeats: init.endBeats ?? startBeats + DEFAULT_CLIP_LENGTH_BEATS,
  });
}
