// The upload terms agreement, remembered in this browser with when it was given, and on the server
// with the version of the terms accepted.

import { legalDocumentSchema } from "../../../shared/api/account.ts";
import { apiRequest, apiSend } from "../../account/api-request.ts";

const KEY = "tunesmith:upload-terms-agreed-at";

export function termsAgreedAt(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function agreeToTerms(now = new Date()): void {
  try {
    globalThis.localStorage?.setItem(KEY, now.toISOString());
  } catch {
    // A browser that keeps nothing asks again next time.
  }
}

/**
 * Records on the server which version of the operator's terms was accepted: the one served now,
 * which the modal's link opens. Best effort: the upload goes on, and a failure is logged.
 */
export async function recordTermsAcceptance(): Promise<void> {
  const terms = await apiRequest("/api/legal/terms", legalDocumentSchema);
  await apiSend("/api/legal/terms/accept", { method: "POST", body: { version: terms.version } });
}
