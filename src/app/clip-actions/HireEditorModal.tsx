import { useState } from "react";
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
      showToast({ kind: "success", title: "Your request was sent to our editors.", durationMs: SENT_MS });
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.detail : "The request could not be sent, please try again.",
      );
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={`Hire an Editor for ${clip.title || "Untitled"}`}
      testId="hire-editor-modal"
      onClose={onClose}
      confirm={{ label: "Send request", disabled: busy || message.trim() === "", run: () => void send() }}
    >
      <label className="clip-action-field">
        <span>What should the editor do?</span>
        <textarea
          rows={5}
          value={message}
          maxLength={EDITOR_REQUEST_MESSAGE_MAX}
          placeholder="Tighten the intro, fix the mix of the chorus..."
          onChange={(event) => setMessage(event.target.value)}
        />
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
