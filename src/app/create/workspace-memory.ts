// The last workspace each user worked in, kept in this browser: /create
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

/** Set once the user has picked a workspace themselves (the has-set-workspace flag). */
export const HAS_SET_WORKSPACE_KEY = "tunesmith:has-set-workspace";

export function hasSetWorkspace(): boolean {
  try {
    return globalThis.localStorage?.getItem(HAS_SET_WORKSPACE_KEY) === "true";
  } catch {
    return false;
  }
}

export function markWorkspaceSet(): void {
  try {
    globalThis.localStorage?.setItem(HAS_SET_WORKSPACE_KEY, "true");
  } catch {
    // Not kept: the hint shows again next time.
  }
}
