import type { Session } from "../api/accounts.ts";
import { type BillingModel, type ModelTier, modelTierFromKey } from "../api/billing.ts";
import { DURATION_MAX_S, DURATION_MIN_S, type GenerateBody, generateBodySchema } from "../api/generate.ts";
import { distinctClipIds, SAMPLE_CLIPS_MAX, voxPersonaEnabled } from "./conditions.ts";
import {
  type CreateFormState,
  DEFAULT_GENERATION_TYPE,
  SLIDER_DEFAULT_PERCENT,
  type VocalGender,
} from "./form-state.ts";
import { cutText } from "./input-truncation.ts";
import { modelAllowsControlSliders, modelAllowsMumbleMode } from "./model-rules.ts";
import type { Reference } from "./references.ts";
import { deriveTask, type GenerationTask } from "./task-derivation.ts";
import { forcedInferConfigFor, VOX_PERSONA_DEFAULTS, type VoxPersonaConfig } from "./vox-persona.ts";

// Request assembly: form state -> the generation request -> the wire body.

export type PromptForm =
  | {
      readonly kind: "custom";
      readonly tags: string;
      readonly negativeTags: string;
      readonly lyrics: string;
      /** What auto lyrics are about (the lyrics prompt). */
      readonly lyricsSubject: string;
      readonly lyricsModel: string;
      readonly title: string;
      readonly lastLyricsGeneration: unknown;
      readonly instrumental: boolean;
    }
  | {
      readonly kind: "one_box";
      readonly prompt: string;
      readonly lyricsModel: string;
      readonly instrumental: boolean;
    };

export interface ControlSliders {
  readonly weirdnessConstraint?: number;
  readonly styleWeight?: number;
  readonly audioWeight?: number;
}

export interface GenerationRequest {
  readonly modelTier: ModelTier;
  /** The model key sent as mv. */
  readonly modelOverride: string;
  readonly projectId: string | null;
  readonly prompt: PromptForm;
  readonly references: readonly Reference[];
  readonly task: GenerationTask | null;
  /** Null when the model takes no sliders or every slider is at its default. */
  readonly controlSliders: ControlSliders | null;
  readonly mumbleMode: boolean;
  readonly enablePersonalization: boolean;
  readonly personalizationTargetUserId: string | null;
  readonly doPersonalizeLyrics: boolean;
  readonly voxPersonaConfig: VoxPersonaConfig | null;
  readonly maxMode: boolean;
  readonly vocalGender: "m" | "f" | null;
  readonly isRemix: boolean;
  /** Seconds, only when set between 120 and 480 inclusive. */
  readonly duration: number | null;
  /** The form's generation type (TEXT unless something else set it). */
  readonly generationType: string;
}

const blank = (text: string): boolean => text.trim() === "";

const VOCAL_GENDER_CODES: Record<VocalGender, "m" | "f" | null> = {
  male: "m",
  female: "f",
  unspecified: null,
};

/** Seconds only between 120 and 480 inclusive. */
export const durationToSend = (seconds: number | null): number | null =>
  seconds !== null && seconds >= DURATION_MIN_S && seconds <= DURATION_MAX_S ? seconds : null;

/** A percentage slider scaled to 0..1, or undefined at its default (omitted). */
const scaled = (percent: number): number | undefined =>
  percent === SLIDER_DEFAULT_PERCENT ? undefined : Number((percent / 100).toFixed(4));

/**
 * The references the conditions make. Inspiration clips narrow a playlist's songs; without a
 * playlist they go as sample clips (with any samples, at most 10 distinct).
 */
export function referencesFromConditions(state: CreateFormState): Reference[] {
  const { untimed, timed } = state.global.conditions;
  const references: Reference[] = [];
  if (untimed.cover) references.push({ type: "cover", clipId: untimed.cover.clipId });
  if (untimed.persona) {
    const { clipId, personaId, startSeconds, endSeconds } = untimed.persona;
    references.push({
      type: "persona",
      clipId,
      personaId,
      startSeconds: startSeconds ?? undefined,
      endSeconds: endSeconds ?? undefined,
    });
  }
  const inspiration = untimed.inspiration?.clipIds ?? [];
  if (untimed.playlist) {
    references.push({
      type: "playlist",
      playlistId: untimed.playlist.playlistId,
      playlistClipIds: inspiration,
    });
  }
  const samples = distinctClipIds(
    [...(untimed.sample?.clipIds ?? []), ...(untimed.playlist ? [] : inspiration)],
    SAMPLE_CLIPS_MAX,
  ).clipIds;
  if (samples.length > 0) references.push({ type: "sample", sampleClipIds: samples });
  if (timed?.type === "underpaint" || timed?.type === "overpaint") {
    references.push({ type: timed.type, clipId: timed.clipId });
  }
  if (timed?.type === "extend") {
    references.push({
      type: "extend",
      clipId: timed.clipId,
      isUpload: timed.isUpload,
      startSeconds: timed.startSeconds,
    });
  }
  if (timed?.type === "infill") {
    references.push({
      type: "infill",
      clipId: timed.clipId,
      variant: "infill",
      startSeconds: timed.startSeconds,
      endSeconds: timed.endSeconds,
      generateFullContext: false,
    });
  }
  return references;
}

