import type { BillingModel } from "../api/billing.ts";
import {
  type Conditions,
  distinctClipIds,
  INSPIRATION_CLIPS_MAX,
  type PersonaCondition,
  SAMPLE_CLIPS_MAX,
  type TimedCondition,
  type UntimedConditionType,
  voxPersonaEnabled,
  withoutUntimed,
  withTimed,
  withUntimed,
} from "./conditions.ts";
import { extendStartSeconds } from "./extend-points.ts";
import type { CreateFormState, CreateMode } from "./form-state.ts";
import { canAdjustSpeed } from "./form-validity.ts";
import { maxLengthsFor, truncateInputs } from "./input-truncation.ts";
import {
  canUseBillingModel,
  modelAllowsMumbleMode,
  modelKeyForTier,
  requiredModelUpgrade,
} from "./model-rules.ts";
import { type FormNotice, type FormNoticeKind, formNotice } from "./notices.ts";
import { referencesFromConditions } from "./request-assembly.ts";
import { deriveTask } from "./task-derivation.ts";
import { VOX_PERSONA_DEFAULTS } from "./vox-persona.ts";

// The form condition rules of spec 000 section 4, each a pure change: the new state and the notices
// it raises. Every change ends with the model rules: a model too old for the conditions is switched
// ('Model changed'), mumble mode leaves models without it, and the texts it will send are cut to the
// model's limits where the change wrote them or moved the model ('Inputs truncated').

export interface RuleContext {
  /** The billing models with can_use (GET /api/billing/info/). */
  readonly models: readonly BillingModel[];
  /** The user's viewable default model (model-rules defaultModelKey). */
  readonly defaultModel: string;
  /** The user may turn the vox persona on: a persona removed for a playlist says so, for longer. */
  readonly voxPersonaAvailable: boolean;
}

export interface RuleResult {
  readonly state: CreateFormState;
  readonly notices: readonly FormNotice[];
}

const COVER_SUFFIX = "(Cover)";
const REMIX_SUFFIX = "(Remix)";

/** The title without a trailing '(Cover)' or '(Remix)'. */
export function titleWithoutRemixSuffix(title: string): string {
  let base = title.trimEnd();
  for (const suffix of [COVER_SUFFIX, REMIX_SUFFIX]) {
    if (base.endsWith(suffix)) base = base.slice(0, -suffix.length).trimEnd();
  }
  return base;
}

const coverTitle = (title: string): string => {
  const base = titleWithoutRemixSuffix(title);
  return base === "" ? COVER_SUFFIX : `${base} ${COVER_SUFFIX}`;
};

const TIMED_REMOVAL_NOTICE: Record<TimedCondition["type"], FormNoticeKind> = {
  underpaint: "remove_painting",
  overpaint: "remove_painting",
  extend: "remove_condition",
  infill: "remove_condition",
};

/** One change to the form, collecting its notices (each kind once). */
class FormChange {
  private readonly raised = new Map<FormNoticeKind, FormNotice>();
  /** The form before this change: texts are cut only where the change wrote them or the model moved. */
  private readonly before: CreateFormState;

  constructor(public state: CreateFormState) {
    this.before = state;
  }

  get conditions(): Conditions {
    return this.state.global.conditions;
  }

  setConditions(conditions: Conditions): void {
    this.state = { ...this.state, global: { ...this.state.global, conditions } };
  }

  patch<K extends "global" | "custom" | "simple" | "adjustSpeed" | "other">(
    part: K,
    values: Partial<CreateFormState[K]>,
  ): void {
    this.state = { ...this.state, [part]: { ...this.state[part], ...values } };
  }

  setMode(mode: CreateMode): void {
    if (this.state.global.mode !== mode) this.patch("global", { mode });
  }

  notify(kind: FormNoticeKind, voxPersonaHint = false): void {
    const earlier = this.raised.get(kind);
    if (!earlier || (voxPersonaHint && !earlier.voxPersonaHint))
      this.raised.set(kind, formNotice(kind, voxPersonaHint));
  }

  removeUntimed(type: Exclude<UntimedConditionType, "persona" | "cover">, notice?: FormNoticeKind): void {
    if (this.conditions.untimed[type] === undefined) return;
    this.setConditions(withoutUntimed(this.conditions, type));
    if (notice) this.notify(notice);
  }

