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

/** GET /api/clips/{clip_id}/description: the Describe Clip page's facts, from our own analysis. */
export const clipDescriptionSchema = z.object({
  clip_id: z.string(),
  title: z.string(),
  prompt: z.string(),
  styles: z.string(),
  duration_s: z.number().nullable(),
  /** null when the song has no steady pulse. */
  tempo_bpm: z.number().nullable(),
  /** "A minor"; null when no key is heard. */
  key: z.string().nullable(),
  /** Where the tempo and key come from: the generator's score, or listening to the audio. */
  source: z.enum(["score", "analysis"]),
  sections: z.array(z.object({ kind: z.string(), start_s: z.number(), end_s: z.number() })),
  /** Each audible stem, its level and the instruments playing in it. */
  instruments: z.array(z.object({ stem: z.string(), level_db: z.number(), names: z.array(z.string()) })),
  loudness: z.object({ integrated_lufs: z.number().nullable(), true_peak_db: z.number().nullable() }),
});
export type ClipDescription = z.infer<typeof clipDescriptionSchema>;

export const EDITOR_REQUEST_MESSAGE_MAX = 2000;
/** POST /api/marketplace/editor-requests: what the editor is asked to do with the song. */
export const editorRequestBodySchema = z.object({
  clip_id: z.uuid("Clip ids are UUIDs"),
  message: z
    .string()
    .trim()
    .min(1, "Say what the editor should do")
    .max(EDITOR_REQUEST_MESSAGE_MAX, `At most ${EDITOR_REQUEST_MESSAGE_MAX} characters`),
});
export const editorRequestSchema = z.object({
  id: z.string(),
  clip_id: z.string(),
  clip_title: z.string(),
  user_handle: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type EditorRequest = z.infer<typeof editorRequestSchema>;
/** GET /api/marketplace/editor-requests: staff see every request, others their own. */
export const editorRequestsResponseSchema = z.object({ requests: z.array(editorRequestSchema) });
