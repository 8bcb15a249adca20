import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { SaveStatusSource } from "../../session/studio-session.ts";
import { useSession } from "../studio-context.ts";

/** The statuses with words of their own (`studio:saveStatus.{status}`); any other shows as it is. */
const WORDED = new Set(["saved", "saving", "unsaved", "offline", "error", "locked", "read_only", "live"]);

const READ_ONLY = { status: "read_only", error: null } as const;

const LIVE = { status: "live", error: null } as const;

/** A status that never changes: a constant snapshot (useSyncExternalStore needs the same object). */
const constant = (snapshot: ReturnType<SaveStatusSource["snapshot"]>): SaveStatusSource => ({
  local: false,
  snapshot: () => snapshot,
  subscribe: () => () => undefined,
});

/** Read-only projects save nothing. */
const NONE = constant(READ_ONLY);
/** A member of the project's shared workspace saves nothing either: the live session saves for all. */
const LIVE_SAVES = constant(LIVE);

/** Where the project's changes are: saved, on their way, or kept in this browser. */
export function SaveStatus() {
  const { t } = useTranslation("studio");
  const session = useSession();
  const liveMember = useStore(session.sharing)?.liveMember === true;
  const source = session.saveStatus ?? (liveMember ? LIVE_SAVES : NONE);
  const snapshot = useSyncExternalStore(source.subscribe, source.snapshot);
  const label =
    snapshot.status === "saved" && source.local
      ? t("saveStatus.savedLocally")
      : WORDED.has(snapshot.status)
        ? t(`saveStatus.${snapshot.status}`)
        : snapshot.status;
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
