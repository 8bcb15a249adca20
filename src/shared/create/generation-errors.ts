import type { PlanKey } from "../api/accounts.ts";

// The error catalogue for starting a generation and for lyrics generation, as
// pure mappings to what the page shows.

export interface ErrorToast {
  readonly kind: "info" | "error";
  readonly title: string;
  readonly description: string;
  readonly durationMs: number;
  readonly link?: { readonly href: string; readonly label: string };
}

/** How long toasts without a duration of their own stay. */
export const ERROR_TOAST_MS = 5000;
const WAIT_TOAST_MS = 4000;
const SUPPORT_TOAST_MS = 6000;

export const PAST_DUE_DETAIL = "Subscription past due.";
export const TOO_MANY_RUNNING_JOBS = "Too many running jobs";
export const COPYRIGHT_INFRINGEMENT = "copyright_infringment";

export type GenerationErrorOutcome =
  | { readonly kind: "toast"; readonly toast: ErrorToast; readonly rethrow: boolean }
  /** Basic users at their simultaneous-generation limit: the upsell, and the out-of-concurrency flag. */
  | { readonly kind: "concurrency_upsell" }
  | { readonly kind: "copyright_warning" };

const toast = (toast: ErrorToast, rethrow = false): GenerationErrorOutcome => ({
  kind: "toast",
  toast,
  rethrow,
});

const pleaseWait: ErrorToast = {
  kind: "info",
  title: "Please wait.",
  description: "Please wait for your other generations to finish.",
  durationMs: WAIT_TOAST_MS,
};

/**
 * What a failed generation call shows. `bodyText` is the response body as text (null when it could
 * not be read); `detail` its {detail} when it had one; `plan` the user's (basic or unknown get the
 * upsell where the error calls for one).
 */
export function generationErrorOutcome(
  status: number,
  bodyText: string | null,
  detail: string | null,
  plan: PlanKey | null,
): GenerationErrorOutcome {
  switch (status) {
    case 429:
      if (bodyText === null) {
        return toast({
          kind: "error",
          title: "Generation limit reached",
          description: "Please wait for your other generations to finish or upgrade your account.",
          durationMs: WAIT_TOAST_MS,
        });
      }
      if (bodyText.includes(TOO_MANY_RUNNING_JOBS)) {
        return plan === null || plan === "free" ? { kind: "concurrency_upsell" } : toast(pleaseWait);
      }
      return toast({
        kind: "error",
        title: "Too many requests.",
        description: "Please try again in a few moments.",
        durationMs: ERROR_TOAST_MS,
      });
    case 402:
      if (detail === PAST_DUE_DETAIL) {
        return toast({
          kind: "error",
          title: "Your subscription is past due.",
          description: "Please update your payment method.",
          durationMs: ERROR_TOAST_MS,
          link: { href: "/account?section=subscription", label: "Manage" },
        });
      }
      return toast({
        kind: "error",
        title: "Need at least 10 credits to create.",
        description: "Upgrade your account to get more credits!",
        durationMs: ERROR_TOAST_MS,
        link: { href: "/account?section=credits", label: "Upgrade" },
      });
    case 423:
      return toast({
        kind: "error",
        title: "Your account requires support assistance",
        description: "Please contact support.",
        durationMs: SUPPORT_TOAST_MS,
      });
    case 424:
      if (bodyText?.includes(COPYRIGHT_INFRINGEMENT)) return { kind: "copyright_warning" };
      break;
    case 451:
      return toast({
        kind: "error",
        title: "The lyrics do not meet our content guidelines",
        description: "Please try again with different lyrics.",
        durationMs: SUPPORT_TOAST_MS,
      });
    case 503:
      return toast({
        kind: "error",
        title: "We are seeing elevated usage.",
        description: "Generations are currently disabled. Please try again later.",
        durationMs: ERROR_TOAST_MS,
      });
  }
  return toast(
    {
      kind: "error",
      title: "An error occurred.",
      description: "A system error occurred.",
      durationMs: ERROR_TOAST_MS,
    },
    true,
  );
}

const lyricsWait: ErrorToast = {
  kind: "error",
  title: "Please wait a few seconds.",
  description: "Please wait a few seconds before generating more lyrics.",
  durationMs: WAIT_TOAST_MS,
};

const lyricsGeneric = (durationMs: number): ErrorToast => ({
  kind: "error",
  title: "An error occurred generating lyrics.",
  description: "Something went wrong on our side. Please try again in a moment.",
  durationMs,
});

export type LyricsFailure =
  /** The request failed or answered no id. */
  | { readonly kind: "request_failed" }
  | { readonly kind: "poll_failed" }
  /** The job ended in status error with the server's message. */
  | { readonly kind: "job_error"; readonly message: string };

/** A term the message quotes ("..."): an artist name or producer tag the prompt used. */
const quotedTerm = (message: string): string | null => /["“]([^"”]+)["”]/.exec(message)?.[1] ?? null;

/** The toast for a lyrics-generation failure, the server's message mapped as the spec lists. */
export function lyricsErrorToast(failure: LyricsFailure): ErrorToast {
  if (failure.kind === "request_failed") return lyricsWait;
  if (failure.kind === "poll_failed") return lyricsGeneric(ERROR_TOAST_MS);
  const message = failure.message;
  const lower = message.toLowerCase();
  if (lower.includes("too many requests")) return lyricsWait;
  if (lower.includes("flagged for moderation") || lower.includes("inappropriate material")) {
    return {
      kind: "error",
      title: "Moderation error.",
      description: "This prompt contains language or content flagged as inappropriate.",
      durationMs: WAIT_TOAST_MS,
    };
  }
  const term = quotedTerm(message);
  if (
    term !== null &&
    (lower.includes("artist") || lower.includes("producer") || lower.includes("copyrighted"))
  ) {
    return {
      kind: "error",
      title: "Copyright issue.",
      description: `"${term}" is an artist name or producer tag. Describe genres or vibes instead.`,
      durationMs: WAIT_TOAST_MS,
    };
  }
  if (lower.includes("copyrighted")) {
    return {
      kind: "error",
      title: "Copyright issue.",
      description:
        "Copyrighted material and artist names are not allowed. Try describing genres or vibes instead.",
      durationMs: WAIT_TOAST_MS,
    };
  }
  if (lower.includes("malformed") || lower.includes("unable to generate")) {
    return {
      kind: "error",
      title: "Prompt error.",
      description:
        "Sorry, we're having trouble creating from this prompt. Please adjust your prompt and try again.",
      durationMs: WAIT_TOAST_MS,
    };
  }
  return lyricsGeneric(WAIT_TOAST_MS);
}
