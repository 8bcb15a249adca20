// The clip actions' own calls: the sample pack and the action counts.

import { z } from "zod";

/** POST /api/generate/{clip_id}/generate_sample_pack: where the zip is, once made. */
export const samplePackResponseSchema = z.object({ sample_pack_url: z.string() });
export type SamplePackResponse = z.infer<typeof samplePackResponseSchema>;
