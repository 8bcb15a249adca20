// The generation call's body for a studio generation: the panel's form through the create page's own
// preparation (its checks, the model's can_use, the combination rules that refuse cover and artist
// infill, the wire body), with the rendered context as the infill or extend source and the
// boundaries in seconds of that render. Same call, same credits, same refusals as /create.

import type { GenerateBody } from "../../shared/api/generate.ts";
import { withTimed } from "../../shared/create/conditions.ts";
import type { CreditStanding } from "../../shared/create/form-checks.ts";
import type { CreateFormState } from "../../shared/create/form-state.ts";
import { type GenerationPreparation, prepareGeneration } from "../../shared/create/generation-preparation.ts";
import type { WireContext } from "../../shared/create/request-assembly.ts";
import type { ReplaceMode } from "../../shared/studio-generate/generate-mode.ts";
import { stylesWithTempoAndKey } from "../../shared/studio-generate/project-tempo-key.ts";
import type { GenerationPlan } from "./generation-plan.ts";

/** Seconds as sent: to the millisecond, so float noise does not reach the server's range checks. */
const ms = (value: number) => Math.round(value * 1000) / 1000;

export function studioGenerateBody(
  plan: GenerationPlan,
  renderedClipId: string,
  form: CreateFormState,
  replaceMode: ReplaceMode,
  standing: CreditStanding,
  context: WireContext & { readonly projectId: string | null },
  /** The key the project's songs name, or null. */
  projectKey: string | null,
): GenerationPreparation {
  const { infillStart, infillEnd, contextEnd } = plan.seconds;
  const extend = plan.mode === "extend";
  const timed = extend
    ? { type: "extend" as const, clipId: renderedClipId, startSeconds: ms(contextEnd), isUpload: false }
    : {
        type: "infill" as const,
        clipId: renderedClipId,
        startSeconds: ms(infillStart),
        endSeconds: ms(infillEnd),
      };
  const studioForm: CreateFormState = {
    ...form,
    global: { ...form.global, mode: "custom", conditions: withTimed(form.global.conditions, timed) },
  };
  const prepared = prepareGeneration(studioForm, standing, context);
  if (prepared.kind !== "ready") return prepared;
  const tags = stylesWithTempoAndKey(prepared.body.tags ?? "", plan.tempoBpm, projectKey);
  if (extend) return { ...prepared, body: { ...prepared.body, tags } };
  const body: GenerateBody = {
    ...prepared.body,
    tags,
    task: plan.mode === "replace" && replaceMode === "fixed" ? "fixed_infill" : prepared.body.task,
    infill_context_start_s: 0,
    infill_context_end_s: ms(contextEnd),
  };
  return { ...prepared, body };
}
