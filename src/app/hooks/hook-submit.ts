// Sending the hook's form and following its render: the answer's message in the product's words
// for each way it can end, and where the person goes next.

import { LOCKED_DETAIL } from "../../shared/api/account.ts";
import { type CreateHookBody, HOOK_POLL_MS, HOOK_TOASTS } from "../../shared/api/hooks.ts";
import { ApiError } from "../account/api-request.ts";
import { createHook, settledHook } from "./hooks-api.ts";

/** A render still going after this long is reported as failed (the server goes on with it). */
const RENDER_WAIT_MS = 10 * 60_000;

export type HookOutcome =
  | {
      readonly kind: "posted" | "failedModeration" | "processingFailed" | "renderFailed";
      readonly hookId: string;
    }
  | { readonly kind: "refused"; readonly message: string };

/** The toast title of an outcome. */
export const outcomeMessage = (outcome: HookOutcome): string =>
  outcome.kind === "refused" ? outcome.message : HOOK_TOASTS[outcome.kind];

/** Why creating the hook was refused, as the page says it. */
function refusal(error: unknown): string {
  if (error instanceof ApiError)
    return error.status === 423 ? LOCKED_DETAIL : HOOK_TOASTS.exception(error.detail);
  if (error instanceof Error && error.message.startsWith("Unexpected answer"))
    return HOOK_TOASTS.invalidResponse;
  return HOOK_TOASTS.exception(error instanceof Error ? error.message : String(error));
}

/** Creates the hook, then polls it every 2 s until it is posted, refused by moderation or failed. */
export async function submitHook(body: CreateHookBody): Promise<HookOutcome> {
  let hookId: string;
  try {
    ({ id: hookId } = await createHook(body));
  } catch (error) {
    return { kind: "refused", message: refusal(error) };
  }
  const hook = await settledHook(hookId, Math.ceil(RENDER_WAIT_MS / HOOK_POLL_MS)).catch(() => null);
  if (hook === null) return { kind: "renderFailed", hookId };
  if (hook.status === "rendered_passed_moderation") return { kind: "posted", hookId };
  if (hook.status === "rendered_failed_moderation") return { kind: "failedModeration", hookId };
  return { kind: "processingFailed", hookId };
}
