import { useEffect, useRef, useState } from "react";
import { useStore } from "zustand";
import { cancelShownDialog, closeDialog, dialogQueue, type QueuedDialog } from "../dialog-queue.ts";

function Dialog({ dialog }: { dialog: QueuedDialog }) {
  const [busy, setBusy] = useState<number | null>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      className="dialog-backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && busy === null && cancelShownDialog()}
    >
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`dialog-${dialog.id}-title`}
        aria-describedby={`dialog-${dialog.id}-body`}
      >
        <h2 id={`dialog-${dialog.id}-title`}>{dialog.title}</h2>
        <p id={`dialog-${dialog.id}-body`}>{dialog.body}</p>
        <div className="dialog-actions">
          {dialog.actions.map((action, index) => (
            <button
              key={action.label}
              ref={index === dialog.actions.length - 1 ? first : undefined}
              type="button"
              className={action.kind ?? "secondary"}
              disabled={busy !== null}
              onClick={async () => {
                setBusy(index);
                try {
                  await action.run();
                } finally {
                  closeDialog(dialog.id);
                }
              }}
            >
              {busy === index && action.busyLabel ? action.busyLabel : action.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Shows queued dialogs one at a time; Escape cancels the one on screen. */
export function DialogHost() {
  const dialogs = useStore(dialogQueue, (state) => state.dialogs);
  const shown = dialogs[0];
  useEffect(() => {
    if (shown === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      cancelShownDialog();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [shown]);
  return shown === undefined ? null : <Dialog key={shown.id} dialog={shown} />;
}
