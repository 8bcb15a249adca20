// Asking again and again until an answer is there: the WAV file's address after its conversion.

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first non-null answer of up to `tries` asks, `intervalMs` apart; null when none came. */
export async function pollFor<T>(
  ask: () => Promise<T | null>,
  options: { readonly intervalMs: number; readonly tries: number },
  wait: (ms: number) => Promise<void> = pause,
): Promise<T | null> {
  for (let attempt = 0; attempt < options.tries; attempt += 1) {
    const answer = await ask();
    if (answer !== null) return answer;
    if (attempt + 1 < options.tries) await wait(options.intervalMs);
  }
  return null;
}
