// The clip actions' own calls: the sample pack and the action counts.

import { z } from "zod";

/** POST /api/generate/{clip_id}/generate_sample_pack: where the zip is, once made. */
export const samplePackResponseSchema = z.object({ sample_pack_url: z.string() });
export type SamplePackResponse = z.infer<typeof samplePackResponseSchema>;

/** What is counted on a clip (downloads of each kind, shares). */
export const clipActionSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "An action is a lowercase name of at most 40 letters, digits and _");

/** POST /api/gen/{gen_id}/increment_action_count/ */
export const incrementActionBodySchema = z.object({ action: clipActionSchema });
/** POST /api/gen/increment_action_counts/ */
export const incrementActionsBodySchema = z.object({
  action: clipActionSchema,
  gen_ids: z.array(z.uuid("Clip ids are UUIDs")).min(1).max(100),
});
export const actionCountResponseSchema = z.object({ counts: z.record(z.string(), z.number().int()) });
export type ActionCountResponse = z.infer<typeof actionCountResponseSchema>;
