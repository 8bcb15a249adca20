// A read-only project answers an edit with a dialog: someone else's shared
// project asks to be remixed, a locked or saved version to be cloned; either opens the copy.

import type { CreatedProject } from "../../shared/api/studio.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import type { StudioApi } from "../persistence/index.ts";
import type { OpenedStudioProject } from "../session/project-opener.ts";

export const NO_VERSION_TO_CLONE = "No project version ID available for cloning";

export function readOnlyDialog(
  opened: Pick<OpenedStudioProject, "versionId" | "readOnly">,
  api: Pick<StudioApi, "cloneRevision">,
  navigate: (to: string) => void,
  /** The copy exists: runs before the page opens it (to hand it edits the original refused). */
  onCloned?: (copy: CreatedProject) => void,
): () => void {
  return () => {
    const clone = async () => {
      try {
        if (opened.versionId === null) throw new Error(NO_VERSION_TO_CLONE);
        const copy = await api.cloneRevision(opened.versionId);
        onCloned?.(copy);
        navigate(`/studio?initial_project_id=${encodeURIComponent(copy.id)}`);
      } catch (error) {
        // Logged, the busy state cleared (the dialog closes), and said.
        console.error("Failed to clone project", error);
        const noVersion = error instanceof Error && error.message === NO_VERSION_TO_CLONE;
        openDialog({
          title: "Failed to clone project",
          body: noVersion ? NO_VERSION_TO_CLONE : "Please try again later.",
          actions: [{ label: "Close", run: () => undefined }],
        });
      }
    };
    if (opened.readOnly === "shared") {
      openDialog({
        title: "Duplicate project to Remix",
        body: "This project was shared by another user. Duplicate it to your own account to edit it.",
        actions: [
          { label: "Cancel", run: () => undefined },
          { label: "Remix Project", busyLabel: "Remixing project...", kind: "primary", run: clone },
        ],
      });
    } else {
      openDialog({
        title: opened.readOnly === "locked" ? "This version is locked" : "This is a saved version",
        body:
          opened.readOnly === "locked"
            ? "A locked version is read-only. Clone it to keep working on a copy of your own."
            : "A saved version is read-only. Clone it to keep working on a copy of your own.",
        actions: [
          { label: "Cancel", run: () => undefined },
          { label: "Clone Project", busyLabel: "Cloning project...", kind: "primary", run: clone },
        ],
      });
    }
  };
}
