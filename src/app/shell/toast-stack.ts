// Which toasts show: at most three at once, so a burst never piles up over the page. When one more
// arrives, the oldest toast that would leave by itself goes first (it was about to); only when every
// older one stays until closed does the oldest of those go. The newcomer always shows, and a toast
// saying again what one on screen says replaces it rather than stacking a copy.

/** At most this many toasts are on screen. */
export const TOASTS_SHOWN_MAX = 3;

interface Stackable {
  readonly kind: string;
  readonly title: string;
  readonly description?: string;
  /** Null: stays until closed. */
  readonly durationMs: number | null;
}

const sameText = (a: Stackable, b: Stackable): boolean =>
  a.kind === b.kind && a.title === b.title && a.description === b.description;

/** The toasts on screen, oldest first, once `added` arrives. */
export function stackToast<T extends Stackable>(shown: readonly T[], added: T, max = TOASTS_SHOWN_MAX): T[] {
  const older = shown.filter((toast) => !sameText(toast, added));
  while (older.length >= max) {
    const timed = older.findIndex((toast) => toast.durationMs !== null);
    older.splice(timed === -1 ? 0 : timed, 1);
  }
  return [...older, added];
}
