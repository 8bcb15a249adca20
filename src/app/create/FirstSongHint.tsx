import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { userEventResponseSchema } from "../../shared/api/notifications.ts";
import { apiRequest } from "../account/api-request.ts";
import { useClips } from "../shell/clips-store.ts";
import "./first-song-hint.css";

const dismissedKey = (userId: string) => `tunesmith:first-song-hint-dismissed:${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(userId)) === "1";
  } catch {
    return false;
  }
}

/**
 * The first-time hint above the create form: shown to a user who has not created a song yet
 * (GET /api/analytics/user-event/), until they make one or close it.
 */
export function FirstSongHint({ userId }: { readonly userId: string }) {
  const { t } = useTranslation("create");
  const [firstTime, setFirstTime] = useState(false);
  const [dismissed, setDismissed] = useState(() => wasDismissed(userId));
  // A song made on this page (an upload is not one) ends the hint at once.
  const madeOne = useClips((state) =>
    state.order.some((id) => state.byId[id]?.clip.metadata.type !== "upload"),
  );

  useEffect(() => {
    if (dismissed) return;
    let current = true;
    apiRequest("/api/analytics/user-event/", userEventResponseSchema)
      .then((answer) => {
        if (current) setFirstTime(!answer.has_created_song);
      })
      .catch((error: unknown) => console.warn("Could not read whether a song was made yet", error));
    return () => {
      current = false;
    };
  }, [dismissed]);

  if (!firstTime || dismissed || madeOne) return null;
  const close = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(dismissedKey(userId), "1");
    } catch {
      // Without storage the hint comes back on the next visit: no harm.
    }
  };
  return (
    <aside
      className="first-song-hint"
      data-testid="first-song-hint"
      aria-label={t("firstSongHint.gettingStarted")}
    >
      <div>
        <strong>{t("firstSongHint.makeYourFirstSong")}</strong>
        <p>{t("firstSongHint.describeTheSongYou")}</p>
      </div>
      <button type="button" className="create-small-button first-song-hint-close" onClick={close}>
        {t("firstSongHint.gotIt")}
      </button>
    </aside>
  );
}
