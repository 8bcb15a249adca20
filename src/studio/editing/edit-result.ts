import type { StudioProjectState } from "../../shared/project/index.ts";

/**
 * The outcome of an edit that may be refused for a reason the user should read. A refused or empty
 * edit returns the very state it was given, so `result.state === state` means nothing to commit.
 */
export interface EditResult {
  readonly state: StudioProjectState;
  readonly message: string | null;
}

export const changed = (state: StudioProjectState): EditResult => ({ state, message: null });

export const refused = (state: StudioProjectState, message: string | null = null): EditResult => ({
  state,
  message,
});
