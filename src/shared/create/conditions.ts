import { z } from "zod";
import { voxPersonaConfigSchema } from "./vox-persona.ts";

// The create form's conditions: untimed ones, each kind at most once, and at
// most one timed condition (add instrumental, add vocals, extend, replace section).

const id = z.string().trim().min(1).max(100);
const secondsValue = z.number().finite().min(0);

/** The most inspiration clips and sample clips a request may hold. */
export const INSPIRATION_CLIPS_MAX = 4;
export const SAMPLE_CLIPS_MAX = 10;

export const personaConditionSchema = z.object({
  personaId: id,
  /** The persona's root clip (its voice and style). */
  clipId: id,
  startSeconds: secondsValue.nullable(),
  endSeconds: secondsValue.nullable(),
  personaName: z.string(),
  personaImageUrl: z.string().nullable(),
  /** The persona clip's styles as copied into the form, so clearing it can tell if they were edited. */
  tags: z.string(),
  negativeTags: z.string(),
});
export type PersonaCondition = z.infer<typeof personaConditionSchema>;

export const untimedConditionsSchema = z.object({
  cover: z.object({ clipId: id }).optional(),
  sample: z.object({ clipIds: z.array(id).max(SAMPLE_CLIPS_MAX) }).optional(),
  persona: personaConditionSchema.optional(),
  playlist: z.object({ playlistId: id, playlistName: z.string() }).optional(),
  inspiration: z.object({ clipIds: z.array(id).max(INSPIRATION_CLIPS_MAX) }).optional(),
  chameleon: z
    .object({ enabled: z.boolean(), targetUserId: z.string().nullable(), personalizeLyrics: z.boolean() })
    .optional(),
  voxPersona: voxPersonaConfigSchema.optional(),
  /** Styles and lyrics reused from a clip. */
  reuseStylesLyrics: z.object({ clipId: id }).optional(),
});
export type UntimedConditions = z.infer<typeof untimedConditionsSchema>;
export type UntimedConditionType = keyof UntimedConditions;

export const TIMED_CONDITION_TYPES = ["underpaint", "overpaint", "extend", "infill"] as const;
export type TimedConditionType = (typeof TIMED_CONDITION_TYPES)[number];

export const timedConditionSchema = z.discriminatedUnion("type", [
  /** Add instrumental to the clip's vocals. */
  z.object({ type: z.literal("underpaint"), clipId: id }),
  /** Add vocals to the clip's instrumental. */
  z.object({ type: z.literal("overpaint"), clipId: id }),
  z.object({ type: z.literal("extend"), clipId: id, startSeconds: secondsValue, isUpload: z.boolean() }),
  /** Replace a section. */
  z.object({ type: z.literal("infill"), clipId: id, startSeconds: secondsValue, endSeconds: secondsValue }),
]);
export type TimedCondition = z.infer<typeof timedConditionSchema>;

export const conditionsSchema = z.object({
  untimed: untimedConditionsSchema,
  timed: timedConditionSchema.nullable(),
});
export type Conditions = z.infer<typeof conditionsSchema>;

export const NO_CONDITIONS: Conditions = { untimed: {}, timed: null };

export function withUntimed<K extends UntimedConditionType>(
  conditions: Conditions,
  type: K,
  value: NonNullable<UntimedConditions[K]>,
): Conditions {
  return { ...conditions, untimed: { ...conditions.untimed, [type]: value } };
}

export function withoutUntimed(conditions: Conditions, type: UntimedConditionType): Conditions {
  if (conditions.untimed[type] === undefined) return conditions;
  const { [type]: _removed, ...rest } = conditions.untimed;
  return { ...conditions, untimed: rest };
}

/** Setting a timed condition replaces the one before: only one at a time. */
export const withTimed = (conditions: Conditions, timed: TimedCondition | null): Conditions => ({
  ...conditions,
  timed,
});

export const voxPersonaEnabled = (conditions: Conditions): boolean =>
  conditions.untimed.voxPersona?.enabled === true;

/** Inspiration counts as a condition only with clips in it. */
export const hasInspirationClips = (conditions: Conditions): boolean =>
  (conditions.untimed.inspiration?.clipIds.length ?? 0) > 0;

/** Distinct ids in first-seen order, at most `max`: whether any were cut is the caller's notice. */
export function distinctClipIds(
  clipIds: readonly string[],
  max: number,
): { clipIds: string[]; truncated: boolean } {
  const distinct = [...new Set(clipIds)];
  return { clipIds: distinct.slice(0, max), truncated: distinct.length > max };
}
