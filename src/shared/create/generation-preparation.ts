import type { ModelMaxLengths } from "../api/billing.ts";
import type { GenerateBody } from "../api/generate.ts";
import { voxPersonaEnabled } from "./conditions.ts";
import { type CreditStanding, formCheckProblem } from "./form-checks.ts";
import type { CreateFormState } from "./form-state.ts";
import { canUseBillingModel } from "./model-rules.ts";
import { referenceCombinationProblem } from "./reference-rules.ts";
import {
  assembleGenerationRequest,
  type GenerationRequest,
  type WireContext,
  wireBody,
} from "./request-assembly.ts";

export type GenerationPreparation =
  | { readonly kind: "ready"; readonly request: GenerationRequest; readonly body: GenerateBody }
  /** A form check or combination rule failed: show the message. */
  | { readonly kind: "invalid"; readonly message: string }
  /** The model is not usable on the user's plan: open the upgrade upsell. */
  | { readonly kind: "upsell" };

/**
 * Everything before POST /api/generate/v2/: the form checks in their order, the model's can_use,
 * the reference combination rules, then the wire body.
 */
export function prepareGeneration(
  state: CreateFormState,
  standing: CreditStanding,
  context: WireContext & { readonly projectId: string | null },
): GenerationPreparation {
  const lengths: ModelMaxLengths = context.model.max_lengths;
  const problem = formCheckProblem(state, standing, lengths);
  if (problem) return { kind: "invalid", message: problem };
  if (!canUseBillingModel([context.model], state.global.model)) return { kind: "upsell" };
  const request = assembleGenerationRequest(state, context.projectId);
  const combination = referenceCombinationProblem(request.references, {
    voxPersonaEnabled: voxPersonaEnabled(state.global.conditions),
  });
  if (combination) return { kind: "invalid", message: combination };
  return { kind: "ready", request, body: wireBody(request, context) };
}
