import { useEffect, useRef } from "react";
import { useStore } from "zustand";
import { cancelShownDialog, dialogQueue, type QueuedDialog, runDialogAction } from "./dialog-queue.ts";
import { useModalFocus } from "./modal-focus.ts";

function Dialog({ dialog }: { dialog: QueuedDialog }) {
  const { busy } = dialog;
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const box = useRef<HTMLDivElement>(null);
  useModalFocus(box);
  return (
    <div
      className="dialog-backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && busy === null && cancelShownDialog()}
    >
      <div
        ref={box}
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
              onClick={() => void runDialogAction(dialog.id, index)}
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
      // Swallowed even while an action runs: Escape must not reach the studio's shortcuts.
      event.preventDefault();
      event.stopPropagation();
      cancelShownDialog();
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [shown]);
  return shown === undefined ? null : <Dialog key={shown.id} dialog={shown} />;
}