function promptForm(state: CreateFormState, mumbleMode: boolean): PromptForm {
  const lyricsModel = state.global.lyricsModel;
  if (state.global.mode === "simple") {
    return {
      kind: "one_box",
      prompt: state.simple.prompt.trim(),
      lyricsModel,
      instrumental: state.simple.instrumental,
    };
  }
  const custom = state.custom;
  // Auto lyrics written from a subject are not blank lyrics: the song sings them.
  const autoLyrics = custom.lyricsMode === "auto" && !blank(custom.lyricsPrompt);
  const instrumental = blank(custom.lyrics) && !mumbleMode && !autoLyrics;
  return {
    kind: "custom",
    tags: custom.styles.trim(),
    negativeTags: state.other.excludeStylesEnabled ? custom.excludeStyles.trim() : "",
    lyrics: instrumental ? "" : custom.lyrics,
    lyricsSubject: custom.lyricsPrompt.trim(),
    lyricsModel,
    title: custom.title.trim(),
    lastLyricsGeneration: custom.lastLyricsGeneration,
    instrumental,
  };
}

function controlSliders(state: CreateFormState, references: readonly Reference[]): ControlSliders | null {
  if (!modelAllowsControlSliders(state.global.model)) return null;
  const sliders: ControlSliders = {
    weirdnessConstraint: scaled(state.custom.weirdness),
    styleWeight: scaled(state.custom.styleInfluence),
    audioWeight: references.length > 0 ? scaled(state.custom.audioInfluence) : undefined,
  };
  return Object.values(sliders).some((value) => value !== undefined) ? sliders : null;
}

/** The form as a generation request. */
export function assembleGenerationRequest(
  state: CreateFormState,
  projectId: string | null,
): GenerationRequest {
  const conditions = state.global.conditions;
  const references = referencesFromConditions(state);
  const voxEnabled = voxPersonaEnabled(conditions);
  const mumbleMode = state.other.mumbleMode && modelAllowsMumbleMode(state.global.model);
  const chameleon = conditions.untimed.chameleon;
  const custom = state.global.mode !== "simple";
  const vox = conditions.untimed.voxPersona;
  return {
    modelTier: modelTierFromKey(state.global.model),
    modelOverride: state.global.model,
    projectId,
    prompt: promptForm(state, mumbleMode),
    references,
    task: deriveTask(references, { voxPersonaEnabled: voxEnabled }),
    controlSliders: custom ? controlSliders(state, references) : null,
    mumbleMode,
    enablePersonalization: chameleon?.enabled === true,
    personalizationTargetUserId: chameleon?.enabled ? chameleon.targetUserId : null,
    doPersonalizeLyrics: chameleon?.enabled === true && chameleon.personalizeLyrics,
    voxPersonaConfig: vox && conditions.untimed.persona ? { ...VOX_PERSONA_DEFAULTS, ...vox } : null,
    maxMode: custom && state.custom.maxMode,
    vocalGender: custom ? VOCAL_GENDER_CODES[state.custom.vocalGender] : null,
    isRemix:
      conditions.untimed.cover !== undefined ||
      conditions.untimed.reuseStylesLyrics !== undefined ||
      conditions.timed !== null,
    duration: custom ? durationToSend(state.custom.durationSeconds) : null,
    generationType: blank(state.other.generationType) ? DEFAULT_GENERATION_TYPE : state.other.generationType,
  };
}

export interface WireContext {
  readonly transactionUuid: string;
  readonly model: BillingModel;
  readonly session: Session;
  /** The page's path (metadata.web_client_pathname). */
  readonly pathname: string;
  readonly createSessionToken: string | null;
  readonly fromStudioProjectId: string | null;
}

const CONTROL_SLIDER_NAMES = ["weirdness_constraint", "style_weight", "audio_weight"] as const;

