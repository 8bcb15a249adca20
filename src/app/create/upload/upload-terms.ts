// The upload terms agreement, remembered in this browser with when it was given.

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
