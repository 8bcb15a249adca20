// The last workspace each user worked in, kept in this browser (spec 000 section 9): /create
// without a wid opens it again, writing it into the address without a new history entry.

const keyFor = (userId: string) => `tunesmith:workspace:${userId}`;

export function rememberedWorkspace(userId: string): string | null {
  try {
    return globalThis.localStorage?.getItem(keyFor(userId)) ?? null;
  } catch {
    return null;
  }
}

export function rememberWorkspace(userId: string, wid: string | null): void {
  try {
    if (wid === null) globalThis.localStorage?.removeItem(keyFor(userId));
    else globalThis.localStorage?.setItem(keyFor(userId), wid);
  } catch {
    // Nothing kept: the default workspace opens next time.
  }
}