  /** Clearing a persona clears the styles it copied, only if the user left them as they were. */
  removePersona(notice: boolean, voxPersonaHint = false): void {
    const persona = this.conditions.untimed.persona;
    if (!persona) return;
    // The vox persona is the persona's voice: it goes with it.
    this.setConditions(withoutUntimed(withoutUntimed(this.conditions, "persona"), "voxPersona"));
    if (
      this.state.custom.styles === persona.tags &&
      this.state.custom.excludeStyles === persona.negativeTags
    ) {
      this.patch("custom", { styles: "", excludeStyles: "" });
    }
    if (notice) this.notify("remove_persona", voxPersonaHint);
  }

  removeCover(notice: boolean): void {
    if (!this.conditions.untimed.cover) return;
    this.setConditions(withoutUntimed(this.conditions, "cover"));
    this.patch("custom", { title: titleWithoutRemixSuffix(this.state.custom.title) });
    if (notice) this.notify("remove_cover");
  }

  /** Removes the timed condition (only of these types when given), with its notice. */
  removeTimed(types?: readonly TimedCondition["type"][]): void {
    const timed = this.conditions.timed;
    if (!timed || (types && !types.includes(timed.type))) return;
    this.setConditions(withTimed(this.conditions, null));
    this.notify(TIMED_REMOVAL_NOTICE[timed.type]);
  }

  /** A new timed condition replaces the one before; replacing another kind says so. */
  setTimed(timed: TimedCondition): void {
    const before = this.conditions.timed;
    if (before && before.type !== timed.type) this.notify(TIMED_REMOVAL_NOTICE[before.type]);
    this.setConditions(withTimed(this.conditions, timed));
  }

  setModel(model: string): void {
    if (this.state.global.model === model) return;
    this.patch("global", { model });
    this.notify("model_change");
  }

  /** The model rules every change ends with. */
  finish(context: RuleContext): RuleResult {
    const upgrade = requiredModelUpgrade(this.state.global.model, this.conditions);
    if (upgrade) this.setModel(upgrade);
    if (this.state.other.mumbleMode && !modelAllowsMumbleMode(this.state.global.model)) {
      this.patch("other", { mumbleMode: false });
    }
    // The task is read back from the conditions (000 "Persona selection").
    const task = deriveTask(referencesFromConditions(this.state), {
      voxPersonaEnabled: voxPersonaEnabled(this.conditions),
    });
    if (this.state.other.task !== task) this.patch("other", { task });
    const cut = truncateInputs(
      this.before,
      this.state,
      maxLengthsFor(this.state.global.model, context.models),
    );
    this.state = cut.state;
    if (cut.truncated) this.notify("truncate_inputs");
    return { state: this.state, notices: [...this.raised.values()] };
  }
}

/** A persona as picked, with its clip's styles (copied into the form). */
export type PersonaPick = PersonaCondition;

/**
 * Adding a persona removes the inspiration playlist and any vocals or instrumental condition, copies
 * the persona clip's styles (exclude styles on only when it has some), and resets a cover or extend
 * unless the user may use the auk model (which the model rules then switch to). `modelOverride` is
 * the allow-v3-5-override choice (model-rules personaModelOverride).
 */
export function addPersona(
  state: CreateFormState,
  persona: PersonaPick,
  context: RuleContext,
  modelOverride: string | null = null,
): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeTimed(["underpaint", "overpaint"]);
  if (!canUseBillingModel(context.models, modelKeyForTier("V4.5"))) {
    change.removeCover(true);
    change.removeTimed(["extend"]);
  }
  change.setConditions(withUntimed(change.conditions, "persona", persona));
  change.patch("custom", { styles: persona.tags, excludeStyles: persona.negativeTags });
  change.patch("other", { excludeStylesEnabled: persona.negativeTags.trim() !== "" });
  if (modelOverride) change.setModel(modelOverride);
  return change.finish(context);
}

/** The user clears the persona: its styles go only if unchanged. */
export function clearPersona(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removePersona(false);
  return change.finish(context);
}

/**
 * Adding an inspiration playlist removes the timed condition, the inspiration clips and the persona
 * (unless the vox persona is on), and resets cover, styles-and-lyrics reuse and the speed clip and
 * the model to the user's default; an empty title becomes 'Inspired by' and the playlist's name.
 */