/** The wire fields of the references (which clip, which range); the editor's infill and extend use them too. */
export function referenceFields(references: readonly Reference[]): Partial<GenerateBody> {
  const fields: Partial<GenerateBody> = {};
  for (const reference of references) {
    switch (reference.type) {
      case "cover":
        fields.cover_clip_id = reference.clipId;
        break;
      case "persona":
        fields.persona_id = reference.personaId;
        fields.artist_clip_id = reference.clipId;
        fields.artist_start_s = reference.startSeconds;
        fields.artist_end_s = reference.endSeconds;
        break;
      case "playlist":
        fields.playlist_id = reference.playlistId;
        if (reference.playlistClipIds.length > 0) fields.playlist_clip_ids = reference.playlistClipIds;
        break;
      case "sample":
        fields.sample_clip_ids = reference.sampleClipIds;
        break;
      case "underpaint":
        fields.underpainting_clip_id = reference.clipId;
        break;
      case "overpaint":
        fields.overpainting_clip_id = reference.clipId;
        break;
      case "extend":
        fields.continue_clip_id = reference.clipId;
        fields.continue_at = reference.startSeconds;
        break;
      case "infill":
        fields.continue_clip_id = reference.clipId;
        fields.infill_start_s = reference.startSeconds;
        fields.infill_end_s = reference.endSeconds;
        if (reference.startSeconds !== undefined && reference.endSeconds !== undefined) {
          fields.infill_dur_s = reference.endSeconds - reference.startSeconds;
        }
        break;
      case "gen_stem":
      case "stem_condition":
        fields.stem_condition_clip_id = reference.clipId;
        break;
    }
  }
  return fields;
}

/**
 * The wire body, texts cut to the model's limits. It always parses with
 * generateBodySchema: a body that does not is a bug here, so it throws.
 */
export function wireBody(request: GenerationRequest, context: WireContext): GenerateBody {
  const limits = context.model.max_lengths;
  const prompt = request.prompt;
  const sliders = request.controlSliders;
  const texts: Partial<GenerateBody> =
    prompt.kind === "custom"
      ? {
          title: cutText(prompt.title, limits.title),
          tags: cutText(prompt.tags, limits.tags),
          negative_tags:
            prompt.negativeTags === "" ? undefined : cutText(prompt.negativeTags, limits.negative_tags),
          prompt: cutText(prompt.lyrics, limits.prompt),
          // Auto lyrics: the subject the lyrics are written from.
          gpt_description_prompt:
            prompt.lyrics === "" && prompt.lyricsSubject !== ""
              ? cutText(prompt.lyricsSubject, limits.gpt_description_prompt)
              : undefined,
          make_instrumental: prompt.instrumental,
        }
      : {
          gpt_description_prompt: cutText(prompt.prompt, limits.gpt_description_prompt),
          make_instrumental: prompt.instrumental,
        };
  const body: GenerateBody = {
    transaction_uuid: context.transactionUuid,
    project_id: request.projectId,
    mv: request.modelOverride,
    duration: request.duration ?? undefined,
    generation_type: request.generationType,
    task: request.task ?? undefined,
    ...texts,
    ...referenceFields(request.references),
    use_personalization: request.enablePersonalization || undefined,
    personalization_user_uuid: request.personalizationTargetUserId ?? undefined,
    do_personalize_lyrics: request.doPersonalizeLyrics || undefined,
    metadata: {
      web_client_pathname: context.pathname,
      is_max_mode: request.maxMode,
      is_mumble: request.mumbleMode,
      create_mode: prompt.kind === "custom" ? "custom" : "simple",
      user_tier: context.session.userPlanKey,
      from_studio_project_id: context.fromStudioProjectId ?? undefined,
      create_session_token: context.createSessionToken ?? undefined,
      vocal_gender: request.vocalGender ?? undefined,
      is_remix: request.isRemix,
      control_sliders: sliders
        ? {
            weirdness_constraint: sliders.weirdnessConstraint,
            style_weight: sliders.styleWeight,
            audio_weight: sliders.audioWeight,
            can_control_sliders: CONTROL_SLIDER_NAMES.filter(
              (name) => name !== "audio_weight" || request.references.length > 0,
            ),
          }
        : undefined,
      last_lyrics_generation:
        prompt.kind === "custom" ? (prompt.lastLyricsGeneration ?? undefined) : undefined,
      lyrics_model: prompt.lyricsModel,
      forced_infer_config: request.voxPersonaConfig
        ? forcedInferConfigFor(request.voxPersonaConfig)
        : undefined,
    },
  };
  return generateBodySchema.parse(withoutUndefined(body));
}

/** Drops undefined fields so the body sent is what it says (JSON would drop them anyway). */
function withoutUndefined<T extends object>(value: T): T {
  const entries = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([key, field]) => [
      key,
      field !== null && typeof field === "object" && !Array.isArray(field) ? withoutUndefined(field) : field,
    ]);
  return Object.fromEntries(entries) as T;
}
