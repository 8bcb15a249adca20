// Which words a change of songs' workspace is told in. Songs in no workspace put into one are
// added ('Added clip to workspace' / 'Added N clips to workspace'); songs taken into the default
// workspace from a workspace are removed ('Removed clip from workspace'); songs from another
// workspace are moved ('Moved clips to {name}').

import { DEFAULT_WORKSPACE_ID } from "../api/workspaces.ts";

export type WorkspaceMoveWords =
  | { readonly key: "added"; readonly count: number }
  | { readonly key: "removed" }
  | { readonly key: "moved"; readonly name: string };

/**
 * `sources`: the workspace each song was in (null: none, the default workspace). A selection
 * from several places that reaches a workspace counts as added only when every song was in none.
 */
export function workspaceMoveWords(
  sources: readonly (string | null)[],
  target: { readonly id: string; readonly name: string },
): WorkspaceMoveWords {
  if (target.id === DEFAULT_WORKSPACE_ID) return { key: "removed" };
  if (sources.every((source) => source === null)) return { key: "added", count: sources.length };
  return { key: "moved", name: target.name };
}
