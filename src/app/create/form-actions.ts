// The form's changes that have rules: each runs the shared condition rule on the
// store's form and shows the notices it raises as info toasts.

import type { Session } from "../../shared/api/accounts.ts";
import type { BillingModel } from "../../shared/api/billing.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { type Persona, personaSchema } from "../../shared/api/personas.ts";
import * as rules from "../../shared/create/condition-rules.ts";
import type { CreateQuery, RemixType } from "../../shared/create/create-query.ts";
import { defaultContinueAtSeconds } from "../../shared/create/extend-points.ts";
import { type CreateFormState, defaultCreateFormState } from "../../shared/create/form-state.ts";
import { CANNOT_ADJUST_SPEED } from "../../shared/create/form-validity.ts";
import {
  canUseBillingModel,
  defaultModelKey,
  personaModelOverride,
} from "../../shared/create/model-rules.ts";
import { hasPersonaFeature, hasVoxPersona } from "../../shared/song-menu/feature-permissions.ts";
import { songSettings } from "../../shared/song-menu/song-settings.ts";
import { apiRequest } from "../account/api-request.ts";
import { accountStore } from "../account/session-store.ts";
import { i18n } from "../i18n/i18n.ts";
import { withoutParams } from "../routes.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { createFormMemory } from "./form-memory.ts";
import { formStore, setForm } from "./form-store.ts";
import { fetchClip } from "./workspace-clips.ts";

const NO_MODELS: readonly BillingModel[] = [];
/** A remix the song does not allow (toasts stay 2 s to 10 s; errors of this kind 4 s). */
const REMIX_REFUSED_MS = 4000;

export function ruleContext(): rules.RuleContext {
  const { billing, session } = accountStore.getState();
  const models = billing?.models ?? NO_MODELS;
  return {
    models,
    defaultModel: defaultModelKey(models),
    voxPersonaAvailable: session !== null && hasVoxPersona(session),
  };
}

/**
 * Runs a rule on the current form; its notices become toasts. False when the rule refused (returned
 * null), leaving the form as it was.
 */
export function applyRule(
  rule: (state: CreateFormState, context: rules.RuleContext) => rules.RuleResult | null,
): boolean {
  const { form } = formStore.getState();
  if (form === null) return true;
  const result = rule(form, ruleContext());
  if (result === null) return false;
  setForm(result.state);
  for (const notice of result.notices) {
    showToast({
      kind: "info",
      title: notice.title,
      description: notice.voxPersonaHint ? i18n.t("create:formActions.turnOnTheVoice") : undefined,
      durationMs: notice.durationMs,
    });
  }
  return true;
}

export const changeModel = (key: string) =>
  applyRule((state, context) => rules.changeModel(state, key, context));

export const changeMode = (mode: "simple" | "custom") =>
  applyRule((state, context) => rules.setSimpleMode(state, mode === "simple", context));

/** remix_clip with remix_type: the song menu's remix actions arriving on the form. */
async function applyRemix(remix: NonNullable<CreateQuery["remix"]>): Promise<void> {
  const clip = await fetchClip(remix.clipId);
  if (clip === null) {
    showToast({ kind: "error", title: i18n.t("create:formActions.thatSongCouldNot"), durationMs: 4000 });
    return;
  }
  upsertClips([clip]);
  remixClip(clip, remix.type);
}

