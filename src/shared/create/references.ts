import { z } from "zod";

// The references of a generation request, plus the infill and stem operations the combination
// rules name. Task derivation and the combination rules read only these.

const clipId = z.string().trim().min(1).max(100);
const secondsValue = z.number().finite().min(0);

export const INFILL_VARIANTS = ["infill", "fixed_infill", "infill_intro", "infill_outro"] as const;
export type InfillVariant = (typeof INFILL_VARIANTS)[number];

export const referenceSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("cover"),
    clipId,
    startSeconds: secondsValue.optional(),
    endSeconds: secondsValue.optional(),
  }),
  z.object({ type: z.literal("sample"), sampleClipIds: z.array(clipId).min(1) }),
  z.object({
    type: z.literal("persona"),
    /** The persona's root clip; null until the server looks it up from personaId. */
    clipId: clipId.nullable(),
    /** Null for an artist clip used without a saved persona. */
    personaId: clipId.nullable(),
    startSeconds: secondsValue.optional(),
    endSeconds: secondsValue.optional(),
  }),
  z.object({ type: z.literal("playlist"), playlistId: clipId, playlistClipIds: z.array(clipId) }),
  z.object({ type: z.literal("underpaint"), clipId }),
  z.object({ type: z.literal("overpaint"), clipId }),
  z.object({
    type: z.literal("extend"),
    clipId,
    /** The clip is the user's own upload: the task is upload_extend. */
    isUpload: z.boolean(),
    startSeconds: secondsValue,
    contextLyrics: z.string().optional(),
    lyricsUpdated: z.boolean().optional(),
  }),
  z.object({
    type: z.literal("infill"),
    clipId,
    variant: z.enum(INFILL_VARIANTS),
    startSeconds: secondsValue.optional(),
    endSeconds: secondsValue.optional(),
    /** Generate-full-context infill also needs the context boundaries. */
    generateFullContext: z.boolean(),
    contextStartSeconds: secondsValue.optional(),
    contextEndSeconds: secondsValue.optional(),
  }),
  z.object({ type: z.literal("gen_stem"), clipId }),
  z.object({
    type: z.literal("stem_condition"),
    clipId,
    startSeconds: secondsValue.optional(),
    endSeconds: secondsValue.optional(),
  }),
]);
export type Reference = z.infer<typeof referenceSchema>;
export type ReferenceType = Reference["type"];

export const referencesSchema = z.array(referenceSchema);

export interface ReferenceOptions {
  /** The request's voxPersonaConfig.enabled. */
  readonly voxPersonaEnabled: boolean;
}

export const hasReference = (references: readonly Reference[], type: ReferenceType): boolean =>
  references.some((reference) => reference.type === type);

export function findReference<T extends ReferenceType>(
  references: readonly Reference[],
  type: T,
): Extract<Reference, { type: T }> | undefined {
  return references.find(
    (reference): reference is Extract<Reference, { type: T }> => reference.type === type,
  );
}
