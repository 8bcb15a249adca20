import { useState } from "react";
import { useTranslation } from "react-i18next";
import { recipientHandles, SHARE_RECIPIENTS_MAX } from "../../shared/api/share.ts";
import { ApiError } from "../account/api-request.ts";
import { showToast } from "../shell/toast-store.ts";
import { makeShareLink } from "./share-api.ts";

/**
 * Share with friends' "Send to": handles of people on Tunesmith, each told of the song by a
 * notification. The server checks every handle first; an unknown one tells nobody and says which.
 */
export function SendToPeople({ clipId }: { readonly clipId: string }) {
  const { t } = useTranslation("songMenu");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handles = recipientHandles(text);
  const tooMany = handles.length > SHARE_RECIPIENTS_MAX;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await makeShareLink({
        content_type: "clip",
        content_id: clipId,
        source: "share_with_friends",
        platform: "tunesmith",
        recipient_handles: handles,
      });
      const told = (answer.shared_with ?? handles).map((handle) => `@${handle}`).join(", ");
      showToast({ kind: "success", title: t("share.sentTo", { people: told }), durationMs: 3000 });
      setText("");
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.detail : t("share.sendFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="share-send"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label>
        {t("share.sendToPeople")}
        <input
          value={text}
          placeholder={t("share.handlesHint")}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="share-send-error"
        />
      </label>
      <button type="submit" disabled={busy || handles.length === 0 || tooMany}>
        {busy ? t("share.sending") : t("share.sendToThem")}
      </button>
      <p id="share-send-error" className="error" role={error !== null || tooMany ? "alert" : undefined}>
        {tooMany ? t("share.tooMany", { max: SHARE_RECIPIENTS_MAX }) : error}
      </p>
    </form>
  );
}
