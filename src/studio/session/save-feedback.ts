// What the page does with the autosave's outcome: a save that fails says
// "Failed to save project" / "Please try again later." once per run of failures; a save the server
// refuses because the version is locked, or because the project is someone else's shared one, turns
// the page read-only and opens the clone (or "Duplicate project to Remix") dialog at once, which
// every later edit opens again.

import type { SaverSnapshot } from "../persistence/project-saver.ts";
import type { StudioController } from "../store/studio-controller.ts";
import type { ReadOnlyReason } from "./project-opener.ts";

export const SAVE_FAILED_TITLE = "Failed to save project";
export const SAVE_FAILED_DESCRIPTION = "Please try again later.";

export interface SaveOutcomes {
  subscribe(listener: (snapshot: SaverSnapshot) => void): () => void;
  snapshot(): SaverSnapshot;
}

/**
 * Follows the saver. `readOnlyDialog` makes the dialog for the reason the server gave and the
 * version the edits were made on (the one to clone). Answers the unsubscribe.
 */
export function attachSaveFeedback(
  saver: SaveOutcomes,
  controller: Pick<StudioController, "toast" | "setReadOnly" | "onReadOnlyEdit">,
  readOnlyDialog: (reason: ReadOnlyReason, versionId: number | null) => () => void,
): () => void {
  let failing = false;
  let stopped = false;
  return saver.subscribe((snapshot) => {
    const { status } = snapshot;
    if (stopped) return;
    if (status === "saved") failing = false;
    if (status === "error" && !failing) {
      // Retries that fail again pass through "saving": one toast until a save gets through.
      failing = true;
      controller.toast({ kind: "error", title: SAVE_FAILED_TITLE, description: SAVE_FAILED_DESCRIPTION });
      return;
    }
    if (status === "locked" || status === "read_only") {
      stopped = true;
      controller.setReadOnly(true);
      const ask = readOnlyDialog(status === "locked" ? "locked" : "shared", snapshot.versionId);
      controller.onReadOnlyEdit = ask;
      ask();
    }
  });
}
