import { z } from "zod";
import { clipCreationIntentSchema } from "./clip-creation-intent.ts";
import {
  BALANCE_MAX,
  BALANCE_MIN,
  DEFAULT_AMPLITUDE,
  DEFAULT_TRACK_COLOR,
  DEFAULT_TRACK_NAME,
  FADER_MAX,
  FADER_MIN,
  TRACK_HEIGHT_DEFAULT,
  TRACK_HEIGHT_MIN,
  TRACK_ICONS,
} from "./constants.ts";
import { studioClipSchema } from "./studio-clip.ts";
import { takeLaneSchema } from "./take-lane.ts";
import { trackEqSchema } from "./track-eq.ts";

export const trackIconSchema = z.enum(TRACK_ICONS);

export type TrackIcon = z.infer<typeof trackIconSchema>;

export const trackSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().default(DEFAULT_TRACK_NAME),
  /** A CSS colour. */
  color: z.string().default(DEFAULT_TRACK_COLOR),
  icon: trackIconSchema.default("Audio"),
  mute: z.boolean().default(false),
  solo: z.boolean().default(false),
  /** Armed for recording. */
  arm: z.boolean().default(false),
  amplitude: z.number().min(FADER_MIN).max(FADER_MAX).default(DEFAULT_AMPLITUDE),
  /** -1 is full left, 1 full right. */
  balance: z.number().min(BALANCE_MIN).max(BALANCE_MAX).default(0),
  /** The audio input channel recorded from. */
  input: z.object({ channel: z.int().min(0).default(0) }).prefault({}),
  /** Pixels. */
  height: z.number().min(TRACK_HEIGHT_MIN).default(TRACK_HEIGHT_DEFAULT),
  eq: trackEqSchema.prefault({}),
  /** The instrument the track generates with; null for a plain audio track. */
  instrument: z.string().nullable().default(null),
  clips: z.array(studioClipSchema).default(() => []),
  clipCreationIntents: z.array(clipCreationIntentSchema).default(() => []),
  takeLanes: z.array(takeLaneSchema).default(() => []),
  takeLanesExpanded: z.boolean().default(false),
  /** When set, that lane's clips are rendered in place of the track's own. */
  soloTakeLaneId: z.string().min(1).nullable().default(null),
});

export type Track = z.infer<typeof trackSchema>;
export type TrackInit = Partial<z.input<typeof trackSchema>>;

export const newTrack = (init: TrackInit = {}): Track =>
  trackSchema.parse({ ...init, id: init.id ?? crypto.randomUUID() });
