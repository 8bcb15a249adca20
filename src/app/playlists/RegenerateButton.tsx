import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../account/api-request.ts";
import { useSignedIn } from "../account/use-signed-in.ts";
import { navigate } from "../router/history-router.ts";
import { showToast } from "../shell/toast-store.ts";
import { regeneratePlaylist } from "./playlist-calls.ts";

const REGENERATE_TOAST_MS = 5000;

/**
 * Regenerate: a new playlist of fresh songs in this one's styles, made for the signed-in listener
 * (a Create's credits); its page opens at once and its songs render there. Hidden when signed out.
 */
export function RegenerateButton({
  playlistId,
  disabled,
}: {
  readonly playlistId: string;
  readonly disabled: boolean;
}) {
  const { t } = useTranslation("playlist");
  const signedIn = useSignedIn()?.user != null;
  const [working, setWorking] = useState(false);
  if (!signedIn) return null;

  const regenerate = async () => {
    setWorking(true);
    try {
      const made = await regeneratePlaylist(playlistId);
      showToast({
        kind: "info",
        title: t("regenerate.started", { name: made.name }),
        durationMs: REGENERATE_TOAST_MS,
      });
      navigate(`/playlist/${encodeURIComponent(made.id)}`);
    } catch (error) {
      showToast({
        kind: "error",
        title: error instanceof ApiError ? error.detail : t("playlistPage.anErrorOccurred"),
        durationMs: REGENERATE_TOAST_MS,
      });
    } finally {
      setWorking(false);
    }
  };

  return (
    <button
      type="button"
      className="player-small-button"
      disabled={disabled || working}
      title={t("regenerate.help")}
      onClick={() => void regenerate()}
    >
      {working ? t("regenerate.working") : t("regenerate.regenerate")}
    </button>
  );
}
