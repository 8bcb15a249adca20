// The generation-start error catalogue (src/shared/create/generation-errors.ts)
// shown on the page: toasts, the simultaneous-generation upsell, the copyright warning.

import type { Session } from "../../shared/api/accounts.ts";
import { ERROR_TOAST_MS, generationErrorOutcome } from "../../shared/create/generation-errors.ts";
import type { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { markOutOfConcurrency } from "../shell/concurrency-store.ts";
import { showToast } from "../shell/toast-store.ts";
import { openConcurrencyUpsell } from "../song-menu/upsells.ts";
import { openCopyrightWarning } from "./copyright-warning.ts";

export function showGenerationError(error: ApiError, session: Session): void {
  const detail = error.body === null ? null : error.detail;
  const outcome = generationErrorOutcome(
    error.status,
    error.body,
    detail,
    session.user ? session.userPlanKey : null,
  );
  if (outcome.kind === "concurrency_upsell") {
    markOutOfConcurrency();
    openConcurrencyUpsell();
  } else if (outcome.kind === "copyright_warning") openCopyrightWarning();
  else {
    showToast(outcome.toast);
    if (outcome.rethrow) console.error(error);
  }
}

/** A failure that is not the API's answer (a bug, a network drop): logged, and the catalogue's system error toast. */
export function showSystemError(error: unknown): void {
  console.error(error);
  showToast({
    kind: "error",
    title: i18n.t("create:generationErrorToasts.anErrorOccurred"),
    description: i18n.t("create:generationErrorToasts.aSystemErrorOccurred"),
    durationMs: ERROR_TOAST_MS,
  });
}
