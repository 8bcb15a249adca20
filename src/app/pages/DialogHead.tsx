import type { RefObject } from "react";
import "./dialog-head.css";

/** A modal dialog's title with its close button. */
export function DialogHead({
  title,
  dialog,
}: {
  readonly title: string;
  readonly dialog: RefObject<HTMLDialogElement | null>;
}) {
  return (
    <div className="dialog-head">
      <h2>{title}</h2>
      <button type="button" className="secondary" aria-label="Close" onClick={() => dialog.current?.close()}>
        ✕
      </button>
    </div>
  );
}
