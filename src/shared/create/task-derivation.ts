import { referenceCombinationProblem } from "./reference-rules.ts";
import { findReference, hasReference, type Reference, type ReferenceOptions } from "./references.ts";

/** The 23 task values; a request without references has no task. */
export const GENERATION_TASKS = [
  "cover",
  "extend",
  "upload_extend",
  "artist_consistency",
  "vox",
  "infill",
  "fixed_infill",
  "infill_intro",
  "infill_outro",
  "cover_infill",
  "artist_infill",
  "gen_stem",
  "stem_condition",
  "stem_condition_infill",
  "cover_stem_condition",
  "artist_cover",
  "vox_cover",
  "artist_extend",
  "playlist_condition",
  "vox_playlist_condition",
  "underpainting",
  "overpainting",
  "sample_condition",
] as const;
export type GenerationTask = (typeof GENERATION_TASKS)[number];

export const isGenerationTask = (value: unknown): value is GenerationTask =>
  (GENERATION_TASKS as readonly unknown[]).includes(value);

/**
 * The task a set of references asks for, or null for a plain generation. Defined for every set; for a
 * set the combination rules refuse (see taskForReferences) the answer names its leading operation.
 * cover_infill and artist_infill are derived here although the rules do not support them yet.
 */
export function deriveTask(
  references: readonly Reference[],
  options: ReferenceOptions,
): GenerationTask | null {
  const has = (type: Reference["type"]) => hasReference(references, type);
  const vox = options.voxPersonaEnabled;
  if (has("sample")) return "sample_condition";
  if (has("gen_stem")) return "gen_stem";
  if (has("underpaint")) return "underpainting";
  if (has("overpaint")) return "overpainting";
  if (has("stem_condition")) {
    if (has("infill")) return "stem_condition_infill";
    return has("cover") ? "cover_stem_condition" : "stem_condition";
  }
  if (has("playlist")) return has("persona") ? "vox_playlist_condition" : "playlist_condition";
  const infill = findReference(references, "infill");
  if (infill) {
    if (has("cover")) return "cover_infill";
    if (has("persona")) return "artist_infill";
    return infill.variant;
  }
  const extend = findReference(references, "extend");
  if (extend) {
    if (has("persona")) return "artist_extend";
    return extend.isUpload ? "upload_extend" : "extend";
  }
  if (has("cover")) {
    if (has("persona")) return vox ? "vox_cover" : "artist_cover";
    return "cover";
  }
  if (has("persona")) return vox ? "vox" : "artist_consistency";
  return null;
}

export type TaskResolution =
  | { readonly ok: true; readonly task: GenerationTask | null }
  | { readonly ok: false; readonly message: string };

/** The combination rules first (their message when broken), then the task. */
export function taskForReferences(
  references: readonly Reference[],
  options: ReferenceOptions,
): TaskResolution {
  const message = referenceCombinationProblem(references, options);
  if (message !== null) return { ok: false, message };
  return { ok: true, task: deriveTask(references, options) };
}
