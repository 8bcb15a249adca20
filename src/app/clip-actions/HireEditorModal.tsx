import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EDITOR_REQUEST_MESSAGE_MAX, editorRequestSchema } from "../../shared/api/clip-actions.ts";
import type { Clip } from "../../shared/api/clips.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { showToast } from "../shell/toast-store.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { openClipActionModal } from "./action-modal-store.ts";

const SENT_MS = 4000;

export const hireEditor = (clip: Clip) => openClipActionModal({ kind: "hireEditor", clip });

/** Hire an Editor: what the editor should do with the song, filed for staff to take up. */
export function HireEditorModal({ clip, onClose }: { readonly clip: Clip; readonly onClose: () => void }) {
  const { t } = useTranslation("songMenu");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest("/api/marketplace/editor-requests", editorRequestSchema, {
        method: "POST",
        body: { clip_id: clip.id, message },
      });
      onClose();
      showToast({ kind: "success", title: t("actions.hireSent"), durationMs: SENT_MS });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.detail : t("actions.hireFailed"));
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={t("actions.hireTitle", { title: clip.title || t("actions.untitled") })}
      testId="hire-editor-modal"
      onClose={onClose}
      confirm={{
        label: t("actions.hireSend"),
        disabled: busy || message.trim() === "",
        run: () => void send(),
      }}
    >
      <label className="clip-action-field">
        <span>{t("actions.hireWhat")}</span>
        <textarea
          rows={5}
          value={message}
          maxLength={EDITOR_REQUEST_MESSAGE_MAX}
          aria-describedby="hire-editor-hint"
          onChange={(event) => setMessage(event.target.value)}
        />
        <small id="hire-editor-hint">{t("actions.hireHint")}</small>
        <small>
          {message.length} / {EDITOR_REQUEST_MESSAGE_MAX}
        </small>
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </ActionDialog>
  );
}