/** A song's remix action (the song menu's, or remix_type in the address) applied to the form. */
export function remixClip(clip: Clip, type: RemixType): void {
  if (type === "speed") {
    // Refused for uploads, their extends and songs with vocals: the form stays, the reason shows.
    if (!applyRule((state, context) => rules.startAdjustSpeed(state, clip, context))) {
      showToast({ kind: "error", title: CANNOT_ADJUST_SPEED, durationMs: REMIX_REFUSED_MS });
    }
    return;
  }
  const duration = clip.metadata.duration ?? null;
  applyRule((state, context) => {
    switch (type) {
      case "cover":
        return rules.addCover(state, { clipId: clip.id, clipTitle: clip.title }, context);
      case "extend":
        return rules.addExtend(
          state,
          {
            clipId: clip.id,
            startSeconds: duration === null ? 0 : defaultContinueAtSeconds(duration),
            isUpload: clip.metadata.type === "upload",
            clipDurationSeconds: duration,
          },
          context,
        );
      case "reuse":
        return rules.reuseStylesAndLyrics(
          state,
          {
            clipId: clip.id,
            styles: clip.metadata.tags ?? "",
            lyrics: clip.metadata.prompt ?? "",
            settings: songSettings(clip.metadata.configurations),
          },
          context,
        );
      case "add_vocal":
      case "add_instrumental":
        return rules.addPainting(
          state,
          { type: type === "add_vocal" ? "overpaint" : "underpaint", clipId: clip.id },
          context,
        );
    }
  });
}

/** use_persona={clipId}: the persona of that song, made with it or made from it (its root clip). */
async function applyPersonaOf(clipId: string): Promise<void> {
  const clip = await fetchClip(clipId);
  if (clip === null) return;
  const personaId = clip.persona?.id;
  try {
    pickPersona(
      await apiRequest(
        personaId === undefined
          ? `/api/persona/get-persona-by-clip/${encodeURIComponent(clip.id)}/`
          : `/api/persona/get-persona/${personaId}/`,
        personaSchema,
      ),
    );
  } catch (error) {
    console.warn("The persona could not be loaded", error);
  }
}

/** Query parameters that did their job leave the address, so a reload does not apply them twice. */
const ONE_SHOT_PARAMS = ["remix_clip", "remix_type", "use_persona"];

/** The form when the page opens: remembered, else fresh with the newest usable model; then the query. */
export async function startForm(
  session: Session,
  models: readonly BillingModel[],
  query: CreateQuery,
): Promise<void> {
  const remembered = createFormMemory().restore();
  setForm(remembered ?? defaultCreateFormState(defaultModelKey(models)));
  if (remembered !== null) {
    // A remembered model the plan no longer opens falls back to the default; the rules then recheck.
    const usable = canUseBillingModel(models, remembered.global.model);
    applyRule((state, context) =>
      usable
        ? rules.reconcileConditions(state, context)
        : rules.changeModel(state, context.defaultModel, context),
    );
  }
  await applyOneShotQuery(session, query);
}

/**
 * The song menu's remix and persona actions arrive as remix_clip / remix_type / use_persona in the
 * address, when the page opens or while it is open; each is applied once, then leaves the address.
 */
export async function applyOneShotQuery(session: Session, query: CreateQuery): Promise<void> {
  if (query.remix) await applyRemix(query.remix);
  if (query.usePersona && hasPersonaFeature(session)) await applyPersonaOf(query.usePersona);
  const { pathname, search } = window.location;
  const rest = withoutParams(search, ONE_SHOT_PARAMS);
  if (rest !== search) window.history.replaceState(null, "", `${pathname}${rest}`);
}

/** Back to a fresh form, forgetting the remembered one. */
export function resetForm(): void {
  const { billing } = accountStore.getState();
  createFormMemory().reset();
  setForm(defaultCreateFormState(defaultModelKey(billing?.models ?? NO_MODELS)));
}

/** A persona picked in the picker (or from use_persona) goes through the persona rule. */
export function pickPersona(persona: Persona): void {
  const { session, billing } = accountStore.getState();
  const override = session === null ? null : personaModelOverride(session, billing?.models ?? []);
  applyRule((state, context) =>
    rules.addPersona(
      state,
      {
        personaId: persona.id,
        clipId: persona.root_clip_id,
        startSeconds: null,
        endSeconds: null,
        personaName: persona.name,
        personaImageUrl: persona.image_url,
        tags: persona.clip.metadata.tags ?? "",
        negativeTags: persona.clip.metadata.negative_tags ?? "",
      },
      context,
      override,
    ),
  );
}
