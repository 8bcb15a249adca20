import type { GenerateBody } from "../api/generate.ts";
import { INFILL_VARIANTS, type InfillVariant, type Reference, type ReferenceOptions } from "./references.ts";
import { voxPersonaEnabledIn } from "./vox-persona.ts";

/** What only the server knows about the clips a wire body names. */
export interface WireClipFacts {
  /** The continue clip is the user's own upload (metadata type upload). */
  readonly continueClipIsUpload: boolean;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;
const orUndefined = (value: number | null | undefined): number | undefined => value ?? undefined;

const infillVariant = (task: string | null | undefined): InfillVariant =>
  INFILL_VARIANTS.find((variant) => variant !== "infill" && variant === task) ?? "infill";

/**
 * The references a wire body carries, for the combination rules and task derivation on the server.
 * The continue clip is an infill when infill bounds (or an infill task) come with it, else an extend;
 * the stem clip is gen_stem when the task or stem task says so, else a stem condition.
 */
export function referencesFromWireBody(body: GenerateBody, facts: WireClipFacts): Reference[] {
  const references: Reference[] = [];
  if (body.cover_clip_id) {
    references.push({
      type: "cover",
      clipId: body.cover_clip_id,
      startSeconds: orUndefined(body.cover_start_s),
      endSeconds: orUndefined(body.cover_end_s),
    });
  }
  if (body.persona_id || body.artist_clip_id) {
    references.push({
      type: "persona",
      clipId: body.artist_clip_id ?? null,
      personaId: body.persona_id ?? null,
      startSeconds: orUndefined(body.artist_start_s),
      endSeconds: orUndefined(body.artist_end_s),
    });
  }
  if (body.continue_clip_id) {
    const infillTask = INFILL_VARIANTS.some((variant) => variant === body.task);
    if (infillTask || present(body.infill_start_s) || present(body.infill_end_s)) {
      references.push({
        type: "infill",
        clipId: body.continue_clip_id,
        variant: infillVariant(body.task),
        startSeconds: orUndefined(body.infill_start_s),
        endSeconds: orUndefined(body.infill_end_s),
        generateFullContext: present(body.infill_context_start_s) || present(body.infill_context_end_s),
        contextStartSeconds: orUndefined(body.infill_context_start_s),
        contextEndSeconds: orUndefined(body.infill_context_end_s),
      });
    } else {
      references.push({
        type: "extend",
        clipId: body.continue_clip_id,
        isUpload: facts.continueClipIsUpload,
        startSeconds: body.continue_at ?? 0,
      });
    }
  }
  if (body.stem_condition_clip_id) {
    const genStem = body.task === "gen_stem" || body.stem_task === "gen_stem";
    references.push(
      genStem
        ? { type: "gen_stem", clipId: body.stem_condition_clip_id }
        : {
            type: "stem_condition",
            clipId: body.stem_condition_clip_id,
            startSeconds: orUndefined(body.stem_condition_start_s),
            endSeconds: orUndefined(body.stem_condition_end_s),
          },
    );
  }
  if (body.playlist_id) {
    references.push({
      type: "playlist",
      playlistId: body.playlist_id,
      playlistClipIds: body.playlist_clip_ids ?? [],
    });
  }
  if (body.sample_clip_ids && body.sample_clip_ids.length > 0) {
    references.push({ type: "sample", sampleClipIds: body.sample_clip_ids });
  }
  if (body.underpainting_clip_id) references.push({ type: "underpaint", clipId: body.underpainting_clip_id });
  if (body.overpainting_clip_id) references.push({ type: "overpaint", clipId: body.overpainting_clip_id });
  return references;
}

export const referenceOptionsFromWireBody = (body: GenerateBody): ReferenceOptions => ({
  voxPersonaEnabled: voxPersonaEnabledIn(body.metadata?.forced_infer_config),
});
