import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { useAccount } from "../account/session-store.ts";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { showToast } from "../shell/toast-store.ts";
import { unlockPreview } from "./clip-settings-api.ts";

/** A preview: a song that plays only its first seconds until its owner unlocks the full song. */
export const isPreview = (clip: Pick<Clip, "metadata">): boolean => clip.metadata.type === "preview";

/**
 * The owner's Unlock button on a preview song's row: the server makes it a full song, and every
 * list showing it takes the changed song (its polling follows it from there).
 */
export function UnlockPreview({ clip }: { readonly clip: Clip }) {
  // On song rows: waits for its words rather than suspending the page under it.
  const { t, ready } = useTranslation("songMenu", { useSuspense: false });
  const userId = useAccount((state) => state.session?.user?.id ?? null);
  const [busy, setBusy] = useState(false);
  if (!ready || !isPreview(clip) || userId === null || clip.user_id !== userId) return null;
  const unlock = async () => {
    setBusy(true);
    try {
      publishClipChanges([await unlockPreview(clip.id)]);
      showToast({ kind: "success", title: t("unlock.done"), durationMs: 3000 });
    } catch (error) {
      console.warn("Could not unlock the preview", error);
      showToast({ kind: "error", title: t("unlock.failed"), durationMs: 5000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="create-small-button" disabled={busy} onClick={() => void unlock()}>
      {busy ? t("unlock.busy") : t("unlock.button")}
    </button>
  );
}
