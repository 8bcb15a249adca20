import { useSyncExternalStore } from "react";
import type { SaveStatusSource } from "../../session/studio-session.ts";
import { useSession } from "../studio-context.ts";

const LABELS: Record<string, string> = {
  saved: "Saved",
  saving: "Saving…",
  unsaved: "Unsaved changes",
  offline: "Offline: kept in this browser",
  error: "Not saved",
  locked: "Locked version",
  read_only: "Read-only",
};

const READ_ONLY = { status: "read_only", error: null } as const;

/** Read-only projects save nothing: a constant snapshot (useSyncExternalStore needs the same object). */
const NONE: SaveStatusSource = {
  local: false,
  snapshot: () => READ_ONLY,
  subscribe: () => () => undefined,
};

/** Where the project's changes are: saved, on their way, or kept in this browser. */
export function SaveStatus() {
  const source = useSession().saveStatus ?? NONE;
  const snapshot = useSyncExternalStore(source.subscribe, source.snapshot);
  const label =
    snapshot.status === "saved" && source.local
      ? "Saved locally"
      : (LABELS[snapshot.status] ?? snapshot.status);
  return (
    <output
      className={`save-status save-${snapshot.status}`}
      data-testid="save-status"
      data-status={snapshot.status}
      title={snapshot.error ?? label}
    >
      {label}
    </output>
  );
}