export function addPlaylist(
  state: CreateFormState,
  playlist: { readonly playlistId: string; readonly playlistName: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  if (!voxPersonaEnabled(change.conditions)) change.removePersona(true, context.voxPersonaAvailable);
  change.removeCover(true);
  change.removeUntimed("reuseStylesLyrics");
  change.patch("custom", { reusedFromClipId: null });
  change.patch("adjustSpeed", { clipId: null });
  change.setModel(context.defaultModel);
  change.setConditions(withUntimed(change.conditions, "playlist", playlist));
  if (change.state.custom.title.trim() === "") {
    change.patch("custom", { title: `Inspired by ${playlist.playlistName}` });
  }
  return change.finish(context);
}

export function clearPlaylist(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist");
  return change.finish(context);
}

/**
 * Adding a cover removes the timed condition, playlist and inspiration, and sets custom mode, manual
 * lyrics and the '(Cover)' title suffix (in place of a '(Remix)' one).
 */
export function addCover(
  state: CreateFormState,
  cover: { readonly clipId: string; readonly clipTitle: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  change.setConditions(withUntimed(change.conditions, "cover", { clipId: cover.clipId }));
  change.setMode("custom");
  change.patch("custom", { lyricsMode: "manual", title: coverTitle(cover.clipTitle) });
  return change.finish(context);
}

/** The user removes the cover: the title loses its suffix. */
export function clearCover(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeCover(false);
  return change.finish(context);
}

/** A start that differs from the one asked for only by float noise was not moved. */
const moved = (startSeconds: number, requestedSeconds: number): boolean =>
  Math.abs(startSeconds - requestedSeconds) > 1e-6;

export interface ExtendPick {
  readonly clipId: string;
  readonly startSeconds: number;
  readonly isUpload: boolean;
  readonly clipDurationSeconds: number | null;
}

/**
 * Adding an extend (setting a continue clip) removes playlist and inspiration and turns simple mode
 * off; its start is raised to the minimum and rounded to 0.04 s ('"Extend from" updated' when moved).
 */
export function addExtend(state: CreateFormState, extend: ExtendPick, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  const startSeconds = extendStartSeconds(extend.startSeconds, extend.clipDurationSeconds);
  if (moved(startSeconds, extend.startSeconds)) change.notify("extend_from_updated");
  change.setTimed({ type: "extend", clipId: extend.clipId, startSeconds, isUpload: extend.isUpload });
  if (change.state.global.mode === "simple") change.setMode("custom");
  return change.finish(context);
}

/** Moving the extend point keeps the same rounding and minimum. */
export function moveExtendStart(
  state: CreateFormState,
  requestedSeconds: number,
  clipDurationSeconds: number | null,
  context: RuleContext,
): RuleResult {
  const timed = state.global.conditions.timed;
  if (timed?.type !== "extend") return { state, notices: [] };
  const change = new FormChange(state);
  const startSeconds = extendStartSeconds(requestedSeconds, clipDurationSeconds);
  if (moved(startSeconds, requestedSeconds)) change.notify("extend_from_updated");
  change.setTimed({ ...timed, startSeconds });
  return change.finish(context);
}

/** Adding instrumental (underpaint) or vocals (overpaint) removes playlist, inspiration and persona. */
export function addPainting(
  state: CreateFormState,
  painting: { readonly type: "underpaint" | "overpaint"; readonly clipId: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  change.removePersona(true);
  change.setTimed({ type: painting.type, clipId: painting.clipId });
  return change.finish(context);
}

/** The user removes the timed condition. */
export function clearTimedCondition(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.setConditions(withTimed(change.conditions, null));
  return change.finish(context);
}

/** Reusing a clip's styles and lyrics removes the timed condition and the playlist. */
export function reuseStylesAndLyrics(
  state: CreateFormState,
  source: { readonly clipId: string; readonly styles: string; readonly lyrics: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("playlist", "remove_inspiration");
  change.setConditions(withUntimed(change.conditions, "reuseStylesLyrics", { clipId: source.clipId }));
  change.setMode("custom");
  change.patch("custom", { reusedFromClipId: source.clipId, styles: source.styles, lyrics: source.lyrics });
  return change.finish(context);
}

/** Inspiration clips (at most 4 distinct) replace the timed condition; none clears them. */
export function setInspirationClips(
  state: CreateFormState,
  clipIds: readonly string[],
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  const { clipIds: kept } = distinctClipIds(clipIds, INSPIRATION_CLIPS_MAX);
  if (kept.length === 0) {
    change.removeUntimed("inspiration");
    return change.finish(context);
  }
  change.removeTimed();
  change.setConditions(withUntimed(change.conditions, "inspiration", { clipIds: kept }));
  return change.finish(context);
}

/** Sample clips (at most 10 distinct) also clear the timed condition; none clears them. */
export function setSampleClips(
  state: CreateFormState,
  clipIds: readonly string[],
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  const { clipIds: kept } = distinctClipIds(clipIds, SAMPLE_CLIPS_MAX);
  if (kept.length === 0) {
    change.removeUntimed("sample");
    return change.finish(context);
  }
  change.removeTimed();
  change.setConditions(withUntimed(change.conditions, "sample", { clipIds: kept }));
  return change.finish(context);
}

/**
 * Turning simple mode on clears the continue clip; turning it off goes to custom (from simple, and
 * from adjust speed, which both tabs leave). Other modes (chat, the studio's) are left as they are.
 */
export function setSimpleMode(state: CreateFormState, simple: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  if (simple) {
    change.removeTimed(["extend"]);
    change.setMode("simple");
  } else if (change.state.global.mode === "simple" || change.state.global.mode === "adjust_speed") {
    change.setMode("custom");
  }
  return change.finish(context);
}

/** A song as adjust speed needs it. */
export interface SpeedSource {
  readonly id: string;
  readonly title: string;
  readonly metadata: Parameters<typeof canAdjustSpeed>[0]["metadata"];
}

/**
 * Adjust speed on a song: adjust-speed mode with that song, its title for the new one, and the
 * creation form's speed defaults kept as the user left them. Null when the song may not be sped up
 * (uploads and their extends, songs with vocals: 000 section 5), leaving the form as it was.
 */
export function startAdjustSpeed(
  state: CreateFormState,
  clip: SpeedSource,
  context: RuleContext,
): RuleResult | null {
  if (!canAdjustSpeed(clip)) return null;
  const change = new FormChange(state);
  change.setMode("adjust_speed");
  change.patch("adjustSpeed", { clipId: clip.id, title: clip.title });
  return change.finish(context);
}

/** The user picks a model: the model rules may still switch it, cut texts and leave mumble mode. */
export function changeModel(state: CreateFormState, model: string, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.patch("global", { model });
  return change.finish(context);
}

/**
 * The vox persona (the persona's voice, with the spec's defaults gptCfg 2 and diffusionCfg 5): only
 * beside a persona. Turning it off with an inspiration playlist on the form drops the persona, as
 * a playlist keeps a persona only with the vox persona on ('Persona removed').
 */
export function setVoxPersona(state: CreateFormState, enabled: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  if (enabled && change.conditions.untimed.persona) {
    const before = change.conditions.untimed.voxPersona;
    change.setConditions(
      withUntimed(change.conditions, "voxPersona", { ...VOX_PERSONA_DEFAULTS, ...before, enabled: true }),
    );
  } else if (!enabled) {
    change.removeUntimed("voxPersona");
    if (change.conditions.untimed.playlist) change.removePersona(true);
  }
  return change.finish(context);
}

/** Mumble mode only on models that allow it. */
export function setMumbleMode(state: CreateFormState, mumble: boolean, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.patch("other", { mumbleMode: mumble && modelAllowsMumbleMode(state.global.model) });
  return change.finish(context);
}

/**
 * Conditions that arrive together (restored memory, a synced form): extend with a playlist drops the
 * playlist; a playlist with vocals or instrumental drops the playlist and then the timed condition.
 */
export function reconcileConditions(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  const timed = change.conditions.timed;
  if (change.conditions.untimed.playlist && timed) {
    change.removeUntimed("playlist", "remove_inspiration");
    if (timed.type === "underpaint" || timed.type === "overpaint") change.removeTimed();
  }
  return change.finish(context);
}
