// The Create button: the form checks in order, the model's
// can_use (else the upgrade upsell), then the generation call; the new clips go first in the list
// at once and are followed from there. A failed form check is the form's own inline message; the
// generation call's errors become the catalogue's toasts.

import type { Session } from "../../shared/api/accounts.ts";
import type { BillingInfo, BillingModel } from "../../shared/api/billing.ts";
import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import {
  type AdjustSpeedBody,
  type GenerateBody,
  generateResponseSchema,
} from "../../shared/api/generate.ts";
import { parseCreateQuery } from "../../shared/create/create-query.ts";
import { ADJUST_SPEED_TITLE_MAX, type CreateFormState } from "../../shared/create/form-state.ts";
import { CANNOT_ADJUST_SPEED, canAdjustSpeed } from "../../shared/create/form-validity.ts";
import { type GenerationPreparation, prepareGeneration } from "../../shared/create/generation-preparation.ts";
import { cutText } from "../../shared/create/input-truncation.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { accountStore, refreshBilling } from "../account/session-store.ts";
import { clipsStore, upsertClips } from "../shell/clips-store.ts";
import { clearOutOfConcurrency } from "../shell/concurrency-store.ts";
import { createSessionToken } from "./create-session.ts";
import { formStore } from "./form-store.ts";
import { generatePath } from "./generate-endpoint.ts";
import { showGenerationError, showSystemError } from "./generation-error-toasts.ts";
import { pollNow } from "./generation-updates.ts";
import { openModelUpsell } from "./ModelPicker.tsx";

/** A generation from this page prepared: the user's credit standing, a new transaction, this page's session token. */
export function preparePageGeneration(
  state: CreateFormState,
  model: BillingModel,
  session: Session,
  billing: BillingInfo,
  projectId: string | null,
): GenerationPreparation {
  return prepareGeneration(
    state,
    {
      credits: billing.total_credits_left,
      exempt: session.isStaff || session.flags["skip-paywall"] === true,
    },
    {
      transactionUuid: crypto.randomUUID(),
      model,
      session,
      pathname: window.location.pathname,
      createSessionToken,
      fromStudioProjectId: null,
      projectId,
    },
  );
}

/** Sends a prepared generation; its new clips go first in the list. Answers them. */
export async function sendGeneration(body: GenerateBody): Promise<readonly Clip[]> {
  const answer = await apiRequest(await generatePath(), generateResponseSchema, { body });
  clearOutOfConcurrency();
  upsertClips(answer.clips, { prepend: true });
  return answer.clips;
}

/** Runs the flow; answers the form check's message when one failed, for the form to show under Create. */
export async function startGeneration(): Promise<string | null> {
  const { form } = formStore.getState();
  const { session, billing } = accountStore.getState();
  if (form === null || session === null || billing === null) return null;
  const models = billing.models;
  const model = models.find((candidate) => candidate.external_key === form.global.model);
  if (model === undefined) return null;
  const wid = parseCreateQuery(window.location.search).wid;
  const prepared = preparePageGeneration(form, model, session, billing, wid);
  // A form check's message shows once, under the Create button, not again as a toast.
  if (prepared.kind === "invalid") return prepared.message;
  if (prepared.kind === "upsell") {
    openModelUpsell(model);
    return null;
  }
  try {
    if (form.global.mode === "adjust_speed") {
      const speed = form.adjustSpeed;
      const source = speed.clipId === null ? undefined : clipsStore.getState().byId[speed.clipId]?.clip;
      if (speed.clipId === null) return null;
      if (source !== undefined && !canAdjustSpeed(source)) return CANNOT_ADJUST_SPEED;
      const body: AdjustSpeedBody = {
        clip_id: speed.clipId,
        speed_multiplier: speed.speedMultiplier,
        keep_pitch: speed.keepPitch,
        title: cutText(speed.title.trim(), ADJUST_SPEED_TITLE_MAX) || null,
      };
      const clip = await apiRequest("/api/clips/adjust-speed/", clipSchema, { body });
      upsertClips([clip], { prepend: true });
    } else {
      await sendGeneration(prepared.body);
    }
  } catch (error) {
    if (error instanceof ApiError) showGenerationError(error, session);
    else showSystemError(error);
    return null;
  } finally {
    void refreshBilling();
  }
  void pollNow();
  return null;
}
