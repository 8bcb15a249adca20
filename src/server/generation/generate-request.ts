import { CREATE_CREDIT_COST, type ModelDefinition } from "../../shared/api/billing.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  DEFAULT_BATCH_SIZE,
  DURATION_MAX_S,
  DURATION_MIN_S,
  type GenerateBody,
  PERSONA_DURATION_MAX_S,
} from "../../shared/api/generate.ts";
import type { User } from "../db/schema.ts";
import type { ClipToMake, JobSubmission } from "./job-store.ts";
import { generatorVersion } from "./model-choice.ts";
import type { ResolvedReferences } from "./request-references.ts";
import { isSimpleMode } from "./request-texts.ts";
import { clipSeeds } from "./seeds.ts";
import { basePlan, type StoredPlan } from "./stored-plan.ts";

const text = (value: string | null | undefined) => (value ?? "").trim();

/** 000: the duration is honoured only between 120 and 480 s; persona songs are at most 4 minutes. */
function durationFor(body: GenerateBody, resolved: ResolvedReferences): number | null {
  const duration = body.duration;
  if (duration === null || duration === undefined || duration < DURATION_MIN_S || duration > DURATION_MAX_S) {
    return null;
  }
  return resolved.personaId !== null ? Math.min(duration, PERSONA_DURATION_MAX_S) : duration;
}

/** 000: custom mode with blank lyrics and no mumble mode means instrumental. */
function isInstrumental(body: GenerateBody): boolean {
  if (body.make_instrumental) return true;
  return !isSimpleMode(body) && text(body.prompt) === "" && !body.metadata?.is_mumble;
}

/** The job's plan from a checked wire body and its resolved references. */
export function planFromBody(
  body: GenerateBody,
  model: ModelDefinition,
  resolved: ResolvedReferences,
): StoredPlan {
  const sliders = body.metadata?.control_sliders;
  const instrumental = isInstrumental(body);
  const stemTask = resolved.task === "gen_stem" || resolved.task.includes("stem_condition");
  return {
    ...basePlan(resolved.task, generatorVersion(model)),
    title: text(body.title),
    tags: text(body.tags),
    negativeTags: text(body.negative_tags),
    lyrics: instrumental ? "" : text(body.prompt),
    description: isSimpleMode(body) ? text(body.gpt_description_prompt) : null,
    instrumental,
    durationSeconds: durationFor(body, resolved),
    vocalGender: body.metadata?.vocal_gender ?? null,
    weirdness: sliders?.weirdness_constraint ?? 0.5,
    styleWeight: sliders?.style_weight ?? 0.5,
    audioWeight: sliders?.audio_weight ?? 0.5,
    sourceClipId: resolved.source?.id ?? null,
    inspirationClipIds: resolved.inspirations.map((clip) => clip.id),
    continueAt: resolved.continueAt,
    infill: resolved.infill,
    artistRange: resolved.artistRange,
    stem: stemTask ? text(body.stem_type_group_name ?? body.stem_control_tags) || null : null,
  };
}

/** The clip type (001 metadata.type) a task makes. */
function clipType(task: string): ClipMetadata["type"] {
  if (task === "extend" || task === "artist_extend") return "extend";
  if (task === "upload_extend") return "upload_extend";
  if (task === "gen_stem") return "stem";
  return "gen";
}

/** The metadata every clip of the request starts with: what was asked, as 001's fields. */
export function requestMetadata(
  body: GenerateBody,
  plan: StoredPlan,
  resolved: ResolvedReferences,
): ClipMetadata {
  const infill = plan.infill !== null;
  return {
    type: clipType(plan.task),
    task: plan.task,
    prompt: plan.lyrics,
    tags: plan.tags,
    negative_tags: plan.negativeTags,
    gpt_description_prompt: plan.description,
    duration: null,
    has_vocal: !plan.instrumental,
    persona_id: resolved.personaId,
    cover_clip_id: body.cover_clip_id ?? null,
    cover_start_s: body.cover_start_s ?? null,
    cover_end_s: body.cover_end_s ?? null,
    artist_clip_id: body.artist_clip_id ?? null,
    artist_start_s: body.artist_start_s ?? null,
    artist_end_s: body.artist_end_s ?? null,
    is_remix: body.metadata?.is_remix ?? null,
    infill: infill || null,
    continued_aligned_prompt: body.continued_aligned_prompt ?? null,
    stem_type_id: body.stem_type_id ?? null,
    stem_type_group_name: body.stem_type_group_name ?? null,
    stem_task: body.stem_task ?? null,
    from_studio_project_id: body.metadata?.from_studio_project_id ?? null,
    history:
      resolved.source && (plan.continueAt !== null || infill)
        ? [
            {
              id: resolved.source.id,
              type: resolved.source.metadata.type ?? "gen",
              continue_at: plan.continueAt,
              infill_start_s: plan.infill?.start ?? null,
              infill_end_s: plan.infill?.end ?? null,
              ...(plan.infill?.context
                ? {
                    infill_context_start_s: plan.infill.context.start,
                    infill_context_end_s: plan.infill.context.end,
                  }
                : {}),
            },
          ]
        : null,
    can_remix: true,
  };
}

/** The batch: one clip per seed, all starting from the request's title and metadata. */
export function clipsToMake(body: GenerateBody, plan: StoredPlan, metadata: ClipMetadata): ClipToMake[] {
  const count = plan.task.includes("stem_condition") ? 2 : (body.batch_size ?? DEFAULT_BATCH_SIZE);
  return clipSeeds(body.transaction_uuid, count).map((seed) => ({
    title: plan.title,
    metadata,
    seed,
    personaId: metadata.persona_id ?? null,
  }));
}

/** The major model version as clips show it (001 major_model_version): "v4.5", "v5", ... */
export const majorModelVersion = (model: ModelDefinition) => model.tier.toLowerCase();

/**
 * The job a generation from a Create body makes, priced as a Create: its plan, the model's version
 * and the batch of clips, in `projectId`'s workspace when one is given.
 */
export function createSubmission(
  user: User,
  model: ModelDefinition,
  body: GenerateBody,
  plan: StoredPlan,
  metadata: ClipMetadata,
  options: { readonly reason?: string; readonly projectId?: string | null } = {},
): JobSubmission {
  const { projectId = null } = options;
  return {
    user,
    kind: "generate",
    modelKey: model.external_key,
    majorModelVersion: majorModelVersion(model),
    plan,
    credits: CREATE_CREDIT_COST,
    reason: options.reason ?? `generation (${plan.task})`,
    clips: clipsToMake(body, plan, metadata).map((clip) => ({ ...clip, projectId })),
  };
}
